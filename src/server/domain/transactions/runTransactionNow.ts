/**
 * Both stages in one commit, for calls the original client makes as a single approve press (spec 2 §7:
 * `POST /wallet/exchange`, `POST /shop/buy` after the `/wallet/withdraw` fee precalculation): the
 * transaction row is created and its kind's commit applied inside the caller's ledger transaction, so the
 * row, the transfers and the status land together; a refusal (AppError, LedgerError) rolls all of it back.
 */
import type { LedgerTx } from '../../ledger/index';
import type { Stored } from '../requests/storedJson';
import { encodeStored } from '../requests/storedJson';
import { createTransaction, type NewTransaction } from './createTransaction';
import type { TransactionRecord } from './transactionRecord';
import { transactionKind } from './transactionKinds';

/** Creates transaction `input` and commits it at once inside `tx`; answers the committed record. */
export async function runTransactionNow(tx: LedgerTx, input: NewTransaction): Promise<TransactionRecord> {
  const record = await createTransaction(tx, input);
  const done = (await transactionKind(record.kind).commit(tx, record)) ?? {};
  const status = done.status ?? 'success';
  const result: Stored | null = done.result ?? null;
  await tx.kysely
    .updateTable('transactions')
    .set({ status, result: result === null ? null : encodeStored(result), updated_at: tx.now })
    .where('id', '=', record.id)
    .execute();
  return { ...record, status, result };
}
