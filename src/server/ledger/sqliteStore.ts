/**
 * SQLite storage through better-sqlite3's prepared statements, on the connection the ledger transaction
 * holds (`BEGIN IMMEDIATE` already took the one write lock, so reads here are what the commit will see).
 * Rows are inserted CHUNK at a time: one statement per chunk costs far less than one per row.
 */
import type SQLite from 'better-sqlite3';
import type { BatchPlan } from './engine';
import type { LedgerStore } from './store';
import { toAccount, toTransfer, type AccountRow, type TransferRow } from './rows';
import type { Account, Entry, Transfer } from './types';

const CHUNK = 32;
const TRANSFER_COLUMNS =
  'id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, pending_id, timeout_ms, expires_at, code, ref, created_at';
const ENTRY_COLUMNS = 'account_id, account_version, transfer_id, amount, before_balance, after_balance, created_at';

type Params = (string | number | bigint | null)[];

interface Statements {
  transfer: SQLite.Statement<[string], TransferRow>;
  resolved: SQLite.Statement<[string], { pending_id: string }>;
  account: SQLite.Statement<[number], AccountRow>;
  insertTransfers: [SQLite.Statement<Params>, SQLite.Statement<Params>];
  insertEntries: [SQLite.Statement<Params>, SQLite.Statement<Params>];
  updateAccount: SQLite.Statement<Params>;
}

const cache = new WeakMap<SQLite.Database, Statements>();

function insertStatements(sqlite: SQLite.Database, table: string, columns: string) {
  const row = `(${columns.split(',').map(() => '?').join(', ')})`;
  const sql = (n: number) => `insert into ${table} (${columns}) values ${Array.from({ length: n }, () => row).join(', ')}`;
  return [sqlite.prepare<Params>(sql(1)), sqlite.prepare<Params>(sql(CHUNK))] as [SQLite.Statement<Params>, SQLite.Statement<Params>];
}

function statements(sqlite: SQLite.Database): Statements {
  let s = cache.get(sqlite);
  if (!s) {
    s = {
      transfer: sqlite.prepare('select * from ledger_transfers where id = ?'),
      resolved: sqlite.prepare('select pending_id from ledger_transfers where pending_id = ?'),
      account: sqlite.prepare(
        'select id, asset, owner_kind, owner_id, name, flags, balance, debits_pending, credits_pending, version from ledger_accounts where id = ?',
      ),
      insertTransfers: insertStatements(sqlite, 'ledger_transfers', TRANSFER_COLUMNS),
      insertEntries: insertStatements(sqlite, 'ledger_entries', ENTRY_COLUMNS),
      updateAccount: sqlite.prepare('update ledger_accounts set balance = ?, debits_pending = ?, credits_pending = ?, version = ? where id = ?'),
    };
    cache.set(sqlite, s);
  }
  return s;
}

function insertAll<T>(rows: readonly T[], [one, many]: [SQLite.Statement<Params>, SQLite.Statement<Params>], params: (r: T, out: Params) => void) {
  let i = 0;
  for (; i + CHUNK <= rows.length; i += CHUNK) {
    const out: Params = [];
    for (let j = i; j < i + CHUNK; j++) params(rows[j]!, out);
    many.run(...out);
  }
  for (; i < rows.length; i++) {
    const out: Params = [];
    params(rows[i]!, out);
    one.run(...out);
  }
}

const transferParams = (t: Transfer, out: Params) => {
  out.push(t.id, t.batchId, t.kind, t.debit, t.credit, t.asset, t.amount, t.pendingId, t.timeoutMs, t.expiresAt, t.code, t.ref, t.createdAt);
};
const entryParams = (e: Entry, out: Params) => {
  out.push(e.accountId, e.accountVersion, e.transferId, e.amount, e.beforeBalance, e.afterBalance, e.createdAt);
};

/** The SQLite store for a transaction on `sqlite`. */
export function sqliteStore(sqlite: SQLite.Database): LedgerStore {
  const s = statements(sqlite);
  return {
    async findTransfers(ids) {
      const out = new Map<string, Transfer>();
      for (const id of ids) {
        const row = s.transfer.get(id);
        if (row) out.set(id, toTransfer(row));
      }
      return out;
    },
    async findResolved(pendingIds) {
      const out = new Set<string>();
      for (const id of pendingIds) if (s.resolved.get(id)) out.add(id);
      return out;
    },
    async lockAccounts(ids) {
      const out = new Map<number, Account>();
      for (const id of ids) {
        const row = s.account.get(id);
        if (row) out.set(id, toAccount(row));
      }
      return out;
    },
    async write(plan: BatchPlan) {
      insertAll(plan.transfers, s.insertTransfers, transferParams);
      insertAll(plan.entries, s.insertEntries, entryParams);
      for (const a of plan.accounts) s.updateAccount.run(a.balance, a.debitsPending, a.creditsPending, a.version, a.id);
    },
  };
}
