/** An account's history for the API (an eidol's bets and wins, a player's statement), newest first. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One booked change of an account, with the transfer's reason and reference. */
export interface HistoryLine {
  transferId: string;
  /** Signed: positive credits the account. */
  amount: bigint;
  afterBalance: bigint;
  version: number;
  code: string;
  ref: string | null;
  createdAt: number;
}

/** Up to `limit` entries of `accountId` below version `beforeVersion` (pagination), newest first. */
export async function historyOf(
  k: Kysely<Database>,
  accountId: number,
  opts: { limit?: number; beforeVersion?: number } = {},
): Promise<HistoryLine[]> {
  let q = k
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .select(['e.transfer_id', 'e.amount', 'e.after_balance', 'e.account_version', 't.code', 't.ref', 'e.created_at'])
    .where('e.account_id', '=', accountId);
  if (opts.beforeVersion !== undefined) q = q.where('e.account_version', '<', opts.beforeVersion);
  const rows = await q
    .orderBy('e.account_version', 'desc')
    .limit(opts.limit ?? 50)
    .execute();
  return rows.map((r) => ({
    transferId: r.transfer_id,
    amount: r.amount,
    afterBalance: r.after_balance,
    version: r.account_version,
    code: r.code,
    ref: r.ref,
    createdAt: r.created_at,
  }));
}
