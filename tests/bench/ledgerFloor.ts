/**
 * The floor of `bench:ledger`: the rows a transfer books (its transfer row, two entries with the balances
 * before and after, two account updates) written by plain SQL into bare tables of the same columns and keys,
 * on the same database and connection settings, with no checks, no reads and balances kept in memory. Singles
 * commit one transfer each; batches are written either row by row in one transaction ("loop") or as one
 * multi-row statement per table ("multi-row": VALUES lists on SQLite, `unnest` arrays on PostgreSQL).
 */
import pg from 'pg';
import type SQLite from 'better-sqlite3';

/** One transfer's amounts, as the bench books it in the ledger. */
export interface FloorTransfer {
  id: string;
  debit: number;
  credit: number;
  amount: bigint;
}

/** Writes the floor's rows; `close` drops its tables. */
export interface FloorWriter {
  single(t: FloorTransfer): Promise<void>;
  batch(ts: FloorTransfer[], mode: 'loop' | 'multi-row'): Promise<void>;
  close(): Promise<void>;
}

const TABLES = `
  create table floor_accounts (id integer primary key, balance bigint not null, version integer not null);
  create table floor_transfers (id varchar(128) primary key, batch_id varchar(128) not null, kind varchar(8) not null,
    debit_account_id integer not null, credit_account_id integer not null, asset varchar(32) not null, amount bigint not null,
    code varchar(32) not null, ref varchar(255), created_at bigint not null);
  create table floor_entries (account_id integer not null, account_version integer not null, transfer_id varchar(128) not null,
    amount bigint not null, before_balance bigint not null, after_balance bigint not null, created_at bigint not null,
    primary key (account_id, account_version));`;
const DROP = 'drop table floor_entries; drop table floor_transfers; drop table floor_accounts;';

/** One entry row: account, version, transfer, signed amount, before, after. */
type Entry = [number, number, string, bigint, bigint, bigint];

/** The in-memory balances and versions the entries chain through. */
class Books {
  readonly balance = new Map<number, bigint>();
  readonly version = new Map<number, number>();
  constructor(accounts: number[], start: bigint) {
    for (const id of accounts) {
      this.balance.set(id, start);
      this.version.set(id, 0);
    }
  }
  /** The two entries of `t`, advancing both accounts. */
  entries(t: FloorTransfer): [Entry, Entry] {
    return [this.move(t.debit, t.id, -t.amount), this.move(t.credit, t.id, t.amount)];
  }
  private move(account: number, transfer: string, amount: bigint): Entry {
    const before = this.balance.get(account)!;
    const version = this.version.get(account)! + 1;
    this.balance.set(account, before + amount);
    this.version.set(account, version);
    return [account, version, transfer, amount, before, before + amount];
  }
}

/** The floor on a SQLite connection (the product's own handle, so the same WAL and synchronous settings). */
export function sqliteFloor(db: SQLite.Database, accounts: number[], start: bigint): FloorWriter {
  db.exec(TABLES);
  const seed = db.prepare('insert into floor_accounts (id, balance, version) values (?, ?, 0)');
  db.transaction(() => {
    for (const id of accounts) seed.run(id, start);
  })();
  const books = new Books(accounts, start);
  const insT = db.prepare("insert into floor_transfers values (?, ?, 'posted', ?, ?, 'ANGLS', ?, 'bench', null, ?)");
  const insE = db.prepare('insert into floor_entries values (?, ?, ?, ?, ?, ?, ?)');
  const updA = db.prepare('update floor_accounts set balance = ?, version = ? where id = ?');
  const writeOne = (t: FloorTransfer, now: number, batchId: string) => {
    insT.run(t.id, batchId, t.debit, t.credit, t.amount, now);
    for (const e of books.entries(t)) insE.run(...e, now);
  };
  const updateTouched = (ts: FloorTransfer[]) => {
    for (const id of new Set(ts.flatMap((t) => [t.debit, t.credit]))) updA.run(books.balance.get(id)!, books.version.get(id)!, id);
  };
  const chunked = <T>(rows: T[], perRow: number) =>
    Array.from({ length: Math.ceil(rows.length / Math.floor(30_000 / perRow)) }, (_, i) =>
      rows.slice(i * Math.floor(30_000 / perRow), (i + 1) * Math.floor(30_000 / perRow)),
    );
  return {
    single: async (t) =>
      db.transaction(() => {
        writeOne(t, Date.now(), t.id);
        updateTouched([t]);
      })(),
    batch: async (ts, mode) => {
      const now = Date.now();
      db.transaction(() => {
        if (mode === 'loop') for (const t of ts) writeOne(t, now, ts[0]!.id);
        else {
          for (const part of chunked(ts, 6)) {
            db.prepare(
              `insert into floor_transfers values ${part.map(() => "(?, ?, 'posted', ?, ?, 'ANGLS', ?, 'bench', null, ?)").join(',')}`,
            ).run(part.flatMap((t) => [t.id, ts[0]!.id, t.debit, t.credit, t.amount, now]));
          }
          const entries = ts.flatMap((t) => books.entries(t));
          for (const part of chunked(entries, 7))
            db.prepare(`insert into floor_entries values ${part.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(',')}`).run(
              part.flatMap((e) => [...e, now]),
            );
        }
        updateTouched(ts);
      })();
    },
    close: async () => {
      db.exec(DROP);
    },
  };
}

