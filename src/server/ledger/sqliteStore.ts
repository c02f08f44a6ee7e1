/**
 * SQLite storage through better-sqlite3's prepared statements, on the connection the ledger transaction
 * holds (`BEGIN IMMEDIATE` already took the one write lock, so reads here are what the commit will see).
 * Rows are read and written CHUNK at a time: one statement per chunk costs far less than one per row.
 */
import type SQLite from 'better-sqlite3';
import type { BatchPlan } from './engine';
import type { LedgerStore } from './store';
import { paceCheckpoints } from './walPacing';
import { sqliteAnyTransferExists, sqliteWriteBulk } from './bulkSqlite';
import { openPendingChanges } from './openPendings';
import { toTransfer, type TransferRow } from './rows';
import type { Account, Entry, Transfer } from './types';

const CHUNK = 32;
const TRANSFER_COLUMNS =
  'id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, pending_id, timeout_ms, expires_at, code, ref, created_at';
const ENTRY_COLUMNS = 'account_id, account_version, transfer_id, amount, before_balance, after_balance, created_at';

type Params = (string | number | bigint | null)[];

type Pair<R = unknown> = [SQLite.Statement<Params, R>, SQLite.Statement<Params, R>];

interface Statements {
  transfers: Pair<TransferRow>;
  resolved: Pair<{ pending_id: string }>;
  accounts: Pair<AccountTuple>;
  insertTransfers: Pair;
  insertEntries: Pair;
  updateAccounts: Pair;
  insertOpen: Pair;
  deleteOpen: Pair;
}

const cache = new WeakMap<SQLite.Database, Statements>();

/** One statement for a single row and one for CHUNK rows; `sql(n)` writes the statement for n rows. */
function pair<R>(sqlite: SQLite.Database, sql: (n: number) => string): Pair<R> {
  return [sqlite.prepare<Params, R>(sql(1)), sqlite.prepare<Params, R>(sql(CHUNK))];
}

// Account rows as arrays: a batch reads up to one row per account, and better-sqlite3 builds an array
// markedly faster than an object with ten named properties.
type AccountTuple = [bigint, string, Account['ownerKind'], bigint, string, bigint, bigint, bigint, bigint, bigint];
const raw = <R>([one, many]: Pair<unknown>) => [one.raw(true), many.raw(true)] as unknown as Pair<R>;
const tupleToAccount = ([
  id,
  asset,
  ownerKind,
  ownerId,
  name,
  flags,
  balance,
  debitsPending,
  creditsPending,
  version,
]: AccountTuple): Account => ({
  id: Number(id),
  asset,
  ownerKind,
  ownerId: Number(ownerId),
  name,
  flags: Number(flags),
  balance,
  debitsPending,
  creditsPending,
  version: Number(version),
});

const marks = (n: number, width: number) => {
  const row = width === 1 ? '?' : `(${Array.from({ length: width }, () => '?').join(', ')})`;
  return Array.from({ length: n }, () => row).join(', ');
};
const width = (columns: string) => columns.split(',').length;

function statements(sqlite: SQLite.Database): Statements {
  let s = cache.get(sqlite);
  if (!s) {
    // Writes use `or rollback`: a refused row ends the whole transaction, as the ledger wants anyway
    // (write() makes sure it never commits). With the default `abort`, every multi-row statement keeps a
    // statement journal (a copy of each page it touches, in a temp file) to be able to undo just itself.
    s = {
      transfers: pair(sqlite, (n) => `select * from ledger_transfers where id in (${marks(n, 1)})`),
      resolved: pair(sqlite, (n) => `select pending_id from ledger_transfers where pending_id in (${marks(n, 1)})`),
      accounts: raw(
        pair(
          sqlite,
          (n) => `select id, asset, owner_kind, owner_id, name, flags, balance, debits_pending, credits_pending, version
        from ledger_accounts where id in (${marks(n, 1)})`,
        ),
      ),
      insertTransfers: pair(
        sqlite,
        (n) => `insert or rollback into ledger_transfers (${TRANSFER_COLUMNS}) values ${marks(n, width(TRANSFER_COLUMNS))}`,
      ),
      insertEntries: pair(
        sqlite,
        (n) => `insert or rollback into ledger_entries (${ENTRY_COLUMNS}) values ${marks(n, width(ENTRY_COLUMNS))}`,
      ),
      updateAccounts: pair(
        sqlite,
        (n) => `update or rollback ledger_accounts set balance = v.column2, debits_pending = v.column3,
        credits_pending = v.column4, version = v.column5 from (values ${marks(n, 5)}) as v where ledger_accounts.id = v.column1`,
      ),
      insertOpen: pair(sqlite, (n) => `insert or rollback into ledger_open_pendings (transfer_id, expires_at) values ${marks(n, 2)}`),
      deleteOpen: pair(sqlite, (n) => `delete from ledger_open_pendings where transfer_id in (${marks(n, 1)})`),
    };
    cache.set(sqlite, s);
  }
  return s;
}

