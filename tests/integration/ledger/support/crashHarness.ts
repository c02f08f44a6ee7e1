/**
 * The crash loop shared by the crash test (≥ 50 kills) and the soak script (≥ 1000): start a child that
 * applies batches, SIGKILL it at a random moment, restart it (re-submitting the batch it was cut off in),
 * and after every kill prove: acknowledged batches are stored whole, no batch is partial, and
 * `checkLedger` holds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import type { Db, DialectName } from '../../../../src/server/db/database';
import { systemClock } from '../../../../src/server/clock';
import { checkLedger, createLedger, ensureGenesis, playerAccount, systemAccount } from '../../../../src/server/ledger/index';
import { prng } from './crashBatches';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Bundles the worker once (a bundled child starts several times faster than one compiled on the fly). */
export async function buildWorker(): Promise<string> {
  const outfile = path.join(
    root,
    'node_modules',
    '.cache',
    'aeon-ledger',
    `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}.mjs`,
  );
  await build({
    entryPoints: [path.join(import.meta.dirname, 'ledgerWorker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** Genesis plus six funded players and the reserve: the accounts the workers move money between. */
export async function prepareAccounts(db: Db): Promise<number[]> {
  await ensureGenesis(db, systemClock);
  const ledger = createLedger(db, systemClock);
  const [reserve, players] = await ledger.run(async (tx) => {
    const ids: number[] = [];
    for (let u = 1; u <= 6; u++) ids.push(await playerAccount(tx, u, 'ANGLS'));
    return [await systemAccount(tx, 'gscb_reserve', 'ANGLS'), ids] as const;
  });
  await ledger.transferBatch(players.map((id) => ({ id: `seed-${id}`, debit: reserve, credit: id, amount: 20_000n, code: 'seed' })));
  return [...players, reserve];
}

type BatchState = 'begun' | 'acked' | 'rejected';

/** What a crash loop saw. */
export interface CrashStats {
  kills: number;
  acked: number;
  rejected: number;
  /** Batches cut off between `begin` and its answer (then retried by the next child). */
  interrupted: number;
  /** Of those, how many the database had committed before the kill. */
  interruptedCommitted: number;
}

/** Options of one crash loop. */
export interface CrashLoopOptions {
  db: Db;
  dialect: DialectName;
  location: string;
  worker: string;
  accounts: number[];
  kills: number;
  seed: number;
  /** Upper bound of the random delay between the child's `ready` and its kill. */
  maxDelayMs?: number;
  onProgress?: (stats: CrashStats) => void;
}

async function present(db: Db, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** Runs the loop; throws with a precise message on the first broken promise. */
export async function crashLoop(o: CrashLoopOptions): Promise<CrashStats> {
  const rnd = prng(o.seed);
  const batches = new Map<string, { ids: string[]; state: BatchState }>();
  const stats: CrashStats = { kills: 0, acked: 0, rejected: 0, interrupted: 0, interruptedCommitted: 0 };
  let retry: string | undefined;
  for (let run = 0; run < o.kills; run++) {
    const runSeed = (o.seed % 100_000) * 10_000 + run;
    const args = ['crash', o.dialect, o.location, String(runSeed), o.accounts.join(','), ...(retry ? ['retry', retry] : [])];
    const child = spawn(process.execPath, [o.worker, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const touched = new Set<string>(retry ? [retry] : []);
    let last: string | undefined;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const delay = rnd() * (o.maxDelayMs ?? 40);
    // The kill's clock starts once the child has settled (acknowledged or refused) 0–2 batches: counted in
    // the child's own progress rather than in time, so a loaded machine still sees work done before the kills.
    const settledBeforeArming = Math.floor(rnd() * 3);
    let settledThisRun = 0;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), delay));
    // One kill in ten lands during start-up, before the child says it is ready.
    if (rnd() < 0.1) timer = setTimeout(() => child.kill('SIGKILL'), rnd() * 100);
    for await (const line of createInterface({ input: child.stdout })) {
      const [what, key, rest] = line.split(' ');
      if (what === 'ready') {
        if (settledBeforeArming === 0) arm();
      } else if (what === 'begin') {
        batches.set(key!, { ids: rest!.split(','), state: 'begun' });
        touched.add(key!);
        last = key;
      } else if (what === 'ack' || what === 'reject') {
        batches.get(key!)!.state = what === 'ack' ? 'acked' : 'rejected';
        stats[what === 'ack' ? 'acked' : 'rejected'] += 1;
        if (++settledThisRun === settledBeforeArming) arm();
      }
    }
    const code = await exited;
    clearTimeout(timer);
    if (code !== null) throw new Error(`worker exited by itself (code ${code}) instead of being killed: ${stderr}`);
    stats.kills += 1;

    // The promises, for every batch this child touched.
    const ids = [...touched].flatMap((k) => batches.get(k)?.ids ?? []);
    const stored = await present(o.db, ids);
    for (const key of touched) {
      const b = batches.get(key);
      if (!b) continue;
      const n = b.ids.filter((id) => stored.has(id)).length;
      if (b.state === 'acked' && n !== b.ids.length)
        throw new Error(`run ${run}: acknowledged batch ${key} has ${n}/${b.ids.length} transfers`);
      if (b.state === 'rejected' && n !== 0) throw new Error(`run ${run}: refused batch ${key} left ${n} transfers`);
      if (b.state === 'begun' && n !== 0 && n !== b.ids.length)
        throw new Error(`run ${run}: batch ${key} is partial (${n}/${b.ids.length})`);
    }
    const report = await checkLedger(o.db);
    if (!report.ok) throw new Error(`run ${run}: ${report.violations.join('; ')}`);
    retry = undefined;
    if (last && batches.get(last)!.state === 'begun') {
      stats.interrupted += 1;
      if (stored.has(batches.get(last)!.ids[0]!)) stats.interruptedCommitted += 1;
      retry = last;
    }
    o.onProgress?.(stats);
  }
  return stats;
}

/** Removes the bundled worker. */
export function removeWorker(file: string): void {
  fs.rmSync(file, { force: true });
}
