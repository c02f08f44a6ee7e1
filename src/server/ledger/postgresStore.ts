/**
 * PostgreSQL storage: one round trip per step, whole batches through `unnest` arrays, accounts locked
 * with `select … order by id for update` (rows are locked in that order, so two batches never deadlock).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BatchPlan } from './engine';
import type { LedgerStore } from './store';
import { openPendingChanges } from './openPendings';
import { postgresAnyTransferExists, postgresWriteBulk } from './bulkPostgres';
import { toAccount, toTransfer, type AccountRow, type TransferRow } from './rows';
import type { Account, Transfer } from './types';

const str = (v: bigint | number | null) => (v === null ? null : v.toString());

/** The PostgreSQL store for a transaction handle `trx`. */
export function postgresStore(trx: Kysely<Database>): LedgerStore {
  return {
    async findTransfers(ids) {
      const out = new Map<string, Transfer>();
      if (ids.length === 0) return out;
      const { rows } = await sql<TransferRow>`select * from ledger_transfers where id = any(${[...ids]}::varchar[])`.execute(trx);
      for (const r of rows) out.set(r.id, toTransfer(r));
      return out;
    },
    async findResolved(pendingIds) {
      if (pendingIds.length === 0) return new Set();
      const { rows } = await sql<{ pending_id: string }>`
        select pending_id from ledger_transfers where pending_id = any(${[...pendingIds]}::varchar[])`.execute(trx);
      return new Set(rows.map((r) => r.pending_id));
    },
    async lockAccounts(ids) {
      const out = new Map<number, Account>();
      if (ids.length === 0) return out;
      const { rows } = await sql<AccountRow>`
        select id, asset, owner_kind, owner_id, name, flags, balance, debits_pending, credits_pending, version
        from ledger_accounts where id = any(${[...ids]}::int[]) order by id for update`.execute(trx);
      for (const r of rows) out.set(Number(r.id), toAccount(r));
      return out;
    },
    async write(plan: BatchPlan) {
      const { transfers: t, entries: e, accounts: a } = plan;
      const { opened, closed } = openPendingChanges(plan);
      // One statement, one round trip: data-modifying CTEs insert transfers and entries and keep the open
      // pendings, the main statement updates the (already locked) accounts. Empty arrays change nothing.
      await sql`
        with new_transfers as (
          insert into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, pending_id,
            timeout_ms, expires_at, code, ref, created_at)
          select * from unnest(${t.map((x) => x.id)}::varchar[], ${t.map((x) => x.batchId)}::varchar[],
            ${t.map((x) => x.kind)}::varchar[], ${t.map((x) => x.debit)}::int[], ${t.map((x) => x.credit)}::int[],
            ${t.map((x) => x.asset)}::varchar[], ${t.map((x) => str(x.amount))}::bigint[],
            ${t.map((x) => x.pendingId)}::varchar[], ${t.map((x) => str(x.timeoutMs))}::bigint[],
            ${t.map((x) => str(x.expiresAt))}::bigint[], ${t.map((x) => x.code)}::varchar[],
            ${t.map((x) => x.ref)}::varchar[], ${t.map((x) => str(x.createdAt))}::bigint[])
        ), new_entries as (
          insert into ledger_entries (account_id, account_version, transfer_id, amount, before_balance, after_balance, created_at)
          select * from unnest(${e.map((x) => x.accountId)}::int[], ${e.map((x) => x.accountVersion)}::bigint[],
            ${e.map((x) => x.transferId)}::varchar[], ${e.map((x) => str(x.amount))}::bigint[],
            ${e.map((x) => str(x.beforeBalance))}::bigint[], ${e.map((x) => str(x.afterBalance))}::bigint[],
            ${e.map((x) => str(x.createdAt))}::bigint[])
        ), opened as (
          insert into ledger_open_pendings (transfer_id, expires_at)
          select * from unnest(${opened.map((x) => x.id)}::varchar[], ${opened.map((x) => str(x.expiresAt))}::bigint[])
        ), closed as (
          delete from ledger_open_pendings where transfer_id = any(${closed}::varchar[])
        )
        update ledger_accounts as a set balance = v.balance, debits_pending = v.debits_pending,
          credits_pending = v.credits_pending, version = v.version
        from unnest(${a.map((x) => x.id)}::int[], ${a.map((x) => str(x.balance))}::bigint[],
          ${a.map((x) => str(x.debitsPending))}::bigint[], ${a.map((x) => str(x.creditsPending))}::bigint[],
          ${a.map((x) => x.version)}::bigint[]) as v(id, balance, debits_pending, credits_pending, version)
        where a.id = v.id`.execute(trx);
    },
    anyTransferExists: (ids) => postgresAnyTransferExists(trx, ids),
    writeBulk: (chunk) => postgresWriteBulk(trx, chunk),
  };
}
