/** What a player reads when a transmutation or a gDAO action is refused (spec 2's texts where it has one). */

/** Spec 2 §5 (burn): a missing, zero or malformed amount. */
export const SPECIFY_TOKEN_AMOUNT = 'Specify correct token amount';

/** Spec 2 §5 (burn): more gDAO than held. */
export const NOT_ENOUGH_GDAO = 'You have not enough gDAO tokens';

/** Spec 2 §5 (burn): the chest cannot pay the claim. */
export const NOT_ENOUGH_SUPPLY = 'Not enough gDAO supply';

/** Spec 2 §4/§5 (burn): the operator locked the chest. */
export const SUPPLY_LOCKED = 'gDAO supply is now locked';

/** Transmutation of an eidol below the top level. */
export const TRAIN_LEVEL_REQUIRED = 'Reach level 11 to transmute';

/** Eggs and eggtoplasm are not transmuted here (the egg-transmute screen is another action). */
export const TRAIN_EGGS_REFUSED = 'Cannot Transmute eggs';

/** The attempt came without a published commitment (the first tap prepares it). */
export const TRAIN_NOT_PREPARED = 'Precalculate the transmutation first';

/** A player seed sent as something other than text. */
export const PLAYER_SEED_TYPE = 'The player seed must be text.';

/** A player seed empty or longer than 64 characters. */
export const PLAYER_SEED_LENGTH = 'The player seed must be 1 to 64 characters.';

/** A player seed with a character outside letters, digits, - and _. */
export const PLAYER_SEED_CHARSET = 'The player seed may use only letters, digits, - and _.';

/** Tax box without a Tax Commendation. */
export const NO_TAX_COMMENDATION = 'You have no Tax Commendation';

/** A month of the public distribution that is not 'YYYY-MM' or not published. */
export const DISTRIBUTION_NOT_FOUND = 'Distribution not found.';

/** A player's proof asked for a published month in which they have no leaf. */
export const NO_LEAF_IN_MONTH = 'You have no share in this month.';
