/**
 * `npm run bench:join`: BENCH_PLAYERS logged-in players, each with its free egg, join the open round over
 * HTTP against a real server, all at once, BENCH_JOINS joins each back to back (a risk angle swiped again
 * and again). The load comes from a separate process (plain `fetch`, one keep-alive connection per
 * player), so the server's event loop is its own. Prints joins/s and the ack latency (request sent →
 * answer read) p50/p90/p99/max, then two baselines from the same run: the HTTP floor (the same number of
 * calls of the cheapest API route, `GET /api/config`, no database, from the same load process) and the
 * write floor (the same number of bare `UPDATE eidols SET risk` statements at the same concurrency on the
 * same database), with the ratios. SQLite by default; TEST_PG_URL adds PostgreSQL (BENCH_DIALECTS picks).
 * The server CPU per call (and its join/floor ratio) is the steadiest figure on a shared machine.
 * Figures only: the goals (≥ 10k joins/s, p99 ≤ 20 ms) are for the reader, never asserted.
 * BENCH_PROFILE=<dir> writes a CPU profile of the server during the measured join run and the HTTP floor's
 * run there and prints where each one's time went.
 */
import { spawn } from 'node:child_process';
import { systemClock } from '../../src/server/clock';
import type { DialectName } from '../../src/server/db/database';
import { ensureGenesis } from '../../src/server/ledger/index';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';
import { confirmEmail, insertRound } from '../support/gameFixtures';
import { profileDuring } from './serverProfile';
import { printRatio } from './ratioLine';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const JOINS = Number(process.env.BENCH_JOINS ?? 50);
const PG_ADMIN = process.env.TEST_PG_URL || '';
const PROFILE_DIR = process.env.BENCH_PROFILE;
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_ADMIN ? 'sqlite,postgres' : 'sqlite')).split(',').map((d) => d.trim()) as DialectName[];

const bench = (name: string, value: number, unit: string) =>
  console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : value < 100 ? 1 : 0)} ${unit}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** What the load process needs per player: its request headers (session, CSRF) and its egg. */
interface LoadPlayer {
  headers: Record<string, string>;
  eggId: number;
}

/**
 * The load process (CommonJS for `node -e`): runs JOINS calls per player, players concurrently, and
 * reports the wall time, each call's latency and the non-200 count over IPC. `mode` 'join' or 'config'.
 */
const LOAD_CLIENT = `
const http = require('node:http');
const { url, players, joins, mode } = JSON.parse(process.env.JOIN_LOAD);
const agent = new http.Agent({ keepAlive: true, maxSockets: players.length });
const u = new URL(url);
function call(p, k) {
  const risk = '0.' + String((k % 99) + 1).padStart(2, '0');
  const body = mode === 'join' ? JSON.stringify({ risk, oogle_id: p.eggId }) : undefined;
  const headers = { ...p.headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, agent, method: mode === 'join' ? 'POST' : 'GET',
      path: mode === 'join' ? '/api/game/join' : '/api/config', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}
(async () => {
  const latencies = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(players.map(async (p) => {
    for (let k = 0; k < joins; k++) {
      const start = performance.now();
      if ((await call(p, k)) !== 200) failed++;
      latencies.push(performance.now() - start);
    }
  }));
  process.send({ wallMs: performance.now() - t0, latencies, failed }, () => process.exit(0));
})();
`;

interface LoadReport {
  wallMs: number;
  latencies: number[];
  failed: number;
  /** Server CPU (user + system) during the run, in µs; undefined where the work ran in this process too. */
  cpuMicros?: number;
}

/**
 * Runs the load process against `url` and answers its report (latencies sorted), with the CPU the server
 * (this process) spent meanwhile: on a machine shared with other work, wall-clock rates swing by 2× from
 * run to run, while CPU per call says what the server's code costs.
 */
async function runLoad(url: string, players: LoadPlayer[], mode: 'join' | 'config', profileAs?: string): Promise<LoadReport> {
  const cpu0 = process.cpuUsage();
  const r =
    PROFILE_DIR && profileAs
      ? await profileDuring(profileAs, `${PROFILE_DIR}/${profileAs}.cpuprofile`, () => runLoadProcess(url, players, mode))
      : await runLoadProcess(url, players, mode);
  const cpu = process.cpuUsage(cpu0);
  return { ...r, cpuMicros: cpu.user + cpu.system };
}

