/**
 * Runs one eidol item action as one ledger transaction (its checks, transfers and row writes commit
 * together), once per Idempotency-Key when one was sent, and maps the ledger's last-word refusals (a
 * concurrent action spent the same items first) to the action's text.
 */
import crypto from 'node:crypto';
import type { EidolView } from '../../../shared/api/game';
import { isLedgerError, type Ledger, type LedgerError, type LedgerTx } from '../../ledger/index';
import type { AppError } from '../errors';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';

/** What every action answers (`data`): the eidol after it, plus `paid` (ANGLS decimal) for pop and extract. */
// A type alias, not an interface: the request record stores it, which needs its implicit index signature.
export type ActionResult = {
  oogle: EidolView;
  paid?: string;
};

/**
 * Runs `fn` in one ledger transaction. `fn` gets the operation's id (fixed across the transaction's
 * retries, so a retried run books the same transfer ids); `refusalOf` names the refusal of a transfer the
 * ledger refused for want of balance (by its index in the batch), undefined to let the error through.
 */
export async function runAction(
  ledger: Ledger,
  userId: number,
  ref: RequestRef | undefined,
  fn: (tx: LedgerTx, opId: string) => Promise<ActionResult>,
  refusalOf: (err: LedgerError) => AppError | undefined = () => undefined,
): Promise<RequestOutcome<ActionResult>> {
  const opId = crypto.randomUUID();
  try {
    return await ledger.run((tx) => withOptionalRequestRecord(tx, userId, ref, () => fn(tx, opId)));
  } catch (err) {
    if (isLedgerError(err, 'exceeds_balance')) throw refusalOf(err) ?? err;
    throw err;
  }
}
