/** What a player reads when a wallet action is refused (spec 2 §5 and §8; the spec's spelling). */

/** Spec 2 §5: the amount is missing, not a number, or not above 0. */
export const SPECIFY_AMOUNT = 'Specify correct amount';

/** Spec 2 §5: an address that is not 0x + 40 hex (or fails its EIP-55 checksum). */
export const SPECIFY_ADDRESS = 'Specify a valid address';

/** Spec 2 §5: the balance of the paid currency does not cover amount plus gas. */
export const INSUFFICIENT = {
  ngls: 'Insufficent ANGLS balance',
  busd: 'Insufficent USDC balance',
  bnb: 'Insufficent BNB balance',
} as const;

/** Spec 2 §5: the pool that pays the received currency cannot. */
export const POOL_LIMIT = { ngls: 'ANGLS pool limit reached', busd: 'USDC pool limit reached', bnb: 'BNB pool limit reached' } as const;

/** Spec 2 §5: melting above the remaining weekly allowance. */
export const WEEKLY_LIMIT_EXCEEDED = 'Weekly limit exceeded';

/** Spec 2 §5: the gas deposit is below 0.001 BNB. */
export const GAS_DEPOSIT_REQUIRED = '0.001 BNB GAS deposit required';

/** Spec 1 §6: wallet actions need start_gas and start_pack; the client routes the player to activation. */
export const INVOKE_MASTERSHIP = 'Invoke Mastership';

/** A currency pair the exchange does not trade (mint, melt and the two swaps only). */
export const UNSUPPORTED_PAIR = 'This exchange is not available';

/** A currency code that is not ngls, busd or bnb. */
export const UNKNOWN_CURRENCY = 'The selected currency is invalid.';

/** A withdrawal to an address that destroys coins (zero, dead, all-f, precompiles). */
export const BURN_ADDRESS_REFUSED = 'This address burns coins: nothing sent there can ever be recovered. Choose another address.';

/** A withdrawal to one of the platform's own contracts or wallets. */
export const PLATFORM_ADDRESS_REFUSED =
  'This is a contract or wallet of the platform itself, not a deposit address: coins sent there would be lost. Choose another address.';

/** A new address in the address book, usable from `when` (UTC). */
export function coolingOffText(when: string): string {
  return `For your safety a new address can receive withdrawals from ${when} UTC (a cooling-off period after its first use), or now with your second factor.`;
}

/** The player's withdrawals are frozen (by the link in a withdrawal mail). */
export const WITHDRAWALS_FROZEN =
  'Withdrawals are frozen on this account. Unfreeze them on the Security screen (Sessions, then Second factor and passkeys).';

/** The rolling 24-hour limit of the player's level would be passed. */
export function dailyLimitText(limit: string, currency: string): string {
  return `Daily withdrawal limit reached: at your level up to ${limit} ${currency} may leave the platform in 24 hours.`;
}

/** A queued withdrawal stopped by the freeze link; everything was returned. */
export const WITHDRAWAL_FROZEN_STOPPED =
  'Withdrawal stopped: withdrawals were frozen from the mail link; the amount and gas were returned.';

/** The freeze link's answer. */
export const FREEZE_DONE = 'Withdrawals are frozen. Log in to unfreeze them when you are safe.';

/** A freeze or unfreeze link that is unknown or used up. */
export const SAFETY_LINK_INVALID = 'This link is not valid (any more).';

/** The unfreeze request without a second factor: the mail was sent. */
export const UNFREEZE_MAIL_SENT = 'We sent you an e-mail: open its link while logged in to unfreeze withdrawals.';

/** Withdrawals unfrozen. */
export const UNFROZEN = 'Withdrawals are unfrozen.';

/** The dev faucet asked again within its period. */
export function faucetWaitText(minutes: number): string {
  return `One test coin gift per hour: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
