/** What a player reads when an eidol item action is refused (spec 2 §5's texts where it has one). */

/** Spec 2 §5, extract: no amount, or below 1. */
export const SPECIFY_EXTRACTION = 'Specify extraction amount';
/** Spec 2 §5, extract on an egg. */
export const CANNOT_EXTRACT_EGGS = 'Cannot extract eggs';
/** Spec 2 §5, extract on eggtoplasm. */
export const CANNOT_EXTRACT_ECTO = 'Cannot extract eggtoplasm';
/** Spec 2 §5, extract above the eidol's value. */
export const EXTRACTION_TOO_LARGE = 'Extraction too large';
/** Spec 2 §5, extract above the Extraction Extracts held. */
export const NOT_ENOUGH_EXTRACT = 'Not enough Extract';

/** Spec 2 §5, feed (cookies and apples): no amount, or below 1. */
export const SPECIFY_FEED = 'Specify feed amount';
/** Spec 2 §5, feed above the Golden Cookies held. */
export const NOT_ENOUGH_COOKIES = 'Not enough Golden Cookies';
/** Spec 2 §4, apple feed above the Precision Apples held. */
export const NOT_ENOUGH_APPLES = 'Not enough Precision Apples';
/** Spec 2 §4/§5, feeding an egg. */
export const CANNOT_FEED_EGGS = 'Cannot feed eggs';
/** Spec 2 §4/§5, feeding eggtoplasm. */
export const CANNOT_FEED_ECTO = 'Cannot feed eggtoplasm';
/** Spec 2 §5, feed by a player who owns no open eidol. */
export const NO_EIDOL_TO_FEED = 'You have no Eidol to feed';

/** Spec 2 §5, transmute egg: the target is an egg. */
export const CANNOT_TRANSMUTE_EGGS = 'Cannot Transmute eggs';
/** Spec 2 §5, transmute egg: the target is already an eidol. */
export const CANNOT_TRANSMUTE_EIDOL = 'Cannot Transmute Eidol';
/** Spec 2 §5, transmute egg: experience below next_level_experience. */
export const NOT_ENOUGH_XP = 'Not enough XP';
/** Spec 2 §5, transmute egg without a Tome. */
export const NO_TOME = 'You have no Transmutation Tome';
/** Spec 2 §5, transmute egg by a player who owns no open eidol. */
export const NO_ECTO_TO_TRANSMUTE = 'You have no Ectoplasm to Transmute';

/** Spec 2 §4, enchant without a jar. */
export const NO_ECTOPLASM_JAR = 'You have no Eggtoplasm';
/** Spec 2 §4, enchant below 13 gDAO. */
export const NOT_ENOUGH_GDAO = 'You have not enough gDAO tokens';

/** Pop on an egg (the spec offers Pop only for a non-egg; no text of its own). */
export const CANNOT_POP_EGGS = 'Cannot pop eggs';
/** Pop on eggtoplasm. */
export const CANNOT_POP_ECTO = 'Cannot pop eggtoplasm';
/** Pop of an eidol of value 0 (the spec offers Confirm Loss instead). */
export const NOTHING_TO_POP = 'This Eidol has no value left: confirm the loss';
/** Pop by a player who owns no open eidol. */
export const NO_EIDOL_TO_POP = 'You have no Eidol to pop';

/** Golden Cookie backing short of what the cookies promise: a bookkeeping fault, never the player's. */
export const COOKIE_BACKING_SHORT = 'Golden Cookies cannot be fed right now';
