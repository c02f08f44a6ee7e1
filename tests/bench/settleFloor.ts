/**
 * The settlement bench's floor: plain SQL writes of the rows one booking wrote, read back after it, into bare
 * tables of the same columns and primary keys, in one transaction. Inserts of its round entries, transfers,
 * ledger entries and the next round's reservations; updates, by primary key, of every account, eidol and
 * player it changed (copies of those tables, made before the clock starts). The booking's reads (the snapshot,
 * the players' standing, the carried-over eidols) and its arithmetic are not part of it.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { chunks } from '../../src/server/domain/rounds/settlementWrites';

/** One row as plain values, in its table's column order. */
type Row = (string | number | bigint | null)[];

/** A bare table of the floor, its rows, and their PostgreSQL array types. */
interface Part {
  table: string;
  rows: Row[];
  types: string[];
}

/** The rows one booking wrote, as the floor writes them. */
export interface FloorRows {
  entries: Row[];
  transfers: Row[];
  ledgerEntries: Row[];
  reservations: Row[];
  /** id, balance, version: each account's last entry. */
  accounts: Row[];
  /** id, experience, level, type, hatched_at, skin_image, top_value, updated_at. */
  eidols: Row[];
  /** id, xp, level. */
  users: Row[];
}

/** The floor's time, in all and per part (ms). */
export interface FloorTimes {
  total: number;
  /** Round entries, transfers and ledger entries: the rows every eidol's legs append. */
  inserts: number;
  reservations: number;
  accounts: number;
  eidols: number;
  users: number;
}

const ENTRY_TYPES = [
  'int',
  'int',
  'int',
  'text',
  'int',
  'text',
  'int',
  'int',
  'bigint',
  'bigint',
  'bigint',
  'text',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
  'int',
  'bigint',
];
const TRANSFER_TYPES = ['text', 'text', 'text', 'int', 'int', 'text', 'bigint', 'text', 'text', 'bigint'];
const LEDGER_ENTRY_TYPES = ['int', 'bigint', 'text', 'bigint', 'bigint', 'bigint', 'bigint'];
const RESERVATION_TYPES = ['int', 'int', 'text', 'bigint', 'bigint', 'bigint'];

