/** Opens the configured database (SQLite file by default, PostgreSQL by URL) as one Kysely instance. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { IntegerResultsPlugin } from './integerResultsPlugin';

/** Which SQL engine a `Db` talks to; the few dialect-specific statements branch on it. */
export type DialectName = 'sqlite' | 'postgres';

/** An open database: the query builder, its dialect, and how to close it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite connection (undefined on PostgreSQL), for `BEGIN IMMEDIATE` and pragmas. */
  sqlite: SQLite.Database | undefined;
  close(): Promise<void>;
}

// int8 → BigInt for every pg client in the process; int4 stays number.
pg.types.setTypeParser(20, (v) => BigInt(v));

/** Opens SQLite at `file` with the ledger's durability settings (WAL, synchronous=FULL). */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.defaultSafeIntegers(true);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new IntegerResultsPlugin()],
  });
  return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
}

/** Opens a PostgreSQL pool for `url`. */
export function openPostgres(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart, dropped connection) is emitted on the pool; unhandled, it
  // would end the process. The pool discards that client and the next query gets a fresh one.
  pool.on('error', (err) => console.error(`postgres pool: idle client error: ${err.message}`));
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new IntegerResultsPlugin()],
  });
  return { kysely, dialect: 'postgres', sqlite: undefined, close: () => kysely.destroy() };
}

/** Opens PostgreSQL when `databaseUrl` is set, else the SQLite file `dataDir/aeon.sqlite`. */
export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Db {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openSqlite(path.join(opts.dataDir, 'aeon.sqlite'));
}
