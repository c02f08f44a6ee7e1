/** Moving a `new` transaction to `fail`: its kind releases what it reserved, in the same commit. */
import type { LedgerTx } from '../../ledger/index';
import { findTransactionKind } from './transactionKinds';
import type { TransactionRecord } from './transactionRecord';

/** The failure text of a transaction whose commit came too late. */
export const TRANSACTION_EXPIRED = 'This transaction has expired. Precalculate it again.';

/** Marks `record` (read under the commit's lock, status `new`) failed with `message`; answers the new record. */
export async function failNewTransaction(tx: LedgerTx, record: TransactionRecord, message: string): Promise<TransactionRecord> {
  await findTransactionKind(record.kind)?.release?.(tx, record);
  // The varchar(255) column: a long refusal text is cut rather than refused by the database.
  const text = message.slice(0, 255);
  await tx.kysely
    .updateTable('transactions')
    .set({ status: 'fail', message: text, updated_at: tx.now })
    .where('id', '=', record.id)
    .where('status', '=', 'new')
    .execute();
  return { ...record, status: 'fail', message: text, updatedAt: tx.now };
}
