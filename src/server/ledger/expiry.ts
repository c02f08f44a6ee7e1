/**
 * Expiry: pending transfers past their deadline are resolved by an `expire` transfer that releases them.
 * The sweep reads `ledger_open_pendings` (unresolved pendings only, by deadline), so its cost follows the
 * open reservations and never the history; a backlog is expired in small batches, one transaction each.
 */
import { sql } from 'kysely';
import { isLedgerError } from './errors';
import type { LedgerTx } from './ledgerTx';
import { applyBatch } from './transfer';

/** Pending transfers expired per transaction: a backlog never holds the locks (or the SQLite writer) long. */
export const EXPIRY_BATCH = 50;

/** Id of the transfer that expires pending `pendingId` (fixed, so two sweepers expire it once). */
export const expiryIdOf = (pendingId: string) => `x:${pendingId}`;

/** @internal the sweep's query: the open pendings due at `now`, earliest first (an index range scan). */
export const overduePendings = (now: number, limit: number) => sql<{ transfer_id: string }>`
  select transfer_id from ledger_open_pendings where expires_at <= ${now} order by expires_at, transfer_id limit ${limit}`;

/** Expires up to `limit` pending transfers whose deadline has passed at `tx.now`; returns their ids. */
export async function expirePending(tx: LedgerTx, limit = EXPIRY_BATCH): Promise<string[]> {
  return (await expireDue(tx, limit)).expired;
}

async function expireDue(tx: LedgerTx, limit: number): Promise<{ listed: number; expired: string[] }> {
  const { rows } = await overduePendings(tx.now, limit).execute(tx.kysely);
  const expired: string[] = [];
  for (const { transfer_id: id } of rows) {
    try {
      const [r] = await applyBatch(tx, [{ kind: 'expire', id: expiryIdOf(id), pendingId: id }]);
      if (r?.created) expired.push(id);
    } catch (err) {
      // Posted or voided since we listed it (PostgreSQL reads the list before the locks): nothing left to
      // release. A refusal writes nothing, so the transaction goes on.
      if (!isLedgerError(err, 'pending_already_resolved')) throw err;
    }
  }
  return { listed: rows.length, expired };
}

/** How `expireOverdue` runs one batch: in its own ledger transaction. */
export type RunTx = <T>(fn: (tx: LedgerTx) => Promise<T>) => Promise<T>;

/**
 * Expires every overdue pending transfer, `batchSize` per transaction, until a batch finds fewer than a
 * full batch due. `onBatch` hears each committed batch's expired ids. Returns all expired ids.
 */
export async function expireOverdue(
  run: RunTx,
  opts: { batchSize?: number; onBatch?: (expired: string[]) => void | Promise<void> } = {},
): Promise<string[]> {
  const batchSize = opts.batchSize ?? EXPIRY_BATCH;
  const all: string[] = [];
  for (;;) {
    const { listed, expired } = await run((tx) => expireDue(tx, batchSize));
    if (listed > 0) await opts.onBatch?.(expired);
    all.push(...expired);
    // A full batch that expired nothing made no progress: stop rather than spin (the next sweep retries).
    if (listed < batchSize || expired.length === 0) return all;
  }
}
