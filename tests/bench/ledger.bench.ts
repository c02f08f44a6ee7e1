/**
 * `npm run bench:ledger`: ledger throughput and latency on SQLite (temp file, WAL, synchronous=FULL) and
 * PostgreSQL (a throw-away database at TEST_PG_URL, skipped when unreachable). Prints
 * `BENCH <name> <value> <unit>` lines; figures only, no thresholds. Beside each figure at one client, the floor
 * (`ledgerFloor.ts`: the same rows by plain SQL; batches row by row and multi-row) and the ledger's ratio to it. BENCH_SCALE=0.1 for a quick run,
 * BENCH_DIALECTS=sqlite (or postgres) for one database; what-ifs for SQLite settings that are not the
 * product's: BENCH_SQLITE_CACHE_MB=64 (a larger page cache), BENCH_SQLITE_PAGE_SIZE=2048 (smaller pages).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { openSqlite, type Db, type DialectName } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { createTestDb, type TestDb } from '../support/testDb';
import { postgresFloor, sqliteFloor, type FloorTransfer, type FloorWriter } from './ledgerFloor';
import { destroyQuietly } from '../integration/ledger/support/teardown';
import { systemClock } from '../../src/server/clock';
import { checkLedger, createLedger, ensureGenesis, playerAccount, systemAccount, type TransferInput } from '../../src/server/ledger/index';
import { printRatio } from './ratioLine';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ACCOUNTS = 1000;
const PG_ADMIN = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const bench = (name: string, value: number, unit: string) => console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : 0)} ${unit}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function setup(db: Db) {
  await ensureGenesis(db, systemClock);
  const ledger = createLedger(db, systemClock);
  const [reserve, accounts] = await ledger.run(async (tx) => {
    const ids: number[] = [];
    for (let i = 1; i <= ACCOUNTS; i++) ids.push(await playerAccount(tx, i, 'ANGLS'));
    return [await systemAccount(tx, 'gscb_reserve', 'ANGLS'), ids] as const;
  });
  await ledger.transferBatch(
    accounts.map((id) => ({ id: `fund-${id}`, debit: reserve, credit: id, amount: 1_000_000_000n, code: 'bench' })),
  );
  return { ledger, accounts };
}

let seq = 0;
function randomTransfer(accounts: number[], prefix: string): TransferInput & FloorTransfer {
  const a = Math.floor(Math.random() * accounts.length);
  const b = (a + 1 + Math.floor(Math.random() * (accounts.length - 1))) % accounts.length;
  return {
    id: `${prefix}${seq++}`,
    debit: accounts[a]!,
    credit: accounts[b]!,
    amount: BigInt(1 + Math.floor(Math.random() * 1000)),
    code: 'bench',
  };
}

/** The floor writer for this database (bare tables beside the ledger's, dropped after). */
async function floorFor(t: TestDb, accounts: number[]): Promise<FloorWriter> {
  return t.db.sqlite ? sqliteFloor(t.db.sqlite, accounts, 1_000_000_000n) : postgresFloor(t.location, accounts, 1_000_000_000n);
}

/** Prints the floor's figure and the ledger's ratio to it (time per transfer ÷ the floor's). */
function floorFigure(name: string, floorTps: number, ledgerTps: number) {
  bench(`${name}.floor.tps`, floorTps, 'transfers/s');
  printRatio(`${name}.ratio_to_floor`, 1e6 / ledgerTps, 1e6 / floorTps, 'µs per transfer');
}