/** The bare tables: new ones for the inserted rows, copies (columns, rows, primary key) of the updated ones. */
export async function floorTables(db: Db): Promise<void> {
  const big = 'bigint';
  const create = (text: string) => sql.raw(text).execute(db.kysely);
  await create(`create table bench_round_entries (round_id integer, eidol_id integer, user_id integer, risk varchar(16), yieldy integer,
    eidol_type varchar(8), xp_before integer, level_before integer, value_before ${big}, top_value_before ${big}, no_loss_value ${big}, zone varchar(3),
    stake ${big}, payout ${big}, mined ${big}, value_after ${big}, xp_gained integer, created_at ${big}, primary key (round_id, eidol_id))`);
  await create(`create table bench_transfers (id varchar(126) primary key, batch_id varchar(126), kind varchar(8), debit_account_id integer,
    credit_account_id integer, asset varchar(16), amount ${big}, code varchar(32), ref varchar(64), created_at ${big})`);
  await create(`create table bench_entries (account_id integer, account_version ${big}, transfer_id varchar(126), amount ${big},
    before_balance ${big}, after_balance ${big}, created_at ${big}, primary key (account_id, account_version))`);
  await create(`create table bench_reservations (round_id integer, eidol_id integer, risk varchar(16), stake ${big}, claim ${big},
    created_at ${big}, primary key (round_id, eidol_id))`);
  for (const table of ['ledger_accounts', 'eidols', 'users']) {
    if (db.sqlite) {
      // The table's own CREATE (columns, types, primary key), renamed; its other indexes are separate statements.
      const { sql: ddl } = db.sqlite.prepare(`select sql from sqlite_master where type = 'table' and name = ?`).get(table) as {
        sql: string;
      };
      db.sqlite.exec(ddl.replace(/^CREATE TABLE\s+("?)\w+\1/i, `create table bench_${table}`));
    } else {
      await create(`create table bench_${table} (like ${table} including defaults)`);
    }
    await create(`insert into bench_${table} select * from ${table}`);
    if (!db.sqlite) await create(`alter table bench_${table} add primary key (id)`);
  }
}

/** The rows the booking of `roundId` wrote (and the next round's reservations), read back as the floor writes them. */
export async function floorRows(db: Db, roundId: number): Promise<FloorRows> {
  const k = db.kysely;
  const entries: Row[] = (
    await k.selectFrom('round_entries').selectAll().where('round_id', '=', roundId).orderBy('eidol_id').execute()
  ).map((e) => [
    e.round_id,
    e.eidol_id,
    e.user_id,
    e.risk,
    e.yieldy,
    e.eidol_type,
    e.xp_before,
    e.level_before,
    e.value_before,
    e.top_value_before,
    e.no_loss_value,
    e.zone,
    e.stake,
    e.payout,
    e.mined,
    e.value_after,
    e.xp_gained,
    e.created_at,
  ]);
  const legs = (q: typeof k) =>
    q.selectFrom('ledger_transfers as t').where('t.ref', '=', String(roundId)).where('t.code', 'in', ['bet', 'win', 'mined']);
  const transfers: Row[] = (
    await legs(k)
      .select(['t.id', 't.batch_id', 't.kind', 't.debit_account_id', 't.credit_account_id', 't.asset', 't.amount', 't.code', 't.ref'])
      .select('t.created_at')
      .orderBy('t.id')
      .execute()
  ).map((t) => [t.id, t.batch_id, t.kind, t.debit_account_id, t.credit_account_id, t.asset, t.amount, t.code, t.ref, t.created_at]);
  const ledgerEntries: Row[] = (
    await legs(k)
      .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
      .select(['e.account_id', 'e.account_version', 'e.transfer_id', 'e.amount', 'e.before_balance', 'e.after_balance', 'e.created_at'])
      .orderBy('e.account_id')
      .orderBy('e.account_version')
      .execute()
  ).map((e) => [e.account_id, e.account_version, e.transfer_id, e.amount, e.before_balance, e.after_balance, e.created_at]);
  const reservations: Row[] = (
    await k
      .selectFrom('round_reservations')
      .selectAll()
      .where('round_id', '=', roundId + 1)
      .orderBy('eidol_id')
      .execute()
  ).map((r) => [r.round_id, r.eidol_id, r.risk, r.stake, r.claim, r.created_at]);
  // Entries come by account, then version: each account's last one holds its balance and version now.
  const accounts: Row[] = [];
  for (let i = 0; i < ledgerEntries.length; i++) {
    const [id, version, , , , after] = ledgerEntries[i]!;
    if (i + 1 === ledgerEntries.length || ledgerEntries[i + 1]![0] !== id) accounts.push([id!, after!, version!]);
  }
  const inRound = new Set(entries.map((e) => e[1] as number));
  const eidols: Row[] = (
    await k
      .selectFrom('eidols')
      .select(['id', 'experience', 'level', 'type', 'hatched_at', 'skin_image', 'top_value', 'updated_at'])
      .orderBy('id')
      .execute()
  )
    .filter((e) => inRound.has(e.id))
    .map((e) => [e.id, e.experience, e.level, e.type, e.hatched_at, e.skin_image, e.top_value, e.updated_at]);
  const owners = new Set(entries.map((e) => e[2] as number));
  const users: Row[] = (await k.selectFrom('users').select(['id', 'xp', 'level']).orderBy('id').execute())
    .filter((u) => owners.has(u.id))
    .map((u) => [u.id, u.xp, u.level]);
  return { entries, transfers, ledgerEntries, reservations, accounts, eidols, users };
}

/** The updated tables' copies: the columns the booking sets, and the PostgreSQL array types of id and those columns. */
const UPDATES: Record<'accounts' | 'eidols' | 'users', { table: string; columns: string[]; types: string[] }> = {
  accounts: { table: 'bench_ledger_accounts', columns: ['balance', 'version'], types: ['int', 'bigint', 'bigint'] },
  eidols: {
    table: 'bench_eidols',
    columns: ['experience', 'level', 'type', 'hatched_at', 'skin_image', 'top_value', 'updated_at'],
    types: ['int', 'int', 'int', 'text', 'bigint', 'text', 'bigint', 'bigint'],
  },
  users: { table: 'bench_users', columns: ['xp', 'level'], types: ['int', 'int', 'int'] },
};

/** Writes the rows in one transaction (prepared statements on SQLite, `unnest` arrays on PostgreSQL); the time of each part. */
export async function floorWrite(db: Db, rows: FloorRows): Promise<FloorTimes> {
  const inserts: Part[] = [
    { table: 'bench_round_entries', rows: rows.entries, types: ENTRY_TYPES },
    { table: 'bench_transfers', rows: rows.transfers, types: TRANSFER_TYPES },
    { table: 'bench_entries', rows: rows.ledgerEntries, types: LEDGER_ENTRY_TYPES },
  ];
  const reservations: Part = { table: 'bench_reservations', rows: rows.reservations, types: RESERVATION_TYPES };
  const times: FloorTimes = { total: 0, inserts: 0, reservations: 0, accounts: 0, eidols: 0, users: 0 };
  const timed = async (key: keyof FloorTimes, work: () => unknown) => {
    const t0 = performance.now();
    await work();
    times[key] += performance.now() - t0;
  };
  if (db.sqlite) {
    const sqlite = db.sqlite;
    const insert = (p: Part) => {
      const width = p.rows[0]?.length ?? 0;
      const marks = (n: number) => Array.from({ length: n }, () => `(${Array.from({ length: width }, () => '?').join(',')})`).join(',');
      if (width === 0) return;
      const many = sqlite.prepare(`insert into ${p.table} values ${marks(100)}`);
      const one = sqlite.prepare(`insert into ${p.table} values ${marks(1)}`);
      let i = 0;
      for (; i + 100 <= p.rows.length; i += 100) many.run(p.rows.slice(i, i + 100).flat());
      for (; i < p.rows.length; i++) one.run(p.rows[i]!);
    };
    const update = (what: keyof typeof UPDATES) => {
      const u = UPDATES[what];
      const stmt = sqlite.prepare(`update ${u.table} set ${u.columns.map((c) => `${c} = ?`).join(', ')} where id = ?`);
      for (const [id, ...values] of rows[what]) stmt.run(...values, id);
    };
    const t0 = performance.now();
    sqlite.prepare('begin immediate').run();
    try {
      await timed('inserts', () => inserts.forEach(insert));
      await timed('reservations', () => insert(reservations));
      await timed('accounts', () => update('accounts'));
      await timed('eidols', () => update('eidols'));
      await timed('users', () => update('users'));
      sqlite.prepare('commit').run();
    } catch (err) {
      sqlite.prepare('rollback').run();
      throw err;
    }
    times.total = performance.now() - t0;
    return times;
  }
  const arrays = (c: Row[], types: string[]) =>
    sql.join(types.map((type, j) => sql`${c.map((r) => (typeof r[j] === 'bigint' ? r[j]!.toString() : r[j]))}::${sql.raw(type)}[]`));
  const t0 = performance.now();
  await db.kysely.transaction().execute(async (trx) => {
    const insert = async (p: Part) => {
      for (const c of chunks(p.rows, 20_000))
        await sql`insert into ${sql.table(p.table)} select * from unnest(${arrays(c, p.types)})`.execute(trx);
    };
    const update = async (what: keyof typeof UPDATES) => {
      const u = UPDATES[what];
      const set = sql.raw(u.columns.map((c) => `${c} = v.${c}`).join(', '));
      const names = sql.raw(['id', ...u.columns].join(', '));
      for (const c of chunks(rows[what], 20_000))
        await sql`update ${sql.table(u.table)} as t set ${set} from unnest(${arrays(c, u.types)}) as v(${names}) where t.id = v.id`.execute(
          trx,
        );
    };
    await timed('inserts', async () => {
      for (const p of inserts) await insert(p);
    });
    await timed('reservations', () => insert(reservations));
    await timed('accounts', () => update('accounts'));
    await timed('eidols', () => update('eidols'));
    await timed('users', () => update('users'));
  });
  times.total = performance.now() - t0;
  return times;
}