/** Runs `pair` over `rows`, CHUNK rows per statement, collecting what the statements return. */
function each<T, R>(rows: readonly T[], [one, many]: Pair<R>, params: (r: T, out: Params) => void, read = false): R[] {
  const results: R[] = [];
  const run = (stmt: SQLite.Statement<Params, R>, out: Params) => {
    if (read) results.push(...stmt.all(...out));
    else stmt.run(...out);
  };
  let i = 0;
  for (; i + CHUNK <= rows.length; i += CHUNK) {
    const out: Params = [];
    for (let j = i; j < i + CHUNK; j++) params(rows[j]!, out);
    run(many, out);
  }
  for (; i < rows.length; i++) {
    const out: Params = [];
    params(rows[i]!, out);
    run(one, out);
  }
  return results;
}

const key = (k: string | number, out: Params) => {
  out.push(k);
};
const transferParams = (t: Transfer, out: Params) => {
  out.push(
    t.id,
    t.batchId,
    t.kind,
    t.debit,
    t.credit,
    t.asset,
    t.amount,
    t.pendingId,
    t.timeoutMs,
    t.expiresAt,
    t.code,
    t.ref,
    t.createdAt,
  );
};
const entryParams = (e: Entry, out: Params) => {
  out.push(e.accountId, e.accountVersion, e.transferId, e.amount, e.beforeBalance, e.afterBalance, e.createdAt);
};

const byId = (a: Transfer, b: Transfer) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byAccountVersion = (a: Entry, b: Entry) => a.accountId - b.accountId || a.accountVersion - b.accountVersion;

/** The SQLite store for a transaction on `sqlite`. */
export function sqliteStore(sqlite: SQLite.Database): LedgerStore {
  const s = statements(sqlite);
  return {
    async findTransfers(ids) {
      return new Map(each(ids, s.transfers, key, true).map((r) => [r.id, toTransfer(r)]));
    },
    async findResolved(pendingIds) {
      return new Set(each(pendingIds, s.resolved, key, true).map((r) => r.pending_id));
    },
    async lockAccounts(ids) {
      // BEGIN IMMEDIATE already holds the database's write lock: reading is locking.
      return new Map(each(ids, s.accounts, key, true).map((r) => [Number(r[0]), tupleToAccount(r)]));
    },
    async write(plan: BatchPlan) {
      paceCheckpoints(sqlite, plan.entries.length);
      // Inserted in key order: consecutive rows land on the same B-tree leaf instead of each seeking a
      // random page (entries of one account are contiguous in the primary key; the order of rows within
      // one commit means nothing). Measured ~40 % faster for batches of 8,000.
      try {
        each([...plan.transfers].sort(byId), s.insertTransfers, transferParams);
        each([...plan.entries].sort(byAccountVersion), s.insertEntries, entryParams);
        each(plan.accounts, s.updateAccounts, (a, out) => out.push(a.id, a.balance, a.debitsPending, a.creditsPending, a.version));
        const { opened, closed } = openPendingChanges(plan);
        each(opened, s.insertOpen, (p, out) => out.push(p.id, p.expiresAt));
        each(closed, s.deleteOpen, key);
      } catch (err) {
        // `or rollback` may have ended the transaction already: reopen one so that nothing the caller runs
        // after catching this can autocommit (runLedgerTx then rolls it back: see `guarded`).
        if (!sqlite.inTransaction) sqlite.exec('BEGIN');
        throw err;
      }
    },
    async anyTransferExists(ids) {
      return sqliteAnyTransferExists(sqlite, ids);
    },
    async writeBulk(chunk) {
      sqliteWriteBulk(sqlite, chunk);
    },
  };
}