async function run(label: string, t: TestDb, concurrency: number) {
  const db = t.db;
  const { ledger, accounts } = await setup(db);
  const floor = concurrency === 1 ? await floorFor(t, accounts) : undefined;
  // Single transfers: one transaction (one commit, one fsync on SQLite) each.
  const singles = Math.round(2000 * SCALE);
  const lat: number[] = [];
  let t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < singles) {
        next++;
        const s = performance.now();
        await ledger.transfer(randomTransfer(accounts, 's'));
        lat.push(performance.now() - s);
      }
    }),
  );
  const singleSecs = (performance.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  bench(`${label}.single.tps${concurrency > 1 ? `.c${concurrency}` : ''}`, singles / singleSecs, 'transfers/s');
  bench(`${label}.single.p50${concurrency > 1 ? `.c${concurrency}` : ''}`, pct(lat, 50), 'ms');
  bench(`${label}.single.p99${concurrency > 1 ? `.c${concurrency}` : ''}`, pct(lat, 99), 'ms');
  if (floor) {
    const rows = Array.from({ length: singles }, () => randomTransfer(accounts, 'fs'));
    t0 = performance.now();
    for (const r of rows) await floor.single(r);
    floorFigure(`${label}.single`, singles / ((performance.now() - t0) / 1000), singles / singleSecs);
  }
  // Batches: many transfers per commit (linked, all or nothing); measured once per database.
  for (const size of concurrency === 1 ? [100, 1000, 8000] : []) {
    const batches = Math.max(3, Math.round((200_000 * SCALE) / size / (label === 'postgres' ? 2 : 1)));
    const inputs = Array.from({ length: batches }, () => Array.from({ length: size }, () => randomTransfer(accounts, 'b')));
    t0 = performance.now();
    for (const batch of inputs) await ledger.transferBatch(batch);
    const tps = (batches * size) / ((performance.now() - t0) / 1000);
    bench(`${label}.batch${size}.tps`, tps, 'transfers/s');
    for (const mode of ['loop', 'multi-row'] as const) {
      const rows = Array.from({ length: batches }, () => Array.from({ length: size }, () => randomTransfer(accounts, 'fb')));
      t0 = performance.now();
      for (const batch of rows) await floor!.batch(batch, mode);
      floorFigure(`${label}.batch${size}.${mode}`, (batches * size) / ((performance.now() - t0) / 1000), tps);
    }
  }
  t0 = performance.now();
  const report = await checkLedger(db);
  bench(`${label}.check.ms`, performance.now() - t0, `ms(${report.counts.transfers} transfers, ${report.ok ? 'ok' : 'BROKEN'})`);
  if (!report.ok) throw new Error(report.violations.join('\n'));
  await floor?.close();
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return true;
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN} (${(err as Error).message}): PostgreSQL figures skipped`);
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A migrated temp SQLite file with `pageSize` pages: the size is fixed when the file is created, before WAL. */
async function sqliteWithPageSize(pageSize: number): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-bench-'));
  const file = path.join(dir, 'bench.sqlite');
  const init = new SQLite(file);
  init.pragma(`page_size = ${pageSize}`);
  init.exec('vacuum');
  init.close();
  const db = openSqlite(file);
  await migrate(db);
  return {
    db,
    location: file,
    destroy: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const only = process.env.BENCH_DIALECTS?.split(',');
  const runs: [DialectName, number][] = [];
  if (!only || only.includes('sqlite')) runs.push(['sqlite', 1]);
  if ((!only || only.includes('postgres')) && (await pgReachable())) runs.push(['postgres', 1], ['postgres', 8]);
  for (const [dialect, concurrency] of runs) {
    const t =
      dialect === 'sqlite' && process.env.BENCH_SQLITE_PAGE_SIZE
        ? await sqliteWithPageSize(Number(process.env.BENCH_SQLITE_PAGE_SIZE))
        : await createTestDb(dialect, PG_ADMIN);
    // What-if knob: SQLite's page cache (default 2 MB) limits large ledgers; not a product setting.
    if (t.db.sqlite && process.env.BENCH_SQLITE_CACHE_MB)
      t.db.sqlite.pragma(`cache_size = -${Number(process.env.BENCH_SQLITE_CACHE_MB) * 1024}`);
    try {
      await run(dialect, t, concurrency);
    } finally {
      await destroyQuietly(t);
    }
  }
}

await main();
