/** PostgreSQL side of bulk posting (bulk.ts): one `unnest` statement per table and chunk. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BulkChunk } from './bulkTypes';

const str = (v: bigint | number) => v.toString();

/** True when any of `ids` is a stored transfer. */
export async function postgresAnyTransferExists(trx: Kysely<Database>, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const { rows } = await sql`select 1 from ledger_transfers where id = any(${[...ids]}::varchar[]) limit 1`.execute(trx);
  return rows.length > 0;
}

/** Writes one bulk chunk in the transaction `trx` (the accounts are locked already). */
export async function postgresWriteBulk(trx: Kysely<Database>, chunk: BulkChunk): Promise<void> {
  const { batchId, now, transfers: t, entries: e, accounts: a } = chunk;
  if (t) {
    await sql`insert into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, code, ref, created_at)
      select id, ${batchId}::varchar, 'posted', debit, credit, asset, amount, code, ref, ${now}::bigint
      from unnest(${t.id}::varchar[], ${t.debit}::int[], ${t.credit}::int[], ${t.asset}::varchar[], ${t.amount.map(str)}::bigint[],
        ${t.code}::varchar[], ${t.ref}::varchar[]) as v(id, debit, credit, asset, amount, code, ref)`.execute(trx);
  }
  if (e) {
    await sql`insert into ledger_entries (account_id, account_version, transfer_id, amount, before_balance, after_balance, created_at)
      select account, version, transfer, amount, before, after, ${now}::bigint
      from unnest(${e.account}::int[], ${e.version}::bigint[], ${e.transfer}::varchar[], ${e.amount.map(str)}::bigint[],
        ${e.before.map(str)}::bigint[], ${e.after.map(str)}::bigint[]) as v(account, version, transfer, amount, before, after)`.execute(
      trx,
    );
  }
  if (a) {
    await sql`update ledger_accounts as a set balance = v.balance, version = v.version
      from unnest(${a.id}::int[], ${a.balance.map(str)}::bigint[], ${a.version}::bigint[]) as v(id, balance, version)
      where a.id = v.id`.execute(trx);
  }
}
