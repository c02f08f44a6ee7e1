/**
 * Stage 1 of the two-stage flow: `POST /api/transactions/{id}/commit`. Owner only (another player's id
 * is "not found"), at most once (the row is locked, a committed transaction replays its answer), and all
 * or nothing: the kind's transfers and the status change share one ledger commit. A refusal or a late
 * commit leaves the transaction `fail` with its message, and that answer replays too.
 */
import { isLedgerError, type Ledger, type LedgerTx } from '../../ledger/index';
import type { TransactionView } from '../../../shared/api/transactions';
import { AppError } from '../errors';
import { withOptionalRequestRecord, type RequestRef } from '../requests/requestRecords';
import { encodeStored, type Stored } from '../requests/storedJson';
import { failNewTransaction, TRANSACTION_EXPIRED } from './failTransaction';
import { recordOf, type TransactionRecord } from './transactionRecord';
import { transactionKind } from './transactionKinds';
import { transactionViewOf, type TransactionUpdateListener } from './transactionViews';

/** Answer to a transaction id that does not exist or belongs to someone else (HTTP 404). */
export const TRANSACTION_NOT_FOUND = 'Transaction not found.';

/** What a transaction id can look like (newTransactionId: 22 base64url characters; room for longer ones). */
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** HTTP status of a failed commit, first time and on every replay. */
export const TRANSACTION_FAILED_STATUS = 422;

/** What committing needs: the ledger, and who to tell about status changes (the socket gateway). */
export interface CommitDeps {
  ledger: Ledger;
  onUpdate?: TransactionUpdateListener;
}

/** A successful (or pending) commit: the transaction, its kind's answer, and whether this is a replay. */
export interface CommitOutcome {
  transaction: TransactionView;
  result: Stored | null;
  replayed: boolean;
}

/** One attempt's outcome, stored as the request record's answer when a key was given. */
type Step = { view: TransactionView; result: Stored | null; changed: boolean; credited?: number[] };

/** A refusal by the kind's handler: the commit rolls back, then the transaction fails with `message`. */
class Refused extends Error {}

function refusalOf(err: unknown, record: TransactionRecord): Refused | undefined {
  if (err instanceof AppError && err.status < 500) return new Refused(err.message);
  if (isLedgerError(err) && err.code !== 'conflict') {
    return new Refused(transactionKind(record.kind).ledgerRefusal?.(record, err) ?? `Transaction refused (${err.code}).`);
  }
  return undefined;
}

const stepOf = (record: TransactionRecord, changed: boolean): Step => ({ view: transactionViewOf(record), result: record.result, changed });

async function commitStep(tx: LedgerTx, userId: number, id: string, refusal: string | undefined): Promise<Step> {
  // Owner in the key of the lookup: another player's id reads exactly like an unknown one.
  const row = await tx.kysely
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw new AppError(404, TRANSACTION_NOT_FOUND);
  const record = recordOf(row);
  if (record.status !== 'new') return stepOf(record, false);
  if (refusal !== undefined) return stepOf(await failNewTransaction(tx, record, refusal), true);
  if (record.expiresAt <= tx.now) return stepOf(await failNewTransaction(tx, record, TRANSACTION_EXPIRED), true);

  let done;
  try {
    done = (await transactionKind(record.kind).commit(tx, record)) ?? {};
  } catch (err) {
    throw refusalOf(err, record) ?? err;
  }
  const status = done.status ?? 'success';
  const result = done.result ?? null;
  const updated = await tx.kysely
    .updateTable('transactions')
    .set({ status, result: result === null ? null : encodeStored(result), updated_at: tx.now })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .executeTakeFirst();
  // The row is locked and was `new`: anything else means the lock failed, and the transfers must not stand.
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`transaction ${id} changed under its commit`);
  return { ...stepOf({ ...record, status, result, updatedAt: tx.now }, true), credited: done.credited };
}

/**
 * Commits transaction `id` of `userId`. Throws AppError 404 (unknown or not theirs) or 422 (failed now
 * or earlier, with its message); otherwise answers the outcome, `replayed` when it was committed before.
 * With `request`, the answer is also recorded under the client's key (withRequestRecord).
 */
export async function commitTransaction(deps: CommitDeps, userId: number, id: string, request?: RequestRef): Promise<CommitOutcome> {
  // Anything else cannot exist; PostgreSQL would even refuse a NUL byte with an error instead of no row.
  if (!TRANSACTION_ID.test(id)) throw new AppError(404, TRANSACTION_NOT_FOUND);
  const attempt = (refusal?: string) =>
    deps.ledger.run(async (tx) => {
      const recorded = await withOptionalRequestRecord(tx, userId, request, () => commitStep(tx, userId, id, refusal));
      // A replayed record changed nothing this time, whatever the first run did.
      return recorded.replayed ? { ...recorded.result, changed: false } : recorded.result;
    });
  let step: Step;
  try {
    step = await attempt();
  } catch (err) {
    // The handler's writes rolled back with everything else; record the failure in a commit of its own.
    if (!(err instanceof Refused)) throw err;
    step = await attempt(err.message);
  }
  if (step.changed) {
    deps.onUpdate?.(userId, step.view);
    // The other side of the move refetches its balances too; it never sees the sender's message.
    for (const other of step.credited ?? []) deps.onUpdate?.(other, { ...step.view, type: 'receive', message: null });
  }
  if (step.view.status === 'fail') throw new AppError(TRANSACTION_FAILED_STATUS, step.view.message ?? TRANSACTION_EXPIRED);
  return { transaction: step.view, result: step.result, replayed: !step.changed };
}
