/** The ledger's refusals: each a stable code the caller maps to its own message. */

/** Why the ledger refused a transfer or batch. */
export type LedgerErrorCode =
  | 'invalid_transfer'
  | 'account_not_found'
  | 'asset_mismatch'
  | 'exceeds_balance'
  | 'exceeds_limit'
  | 'exists_with_different_fields'
  | 'pending_not_found'
  | 'pending_already_resolved'
  | 'pending_expired'
  | 'exceeds_pending_amount'
  | 'conflict';

/** A refused transfer: nothing of its batch was applied. `index` is its position in the batch. */
export class LedgerError extends Error {
  override name = 'LedgerError';
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly transferId?: string,
    readonly index?: number,
  ) {
    super(`${code}: ${message}`);
  }
}

/** True for a ledger refusal with one of `codes` (any code when none given). */
export function isLedgerError(err: unknown, ...codes: LedgerErrorCode[]): err is LedgerError {
  return err instanceof LedgerError && (codes.length === 0 || codes.includes(err.code));
}
