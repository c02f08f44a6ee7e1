/** The spec's exact wallet texts (spec 2 §5, §8; "Insufficent" is the spec's spelling, kept for the wire). */

/** Button / 422 texts of wallet validation, shared by client and server. */
export const WALLET_TEXTS = {
  invalidAddress: 'Specify a valid address',
  badAmount: 'Specify correct amount',
  weeklyLimit: 'Weekly limit exceeded',
  gasDepositRequired: '0.001 BNB GAS deposit required',
  insufficient: {
    ngls: 'Insufficent ANGLS balance',
    bnb: 'Insufficent BNB balance',
    busd: 'Insufficent USDC balance',
    gdao: 'Insufficent gDAO tokens',
  },
  poolLimit: {
    busd: 'USDC pool limit reached',
    ngls: 'ANGLS pool limit reached',
    bnb: 'BNB pool limit reached',
  },
} as const;

/**
 * The server's 422 text for an amount error. Clients written for the original product show "the first
 * amount error with its last character removed" (spec 2 §8: they expect a Laravel-style trailing period),
 * so the server appends one and every client shows the spec's text.
 */
export function serverAmountError(text: string): string {
  return `${text}.`;
}

/** What a client shows for a server's amount error: the first one without its last character (spec 2 §8). */
export function clientAmountError(errors: readonly string[] | undefined): string | undefined {
  const first = errors?.[0];
  return first === undefined ? undefined : first.slice(0, -1);
}
