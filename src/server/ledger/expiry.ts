/** Expiry: pending transfers past their deadline are resolved by an `expire` transfer that releases them. */
import { sql } from 'kysely';
import { isLedgerError } from './errors';
import type { LedgerTx } from './ledgerTx';
import { applyBatch } from './transfer';

/** Id of the transfer that expires pending `pendingId` (fixed, so two sweepers expire it once). */
export const expiryIdOf = (pendingId: string) => `x:${pendingId}`;

/** Expires up to `limit` pending transfers whose deadline has passed at `tx.now`; returns their ids. */
export async function expirePending(tx: LedgerTx, limit = 500): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id from ledger_transfers p
    where p.kind = 'pending' and p.expires_at <= ${tx.now}
      and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)
    order by p.expires_at limit ${limit}`.execute(tx.kysely);
  const expired: string[] = [];
  for (const { id } of rows) {
    try {
      const [r] = await applyBatch(tx, [{ kind: 'expire', id: expiryIdOf(id), pendingId: id }]);
      if (r?.created) expired.push(id);
    } catch (err) {
      // Posted or voided since we listed it: nothing left to release. A refusal writes nothing, so the
      // transaction goes on.
      if (!isLedgerError(err, 'pending_already_resolved')) throw err;
    }
  }
  return expired;
}
