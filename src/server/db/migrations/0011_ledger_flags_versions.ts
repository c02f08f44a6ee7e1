/**
 * Ledger hardening: account flags follow from the owner (the database refuses any others), and entry
 * version counters are 64-bit like the money beside them.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';

// The rule of `flagsOf` (src/server/ledger/assets.ts), frozen here: the issuing system accounts must not
// go positive (2), every other account must not go negative (1).
const expectedFlags = (row = '') =>
  sql.raw(`case when ${row}owner_kind = 'system' and ${row}name in ('genesis', 'chain_custody') then 2 else 1 end`);

/** Ties flags to owner_kind/name; widens the version counters to int64 (PostgreSQL: SQLite's are already). */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table ledger_accounts alter column version type bigint`.execute(db);
    await sql`alter table ledger_entries alter column account_version type bigint`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_flags_follow_owner check (flags = ${expectedFlags()})`.execute(db);
    return;
  }
  // SQLite cannot add a CHECK to an existing table (it would be rebuilt under the foreign keys of the
  // transfers and entries): triggers refuse the same rows, on insert and on any change of the three columns.
  const refuse = sql`select raise(abort, 'CHECK constraint failed: ledger_accounts_flags_follow_owner')`;
  await sql`create trigger ledger_accounts_flags_follow_owner_insert before insert on ledger_accounts
    when new.flags is not (${expectedFlags('new.')}) begin ${refuse}; end`.execute(db);
  await sql`create trigger ledger_accounts_flags_follow_owner_update before update of flags, owner_kind, name on ledger_accounts
    when new.flags is not (${expectedFlags('new.')}) begin ${refuse}; end`.execute(db);
}
