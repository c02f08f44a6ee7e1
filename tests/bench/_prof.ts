// scratch profiler (to delete)
import { createTestDb } from '../support/testDb';
import { systemClock } from '../../src/server/domain/clock';
import { createLedger, ensureGenesis, playerAccount, systemAccount, type TransferInput } from '../../src/server/ledger/index';
import { sqliteStore } from '../../src/server/ledger/sqliteStore';

const SIZE = Number(process.env.SIZE ?? 1000);
const TOTAL = Number(process.env.TOTAL ?? 200000);
const PRE = Number(process.env.PRE ?? 0);
import SQLiteX from 'better-sqlite3';
import fs from 'node:fs';
import { openSqlite } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
const dir = fs.mkdtempSync('/tmp/prof-');
if (process.env.PAGE) { const x = new SQLiteX(dir + '/x.sqlite'); x.pragma('page_size = ' + process.env.PAGE); x.exec('vacuum'); x.pragma('journal_mode = WAL'); x.close(); }
const t = { db: openSqlite(dir + '/x.sqlite'), destroy: async () => { await t.db.close(); fs.rmSync(dir, { recursive: true }); } };
await migrate(t.db);
console.log('page_size', t.db.sqlite!.pragma('page_size', { simple: true }));
const db = t.db;
const sq = db.sqlite!;
if (process.env.CACHE) sq.pragma(`cache_size = -${Number(process.env.CACHE) * 1024}`);
if (process.env.SYNC) sq.pragma(`synchronous = ${process.env.SYNC}`);
if (process.env.CKPT) sq.pragma(`wal_autocheckpoint = ${process.env.CKPT}`);
await ensureGenesis(db, systemClock);
const ledger = createLedger(db, systemClock);
const [reserve, accounts] = await ledger.run(async (tx) => {
  const ids: number[] = [];
  for (let i = 1; i <= 1000; i++) ids.push(await playerAccount(tx, i, 'ANGLS'));
  return [await systemAccount(tx, 'gscb_reserve', 'ANGLS'), ids] as const;
});
await ledger.transferBatch(accounts.map((id) => ({ id: `fund-${id}`, debit: reserve, credit: id, amount: 1_000_000_000n, code: 'bench' })));
let seq = 0;
function rt(prefix: string): TransferInput {
  const a = Math.floor(Math.random() * accounts.length);
  const b = (a + 1 + Math.floor(Math.random() * (accounts.length - 1))) % accounts.length;
  return { id: `${prefix}${seq++}`, debit: accounts[a]!, credit: accounts[b]!, amount: BigInt(1 + Math.floor(Math.random() * 1000)), code: 'bench' };
}
for (let i = 0; i < PRE / 8000; i++) await ledger.transferBatch(Array.from({ length: 8000 }, () => rt('p')));
const times: Record<string, number> = {};
const add = (k: string, ms: number) => { times[k] = (times[k] ?? 0) + ms; };
const origExec = sq.exec.bind(sq);
(sq as any).exec = (s: string) => { const a = performance.now(); const r = origExec(s); add(s.split(' ')[0]!, performance.now() - a); return r; };
const proto = sqliteStore(sq);
const wrap = (o: any) => { for (const k of Object.keys(o)) { const f = o[k]; o[k] = async (...args: any[]) => { const a = performance.now(); const r = await f(...args); add(k, performance.now() - a); return r; }; } return o; };
// patch via the module cache: sqliteStore is created per tx, so wrap the store on the tx object
const batches = Math.round(TOTAL / SIZE);
const inputs = Array.from({ length: batches }, () => Array.from({ length: SIZE }, () => rt('b')));
const { transferBatch } = await import('../../src/server/ledger/transfer');
const walPages = () => Number((sq.pragma('wal_checkpoint(PASSIVE)') as any)[0].log);
const SP = Object.getPrototypeOf(sq.prepare('select 1'));
for (const m of ['run', 'all']) { const f = SP[m]; SP[m] = function (this: any, ...a: any[]) { const s0 = performance.now(); const r = f.apply(this, a); add('  ' + m + ':' + this.source.trim().slice(0, 24), performance.now() - s0); return r; }; }
const t0 = performance.now();
const per: number[] = [];
const cpu0 = process.cpuUsage();
for (const b of inputs) { const q = performance.now(); await ledger.run((tx) => { (tx as any).store = wrap({ ...sqliteStore(sq) }); return transferBatch(Object.assign({}, tx, { store: (tx as any).store }), b); }); per.push(performance.now() - q); }
const cpu = process.cpuUsage(cpu0);
per.sort((a, b) => a - b);
console.log(`median batch ${per[per.length >> 1]!.toFixed(2)} ms -> ${(SIZE / per[per.length >> 1]! * 1000).toFixed(0)} tps (median); cpu user ${(cpu.user/1000).toFixed(0)} sys ${(cpu.system/1000).toFixed(0)} ms`);
const secs = (performance.now() - t0) / 1000;
console.log(`size ${SIZE} batches ${batches}: ${(batches * SIZE / secs).toFixed(0)} tps; total ${(secs*1000).toFixed(0)} ms`);
for (const [k, v] of Object.entries(times)) console.log(`  ${k.padEnd(16)} ${v.toFixed(0)} ms  ${(v / batches).toFixed(2)} ms/batch`);
void proto; void walPages;
await t.destroy();