function runLoadProcess(url: string, players: LoadPlayer[], mode: 'join' | 'config'): Promise<LoadReport> {
  const child = spawn(process.execPath, ['-e', LOAD_CLIENT], {
    env: { ...process.env, JOIN_LOAD: JSON.stringify({ url, players, joins: JOINS, mode }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      const r = m as LoadReport;
      resolve({ ...r, latencies: r.latencies.sort((a, b) => a - b) });
    });
    child.on('exit', (code) => reject(new Error(`load process exited (${code}) without a report`)));
  });
}

/** Registers the players and grows each one's free egg (not timed); answers their headers and eggs. */
async function preparePlayers(s: TestServer): Promise<LoadPlayer[]> {
  const players: LoadPlayer[] = [];
  // A few at a time: registration hashes a password, which is deliberately slow.
  for (let i = 0; i < PLAYERS; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, PLAYERS - i) }, async (_, j) => {
        const { client, user } = await registerPlayer(s, `bench${i + j}`);
        await confirmEmail(s.testDb.db, user.id);
        const egg = await client.post('/api/oogle/free');
        if (egg.status !== 200) throw new Error(`free egg: ${egg.status} ${egg.text}`);
        const headers = {
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          cookie: client.cookieHeader(),
          'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
        };
        return { headers, eggId: egg.body.data.id as number };
      }),
    );
    players.push(...batch);
  }
  return players;
}

/** Runs `work(k)` JOINS times per player, the players concurrently, in this process; answers wall ms and latencies. */
async function timedLocal(count: number, work: (player: number, k: number) => Promise<void>): Promise<LoadReport> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, p) => {
      for (let k = 0; k < JOINS; k++) {
        const start = performance.now();
        await work(p, k);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { wallMs: performance.now() - t0, latencies: latencies.sort((a, b) => a - b), failed: 0 };
}

/** Prints throughput and latency figures of `r` under `name`. */
function report(name: string, r: LoadReport, unit: string): number {
  const rate = (r.latencies.length / r.wallMs) * 1000;
  bench(`${name}.throughput`, rate, unit);
  bench(`${name}.p50`, pct(r.latencies, 50), 'ms');
  bench(`${name}.p90`, pct(r.latencies, 90), 'ms');
  bench(`${name}.p99`, pct(r.latencies, 99), 'ms');
  bench(`${name}.max`, r.latencies.at(-1)!, 'ms');
  if (r.cpuMicros !== undefined) bench(`${name}.server_cpu_per_call`, r.cpuMicros / r.latencies.length, 'µs');
  return rate;
}

async function runDialect(dialect: DialectName): Promise<void> {
  const s = await startTestServer(dialect, PG_ADMIN, { clock: systemClock });
  try {
    await ensureGenesis(s.testDb.db, systemClock);
    const now = systemClock.now();
    await insertRound(s.testDb.db, 1, { opensAt: now, canActBefore: now + 3_600_000, endsAt: now + 3_660_000 });
    const players = await preparePlayers(s);
    const tag = `join.${dialect}`;
    bench(`${tag}.players`, players.length, 'players');
    bench(`${tag}.joins`, players.length * JOINS, 'joins');
    // Warm-up (JIT, prepared statements, connection pools), not reported.
    await runLoad(s.url, players, 'join');

    const joins = await runLoad(s.url, players, 'join', `${tag}.ack`);
    bench(`${tag}.refused`, joins.failed, 'joins');
    const joinRate = report(`${tag}.ack`, joins, 'joins/s');

    const floor = await runLoad(s.url, players, 'config', `${tag}.baseline_http_config`);
    const floorRate = report(`${tag}.baseline_http_config`, floor, 'calls/s');

    const k = s.testDb.db.kysely;
    const eggs = players.map((p) => p.eggId);
    const writes = await timedLocal(players.length, async (p, j) => {
      await k
        .updateTable('eidols')
        .set({ risk: `0.${String((j % 99) + 1).padStart(2, '0')}` })
        .where('id', '=', eggs[p]!)
        .execute();
    });
    const writeRate = report(`${tag}.baseline_update`, writes, 'updates/s');
    printRatio(`${tag}.ratio_join_over_http_floor`, joinRate, floorRate, 'per s');
    printRatio(`${tag}.ratio_join_over_update_floor`, joinRate, writeRate, 'per s');
    const cpuPerCall = (r: LoadReport) => r.cpuMicros! / r.latencies.length;
    printRatio(`${tag}.ratio_cpu_join_over_http_floor`, cpuPerCall(joins), cpuPerCall(floor), 'µs');
  } finally {
    await s.close();
  }
}

for (const dialect of DIALECTS) await runDialect(dialect);
process.exit(0);
