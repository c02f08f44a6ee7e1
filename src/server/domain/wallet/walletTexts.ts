/** What a player reads when a wallet action is refused (spec 2 §5 and §8; the spec's spelling). */

/** Spec 2 §5: the amount is missing, not a number, or not above 0. */
export const SPECIFY_AMOUNT = 'Specify correct amount';

/** Spec 2 §5: an address that is not 0x + 40 hex (or fails its EIP-55 checksum). */
export const SPECIFY_ADDRESS = 'Specify a valid address';

/** Spec 2 §5: the balance of the paid currency does not cover amount plus gas. */
export const INSUFFICIENT = { ngls: 'Insufficent ANGLS balance', busd: 'Insufficent USDC balance', bnb: 'Insufficent BNB balance' } as const;

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
