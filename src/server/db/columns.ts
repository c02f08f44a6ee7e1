/** Column helpers that hide the two dialects' differences inside migrations. */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from './database';

/** Adds an auto-incrementing integer primary key `id`. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The SQL type of 64-bit integers (money, epoch-millisecond times). */
export const int64 = 'bigint' as const;

/** Current epoch milliseconds as the database computes it (for defaults only; code passes the clock's time). */
export function nowMs(dialect: DialectName) {
  return dialect === 'postgres' ? sql<number>`(extract(epoch from now()) * 1000)::bigint` : sql<number>`(unixepoch('subsec') * 1000)`;
}

/** Type of the handle a migration receives: untyped, because migrations predate the schema they build. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;
