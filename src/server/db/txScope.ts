/**
 * Which database transactions the current async context is inside, and the driver wrapper that enforces
 * it. Inside a ledger transaction, a query through the database's OUTER handle would wait forever on
 * SQLite (the transaction holds the one connection) and on PostgreSQL would silently run and commit
 * apart from it: the wrapped driver refuses to hand out a connection there, so the misuse throws at once.
 * The transaction's own handle already holds its connection and never asks the driver again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';

/** What a running transaction learns from its connection: the first statement that failed in it. */
export interface TxState {
  failed: { err: unknown } | undefined;
  /** False once the callback has returned: work it left behind (a timer, a late promise) is outside again. */
  open?: boolean;
}

// Keyed by the outer Kysely instance of each database whose transaction the context is inside.
const scope = new AsyncLocalStorage<ReadonlyMap<object, TxState>>();

/** The open transaction of `key` in this async context, if any. */
export function txStateOf(key: object): TxState | undefined {
  const state = scope.getStore()?.get(key);
  return state?.open ? state : undefined;
}

/** Runs `fn` as inside a transaction of `key`: its outer handle is refused and failed statements recorded. */
export function runInTxScope<T>(key: object, state: TxState, fn: () => Promise<T>): Promise<T> {
  const inside = new Map(scope.getStore() ?? []).set(key, state);
  state.open = true;
  // The async context outlives the call (timers and promise callbacks created inside keep it), so the
  // state says when the transaction is over.
  return scope.run(inside, async () => {
    try {
      return await fn();
    } finally {
      state.open = false;
    }
  });
}

/** Error of a query issued through the outer handle while that database's ledger transaction is open. */
export class OuterHandleInsideTxError extends Error {
  constructor() {
    super(
      'query through the outer database handle inside a ledger transaction: use tx.kysely (the outer handle would ' +
        'wait forever for the connection on SQLite and run outside the transaction on PostgreSQL)',
    );
    this.name = 'OuterHandleInsideTxError';
  }
}

// Each connection is wrapped once: a failed statement is recorded on the transaction the context is in.
const watched = new WeakSet<DatabaseConnection>();
function watch(conn: DatabaseConnection, key: () => object | undefined): DatabaseConnection {
  if (watched.has(conn)) return conn;
  watched.add(conn);
  const execute = conn.executeQuery.bind(conn);
  conn.executeQuery = async <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> => {
    try {
      return await execute<R>(query);
    } catch (err) {
      const k = key();
      const state = k ? txStateOf(k) : undefined;
      if (state) state.failed ??= { err };
      throw err;
    }
  };
  return conn;
}

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly key: () => object | undefined,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const k = this.key();
    if (k && txStateOf(k)) throw new OuterHandleInsideTxError();
    return watch(await this.inner.acquireConnection(), this.key);
  }
  beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    return this.inner.beginTransaction(c, s);
  }
  commitTransaction(c: DatabaseConnection) {
    return this.inner.commitTransaction(c);
  }
  rollbackTransaction(c: DatabaseConnection) {
    return this.inner.rollbackTransaction(c);
  }
  savepoint(...a: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.inner.savepoint!(...a);
  }
  rollbackToSavepoint(...a: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.inner.rollbackToSavepoint!(...a);
  }
  releaseSavepoint(...a: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.inner.releaseSavepoint!(...a);
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(c);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/**
 * Wraps `dialect` so that the Kysely built on it refuses its outer handle inside its own transactions;
 * `key()` answers that Kysely instance once it exists.
 */
export function guardedDialect(dialect: Dialect, key: () => Kysely<never> | object | undefined): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver(), key),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
