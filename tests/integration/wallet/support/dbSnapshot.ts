/**
 * Every row of every table of a test database, as comparable text: a request that should change nothing
 * must leave this equal. Bookkeeping that any request may touch is left out (named below, with why).
 */
import { sql } from 'kysely';
import type { Db } from '../../../../src/server/db/database';

/** Tables every request may touch: sessions (last activity), rate-limit counters, leader leases. */
const CHURN = new Set(['sessions', 'rate_limits', 'leader_locks', 'kysely_migration', 'kysely_migration_lock']);

async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
            db.kysely,
          )
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely))
          .rows;
  return rows
    .map((r) => r.name)
    .filter((n) => !CHURN.has(n))
    .sort();
}

/** Table name → its rows as sorted JSON lines (bigints as decimal text). */
export async function dbSnapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const name of await tableNames(db)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db.kysely)).rows;
    out[name] = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
  }
  return out;
}
