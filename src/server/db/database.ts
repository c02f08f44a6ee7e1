/** Opens the configured database (SQLite file by default, PostgreSQL by URL) as one Kysely instance. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import type { Database } from './schema';
import { IntegerResultsPlugin } from './integerResultsPlugin';
import { StoredTextPlugin } from './storedTextPlugin';
import { guardedDialect } from './txScope';
import { withStatementCache } from './statementCache';
import { pgDriver } from './pgDriver';

/** Which SQL engine a `Db` talks to; the few dialect-specific statements branch on it. */
export type DialectName = 'sqlite' | 'postgres';

/** An open database: the query builder, its dialect, and how to close it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite connection (undefined on PostgreSQL), for `BEGIN IMMEDIATE` and pragmas. */
  sqlite: SQLite.Database | undefined;
  /** The PostgreSQL connection URL (undefined on SQLite): the socket bus opens its own LISTEN connection with it. */
  url?: string;
  close(): Promise<void>;
}

/** Thrown when PostgreSQL answers COMMIT with ROLLBACK: a statement failed earlier and nothing was stored. */
export class CommitRolledBackError extends Error {
  constructor() {
    super('COMMIT answered ROLLBACK: a statement of this transaction had failed, so PostgreSQL stored nothing');
    this.name = 'CommitRolledBackError';
  }
}

/** The Kysely instance of a database: refuses its outer handle inside its own transactions (txScope.ts). */
function guardedKysely(dialect: Dialect): Kysely<Database> {
  const ref: { self?: Kysely<Database> } = {};
  ref.self = new Kysely<Database>({
    dialect: guardedDialect(dialect, () => ref.self),
    plugins: [new IntegerResultsPlugin(), new StoredTextPlugin()],
  });
  return ref.self;
}

type QueryFn = (text: unknown, values?: unknown) => Promise<pg.QueryResult>;

/**
 * PostgreSQL answers COMMIT of a transaction in which a statement failed with ROLLBACK, and pg reports
 * that as success. A caller that caught the failure would then believe its writes were stored: this makes
 * such a COMMIT throw, for every transaction of the pool.
 */
function refuseSilentRollbacks(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (text, values) => {
    const result = query(text, values);
    if (typeof text !== 'string' || !/^\s*commit\s*;?\s*$/i.test(text)) return result;
    return result.then((r) => {
      if (r.command === 'ROLLBACK') throw new CommitRolledBackError();
      return r;
    });
  };
}

/** Opens SQLite at `file` with the ledger's durability settings (WAL, synchronous=FULL). */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.defaultSafeIntegers(true);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = guardedKysely(new SqliteDialect({ database: withStatementCache(sqlite) }));
  return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
}

/** Opens a PostgreSQL pool for `url`; `onIdleError` hears errors of idle clients (logged by default). */
export function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (err: Error) => void = (err) => console.error(`postgres pool: idle client error: ${err.message}`),
): Db {
  const pool = new (pgDriver().Pool)({ connectionString: url, max: poolSize });
  // An idle client's error (server restart, dropped connection) is emitted on the pool; unhandled, it
  // would end the process. The pool discards that client and the next query gets a fresh one.
  pool.on('error', onIdleError);
  pool.on('connect', (client) => {
    refuseSilentRollbacks(client);
    // A checked-out client whose session ends between queries (a long-held one: leaderLock.ts) emits
    // 'error' with no query to fail; unheard, that would end the process. Its next query fails instead.
    client.on('error', onIdleError);
  });
  const kysely = guardedKysely(new PostgresDialect({ pool }));
  return { kysely, dialect: 'postgres', sqlite: undefined, url, close: () => kysely.destroy() };
}

/** Opens PostgreSQL when `databaseUrl` is set, else the SQLite file `dataDir/aeon.sqlite`. */
export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Db {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openSqlite(path.join(opts.dataDir, 'aeon.sqlite'));
}
