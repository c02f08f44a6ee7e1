/**
 * The ledger's transaction: every transfer runs inside one, and a feature writes its own rows through
 * `tx.kysely` in the same commit. SQLite: one writer (`BEGIN IMMEDIATE` on the one connection Kysely
 * serialises). PostgreSQL: READ COMMITTED plus row locks, retried on deadlock/serialization failures.
 */
import type { Kysely } from 'kysely';
import type { Db, DialectName } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from '../clock';
import { runInTxScope, txStateOf, type TxState } from '../db/txScope';
import { LedgerError } from './errors';
import { sqliteStore } from './sqliteStore';
import { postgresStore } from './postgresStore';
import type { LedgerStore } from './store';

/** A running ledger transaction. */
export interface LedgerTx {
  /** Query builder bound to this transaction: the caller's own rows commit (or roll back) with the transfers. */
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  /** The clock's time when this attempt started: every row of the commit carries it. */
  readonly now: number;
  /** @internal the dialect's storage for transfers. */
  readonly store: LedgerStore;
}

/** How often a transaction is attempted before a transient failure surfaces. */
export const MAX_TX_ATTEMPTS = 8;

// PostgreSQL: serialization failure, deadlock; SQLite: busy/locked (another process held the write lock
// past busy_timeout). Unique violations on transfer ids mean a concurrent twin committed first: a retry
// then finds it and answers idempotently.
const RETRYABLE_PG = new Set(['40001', '40P01']);
const RETRYABLE_SQLITE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT']);
const TRANSFER_UNIQUE = /ledger_transfers_pkey|ledger_transfers_pending_id|ledger_transfers\.(id|pending_id)/;

/** True when a failed attempt may succeed if run again. */
export function isTransient(err: unknown): boolean {
  if (err instanceof LedgerError) return err.code === 'conflict';
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e || typeof e.code !== 'string') return false;
  if (RETRYABLE_PG.has(e.code) || RETRYABLE_SQLITE.has(e.code)) return true;
  if (e.code === '23505') return TRANSFER_UNIQUE.test(e.constraint ?? '');
  if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') return TRANSFER_UNIQUE.test(e.message ?? '');
  return false;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Thrown by `run` when a statement of the callback failed and the callback caught the error and went on:
 * nothing was committed (see README.md, "A failed statement fails the transaction").
 */
export class LedgerTxAbortedError extends Error {
  constructor(cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`ledger transaction rolled back: a statement in it failed (${why}) and the error was caught; nothing was committed`, { cause });
    this.name = 'LedgerTxAbortedError';
  }
}

/**
 * After the callback: the ledger's own failure first (the caller's code refers to it), then any other
 * statement that failed inside. A transient one (deadlock, serialization) is rethrown as is so the attempt
 * is retried.
 */
function refuseFailed(store: { rethrow(): void }, state: TxState): void {
  store.rethrow();
  if (!state.failed) return;
  const { err } = state.failed;
  throw isTransient(err) ? err : new LedgerTxAbortedError(err);
}

/**
 * A store that remembers its first failed statement. A caller that catches a ledger error and carries on
 * must not commit what is left: SQLite's `or rollback` has undone the batch's rows already, and
 * PostgreSQL would answer COMMIT of the aborted transaction with a silent ROLLBACK.
 */
function guarded(store: LedgerStore): LedgerStore & { rethrow(): void } {
  let failed: { err: unknown } | undefined;
  const watch =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await f(...a);
      } catch (err) {
        failed ??= { err };
        throw err;
      }
    };
  return {
    findTransfers: watch(store.findTransfers),
    findResolved: watch(store.findResolved),
    lockAccounts: watch(store.lockAccounts),
    write: watch(store.write),
    anyTransferExists: watch(store.anyTransferExists),
    writeBulk: watch(store.writeBulk),
    rethrow() {
      if (failed) throw failed.err;
    },
  };
}

type Body<T> = (tx: LedgerTx, state: TxState) => Promise<T>;

async function attemptSqlite<T>(db: Db, clock: Clock, fn: Body<T>): Promise<T> {
  const sqlite = db.sqlite!;
  return db.kysely.connection().execute(async (conn) => {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const store = guarded(sqliteStore(sqlite));
      const state: TxState = { failed: undefined };
      const result = await fn({ kysely: conn, dialect: 'sqlite', now: clock.now(), store }, state);
      // SQLite undoes only the failed statement and would commit the rest: refuse, as PostgreSQL does.
      refuseFailed(store, state);
      sqlite.exec('COMMIT');
      return result;
    } catch (err) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
  });
}

async function attemptPostgres<T>(db: Db, clock: Clock, fn: Body<T>): Promise<T> {
  // Behind the check below, the pool itself refuses a COMMIT that PostgreSQL answers with ROLLBACK
  // (database.ts), for a failure this transaction did not see (e.g. through a raw client).
  return db.kysely.transaction().execute(async (trx) => {
    const store = guarded(postgresStore(trx));
    const state: TxState = { failed: undefined };
    const result = await fn({ kysely: trx, dialect: 'postgres', now: clock.now(), store }, state);
    refuseFailed(store, state);
    return result;
  });
}

/**
 * Runs `fn` in one ledger transaction and commits; any throw rolls everything back. Transient failures
 * rerun `fn` from the start (up to MAX_TX_ATTEMPTS), so `fn` must not have effects outside the database.
 * Calling it again from inside `fn` for the same `db` throws (SQLite would wait on itself forever), and
 * so does any query through `db.kysely` there: inside, only `tx.kysely` works. A statement that fails
 * inside fails the whole transaction even when `fn` catches it.
 */
export async function runLedgerTx<T>(db: Db, clock: Clock, fn: (tx: LedgerTx) => Promise<T>): Promise<T> {
  if (txStateOf(db.kysely)) throw new Error('runLedgerTx inside a ledger transaction of the same database: use the tx you were given');
  const body = (tx: LedgerTx, state: TxState) => runInTxScope(db.kysely, state, () => fn(tx));
  for (let attempt = 1; ; attempt++) {
    try {
      return db.dialect === 'sqlite' ? await attemptSqlite(db, clock, body) : await attemptPostgres(db, clock, body);
    } catch (err) {
      if (attempt >= MAX_TX_ATTEMPTS || !isTransient(err)) throw err;
      // Jittered backoff so that the retried twins do not collide again in lockstep.
      await pause(Math.random() * 2 ** Math.min(attempt, 6));
    }
  }
}
