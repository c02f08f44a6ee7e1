/**
 * SQLite side of bulk posting (bulk.ts): wide multi-row statements prepared once per connection. Rows
 * per statement stay well under SQLite's 32,766 bound values; `or rollback` as in sqliteStore.ts (a
 * refused row ends the transaction, so no statement journal is kept).
 */
import type SQLite from 'better-sqlite3';
import type { BulkChunk } from './bulkTypes';
import { paceCheckpoints } from './walPacing';

type Params = (string | number | bigint | null)[];
type Stmt = SQLite.Statement<Params>;

/** Rows per wide statement (transfers bind 13 values a row, entries 7, accounts 3). */
const ROWS = 256;

const marks = (n: number, width: number) =>
  Array.from({ length: n }, () => `(${Array.from({ length: width }, () => '?').join(',')})`).join(',');

const SQL = {
  transfers: (
    n: number,
  ) => `insert or rollback into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount,
    pending_id, timeout_ms, expires_at, code, ref, created_at) values ${marks(n, 13)}`,
  entries: (n: number) => `insert or rollback into ledger_entries (account_id, account_version, transfer_id, amount, before_balance,
    after_balance, created_at) values ${marks(n, 7)}`,
  accounts: (n: number) => `update or rollback ledger_accounts set balance = v.column2, version = v.column3
    from (values ${marks(n, 3)}) as v where ledger_accounts.id = v.column1`,
  exists: (n: number) => `select 1 from ledger_transfers where id in (${Array.from({ length: n }, () => '?').join(',')}) limit 1`,
};
type Kind = keyof typeof SQL;

const cache = new WeakMap<SQLite.Database, Map<string, Stmt>>();

function stmt(sqlite: SQLite.Database, kind: Kind, n: number): Stmt {
  let m = cache.get(sqlite);
  if (!m) cache.set(sqlite, (m = new Map()));
  const key = `${kind}:${n}`;
  let s = m.get(key);
  if (!s) m.set(key, (s = sqlite.prepare<Params>(SQL[kind](n))));
  return s;
}

/** Runs `kind` over `count` rows, ROWS per statement and the rest in one statement of its own size. */
function run(sqlite: SQLite.Database, kind: Kind, count: number, params: (i: number, out: Params) => void): void {
  for (let i = 0; i < count; i += ROWS) {
    const n = Math.min(ROWS, count - i);
    const out: Params = [];
    for (let j = i; j < i + n; j++) params(j, out);
    stmt(sqlite, kind, n).run(...out);
  }
}

/** True when any of `ids` is a stored transfer. */
export function sqliteAnyTransferExists(sqlite: SQLite.Database, ids: readonly string[]): boolean {
  for (let i = 0; i < ids.length; i += ROWS) {
    const part = ids.slice(i, i + ROWS);
    if (stmt(sqlite, 'exists', part.length).get(...part) !== undefined) return true;
  }
  return false;
}

/** Writes one bulk chunk on the transaction's connection. */
export function sqliteWriteBulk(sqlite: SQLite.Database, chunk: BulkChunk): void {
  const { batchId, now, transfers: t, entries: e, accounts: a } = chunk;
  if (e) paceCheckpoints(sqlite, e.account.length);
  try {
    if (t) {
      run(sqlite, 'transfers', t.id.length, (i, out) => {
        out.push(
          t.id[i]!,
          batchId,
          'posted',
          t.debit[i]!,
          t.credit[i]!,
          t.asset[i]!,
          t.amount[i]!,
          null,
          null,
          null,
          t.code[i]!,
          t.ref[i]!,
          now,
        );
      });
    }
    if (e) {
      run(sqlite, 'entries', e.account.length, (i, out) => {
        out.push(e.account[i]!, e.version[i]!, e.transfer[i]!, e.amount[i]!, e.before[i]!, e.after[i]!, now);
      });
    }
    if (a) run(sqlite, 'accounts', a.id.length, (i, out) => out.push(a.id[i]!, a.balance[i]!, a.version[i]!));
  } catch (err) {
    // As sqliteStore.write: `or rollback` may have ended the transaction; reopen one so nothing autocommits.
    if (!sqlite.inTransaction) sqlite.exec('BEGIN');
    throw err;
  }
}
