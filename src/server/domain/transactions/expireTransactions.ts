/** The expiry sweep: `new` transactions past their time become `fail`, in bounded batches. */
import type { Ledger } from '../../ledger/index';
import { failNewTransaction, TRANSACTION_EXPIRED } from './failTransaction';
import { recordOf, type TransactionRecord } from './transactionRecord';
import { transactionViewOf, type TransactionUpdateListener } from './transactionViews';

/** Transactions failed per ledger commit: one commit never holds the write lock for long. */
export const EXPIRY_BATCH_SIZE = 100;
/** Batches per sweep; what is left waits for the next sweep. */
export const EXPIRY_MAX_BATCHES = 10;

/** Options of one sweep. */
export interface ExpirySweepOptions {
  batchSize?: number;
  maxBatches?: number;
  onUpdate?: TransactionUpdateListener;
}

/** Fails overdue `new` transactions (releasing their reservations); answers how many. The app's upkeep calls it. */
export async function expireStaleTransactions(ledger: Ledger, opts: ExpirySweepOptions = {}): Promise<number> {
  const batchSize = opts.batchSize ?? EXPIRY_BATCH_SIZE;
  let total = 0;
  for (let batch = 0; batch < (opts.maxBatches ?? EXPIRY_MAX_BATCHES); batch++) {
    const failed = await ledger.run(async (tx) => {
      // Only the partial index of waiting transactions is read. PostgreSQL: rows a commit holds are
      // skipped; that commit decides them itself.
      const rows = await tx.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('status', '=', 'new')
        .where('expires_at', '<=', tx.now)
        .orderBy('expires_at')
        .limit(batchSize)
        .$if(tx.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
        .execute();
      const out: TransactionRecord[] = [];
      for (const row of rows) out.push(await failNewTransaction(tx, recordOf(row), TRANSACTION_EXPIRED));
      return out;
    });
    for (const r of failed) opts.onUpdate?.(r.userId, transactionViewOf(r));
    total += failed.length;
    if (failed.length < batchSize) break;
  }
  return total;
}
