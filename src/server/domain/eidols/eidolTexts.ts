/** What a player reads when an egg, a join or an eidol action is refused (spec 2's texts where it has one). */

/** Spec 2 §5: the player's ANGLS do not cover the egg's price (the spec's spelling). */
export const INSUFFICIENT_ANGLS = 'Insufficent ANGLS balance';

/** Spec 2 §5: the mining pool cannot pay the free egg's hatch value. */
export const POOL_LIMIT_REACHED = 'ANGLS pool limit reached';

/** The free egg needs a confirmed e-mail (one free egg per real mailbox). */
export const CONFIRM_EMAIL_FIRST = 'Confirm your e-mail to grow your free egg';

/** The account already grew its one free egg. */
export const FREE_EGG_TAKEN = 'You have already grown your free egg';

/** Spec 1 §5: an extra eidol only while the eidols owned are fewer than the player's level. */
export const EXTRA_EIDOL_REFUSED = 'Reach a higher level to own another Eidol';

/** `POST /api/oogle/buy` with a type that is not egg1..egg4. */
export const UNKNOWN_EGG_TYPE = 'The selected type is invalid.';

/**
 * A join whose fair claim does not fit what is left of the round's capacity (ECONOMY.md): the largest risk
 * that fits now, with its angle (r × 90°), so the player can choose again at once.
 */
export function capacityFull(maxRisk: string): string {
  if (maxRisk === '0') return 'This Crypto Aeon is full: this Eidol can only wait for the next one (risk 0)';
  const degrees = (Number(maxRisk) * 90).toFixed(1);
  return `This Crypto Aeon has room for this Eidol up to risk ${maxRisk} (${degrees}°)`;
}

/** Spec 2 §4: the round is mining; joins wait for the next one. */
export const ROUND_LOCKED = 'Locked for Aeon Computing';

/** No round is running (the client shows "Starting new Crypto Aeon" and retries). */
export const NO_ROUND = 'Starting new Crypto Aeon';

/** An eidol that is not the player's, or does not exist: the same answer, so ids reveal nothing. */
export const EIDOL_NOT_FOUND = 'Eidol not found.';

/** A player at level −1 has nothing to join with. */
export const NO_EIDOL_YET = 'Grow or buy an Eidol egg first';

/** The player owns no open eidol to join with. */
export const NO_OPEN_EIDOL = 'You have no Eidol to join with';

/** The eidol is busy with a transaction (spec 1 §4: is_locked blocks management). */
export const EIDOL_BUSY = 'Completing transaction...';

/** Confirm Loss closed the eidol: it takes part in nothing any more. */
export const EIDOL_CLOSED = 'This Eidol is gone';

/** Eggtoplasm does not join rounds (ECONOMY.md). */
export const ECTOPLASM_CANNOT_JOIN = 'Eggtoplasm cannot join a Crypto Aeon';

/** An eidol of value 0 has nothing to stake: it can only confirm its loss. */
export const VALUE_ZERO_CANNOT_JOIN = 'This Eidol has no value left: confirm the loss';

/** Confirm Loss on an eidol that still has value. */
export const LOSS_NOT_ZERO = 'Only an Eidol whose value is 0 can confirm its loss';

/** Neither `risk` nor `multiplier` was sent. */
export const RISK_REQUIRED = 'The risk field is required.';

/** A risk that is not a decimal in [0, 1). */
export const RISK_INVALID = 'The risk must be a decimal number from 0 up to, not including, 1.';

/** A multiplier that is not 1 + a risk in [0, 1). */
export const MULTIPLIER_INVALID = 'The multiplier must be a number from 1 up to, not including, 2.';

/** A risk finer than the eidol's precision. */
export function riskTooPrecise(digits: number): string {
  return `The risk may have at most ${digits} decimals.`;
}

/** An `oogle_id` that is not a whole number. */
export const OOGLE_ID_INVALID = 'The oogle id field must be a number.';
