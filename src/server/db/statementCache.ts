/**
 * Prepared statements kept per SQL text for Kysely's SQLite driver. The driver prepares every query anew
 * (`db.prepare(sql)` per call), and compiling the SQL costs more than running most of our short queries:
 * on the join path it was a tenth of the server's CPU. A statement is reusable once it has run; one still
 * being iterated (a streamed query) is busy, so a query meeting it gets a fresh, uncached one. SQLite
 * re-prepares a kept statement by itself after a schema change (migrations), so none goes stale.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept; past it the cache starts over (texts with variable `in (?, ?, …)` lists vary). */
export const STATEMENT_CACHE_SIZE = 1000;

/** `db` as Kysely's SqliteDialect sees it, its `prepare` answering a kept statement per SQL text. */
export function withStatementCache(db: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      db.close();
    },
    prepare: (sql: string) => {
      const hit = kept.get(sql);
      if (hit && !hit.busy) return hit;
      const stmt = db.prepare(sql);
      if (hit) return stmt;
      if (kept.size >= STATEMENT_CACHE_SIZE) kept.clear();
      kept.set(sql, stmt);
      return stmt;
    },
  };
}