/** The floor on its own PostgreSQL connection to the bench's database. */
export async function postgresFloor(url: string, accounts: number[], start: bigint): Promise<FloorWriter> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(TABLES);
  await c.query('insert into floor_accounts (id, balance, version) select unnest($1::int[]), $2, 0', [accounts, start.toString()]);
  const books = new Books(accounts, start);
  const tx = async (work: () => Promise<void>) => {
    await c.query('begin');
    try {
      await work();
      await c.query('commit');
    } catch (err) {
      await c.query('rollback');
      throw err;
    }
  };
  const updateTouched = async (ts: FloorTransfer[]) => {
    const ids = [...new Set(ts.flatMap((t) => [t.debit, t.credit]))];
    await c.query(
      'update floor_accounts a set balance = u.b, version = u.v from unnest($1::int[], $2::bigint[], $3::int[]) as u(id, b, v) where a.id = u.id',
      [ids, ids.map((id) => books.balance.get(id)!.toString()), ids.map((id) => books.version.get(id)!)],
    );
  };
  const writeLoop = async (ts: FloorTransfer[], batchId: string, now: number) => {
    for (const t of ts) {
      await c.query("insert into floor_transfers values ($1, $2, 'posted', $3, $4, 'ANGLS', $5, 'bench', null, $6)", [
        t.id,
        batchId,
        t.debit,
        t.credit,
        t.amount.toString(),
        now,
      ]);
      for (const e of books.entries(t))
        await c.query('insert into floor_entries values ($1, $2, $3, $4, $5, $6, $7)', [
          e[0],
          e[1],
          e[2],
          e[3].toString(),
          e[4].toString(),
          e[5].toString(),
          now,
        ]);
    }
  };
  return {
    single: (t) =>
      tx(async () => {
        await writeLoop([t], t.id, Date.now());
        await updateTouched([t]);
      }),
    batch: (ts, mode) =>
      tx(async () => {
        const now = Date.now();
        if (mode === 'loop') await writeLoop(ts, ts[0]!.id, now);
        else {
          await c.query(
            "insert into floor_transfers select u.id, $2, 'posted', u.d, u.c, 'ANGLS', u.a, 'bench', null, $3 from unnest($1::varchar[], $4::int[], $5::int[], $6::bigint[]) as u(id, d, c, a)",
            [ts.map((t) => t.id), ts[0]!.id, now, ts.map((t) => t.debit), ts.map((t) => t.credit), ts.map((t) => t.amount.toString())],
          );
          const es = ts.flatMap((t) => books.entries(t));
          await c.query(
            'insert into floor_entries select u.*, $7 from unnest($1::int[], $2::int[], $3::varchar[], $4::bigint[], $5::bigint[], $6::bigint[]) as u',
            [
              es.map((e) => e[0]),
              es.map((e) => e[1]),
              es.map((e) => e[2]),
              es.map((e) => e[3].toString()),
              es.map((e) => e[4].toString()),
              es.map((e) => e[5].toString()),
              now,
            ],
          );
        }
        await updateTouched(ts);
      }),
    close: async () => {
      await c.query(DROP);
      await c.end();
    },
  };
}
