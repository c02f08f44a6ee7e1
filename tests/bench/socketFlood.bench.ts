/**
 * `npm run bench:flood`: does a socket flood from one address move another player's API latency? A
 * logged-in player calls GET /api/auth/status back to back; p50/p99 are measured with no socket at all
 * (baseline), during a flood under the gateway's limits, and during the same flood with the limits lifted
 * (what the gateway did before them), plus a control: the flood process burning CPU without any socket
 * (on a shared machine the attacker's own CPU use slows the server too). The flood runs in its own process under `nice` (an attacker's CPU is
 * not the server's; here they share two cores): FLOOD_SOCKETS sockets (half
 * Socket.IO, half plain WebSocket) from 127.0.0.1, each sending `sync` with the attacker's own session
 * cookie (so every `sync` that gets through costs two database reads) as fast as it can, and reconnecting
 * 50 ms after any refusal or disconnect. Prints `BENCH <name> <value> <unit>` lines; figures only.
 * BENCH_LIFTED=1 adds the flood with the limits lifted (on PostgreSQL it can exhaust the heap: the gateway
 * before these limits). BENCH_DIALECTS=postgres (or sqlite,postgres) picks the databases (TEST_PG_URL); each sample is BENCH_REQUESTS
 * calls or BENCH_SECONDS of them, whichever ends first.
 */
import { spawn } from 'node:child_process';
import { systemClock } from '../../src/server/clock';
import type { DialectName } from '../../src/server/db/database';
import type { RealtimeLimits } from '../../src/server/realtime/limits';
import { registerPlayer, startTestServer, type TestClient } from '../support/server';
import { printRatio } from './ratioLine';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const FLOOD_SOCKETS = Number(process.env.FLOOD_SOCKETS ?? 300);
const SAMPLE_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WARMUP_MS = 1500;
const PG_ADMIN = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite').split(',').map((d) => d.trim()) as DialectName[];
/** The flood's view of "no limits": everything a client could ask for is granted. */
const LIFTED: Partial<RealtimeLimits> = {
  maxMessageBytes: 1e6,
  messageBurst: 1e12,
  syncBurst: 1e12,
  syncsInFlight: 1e12,
  abuseBurst: 1e12,
  socketsPerAddress: 1e9,
  handshakeBurst: 1e12,
};

const bench = (name: string, value: number, unit: string) =>
  console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : value < 100 ? 1 : 0)} ${unit}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The flood client, a CommonJS script for `node -e`; it reports its counts over IPC when told to stop. */
const FLOOD_CLIENT = `
const WebSocket = require('ws');
const { io } = require('socket.io-client');
const { url, cookie, sockets, ms } = JSON.parse(process.env.FLOOD);
const stats = { opened: 0, refused: 0, ended: 0, sent: 0 };
let stop = false;
const sync = { method: 'sync', x: 1, token: 'flood-'.repeat(8) };
const frame = JSON.stringify(sync);
const again = (fn) => { if (!stop) setTimeout(fn, 50); };
function ws() {
  let done = false;
  const finish = (key) => { if (done) return; done = true; stats[key]++; again(ws); };
  const s = new WebSocket(url.replace(/^http/, 'ws') + '/ws/', { headers: { cookie } });
  s.on('open', () => {
    stats.opened++;
    const pump = () => {
      if (done || stop || s.readyState !== 1) return;
      if (s.bufferedAmount > 1 << 20) return void setTimeout(pump, 2);
      for (let i = 0; i < 50; i++) s.send(frame);
      stats.sent += 50;
      setImmediate(pump);
    };
    pump();
  });
  s.on('unexpected-response', (req) => { req.destroy(); finish('refused'); });
  s.on('error', () => finish('refused'));
  s.on('close', () => finish('ended'));
}
function sio() {
  let done = false;
  const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
  const finish = (key) => { if (done) return; done = true; stats[key]++; s.close(); again(sio); };
  s.on('connect', () => {
    stats.opened++;
    const pump = () => {
      if (done || stop || !s.connected) return;
      if ((s.io.engine.writeBuffer || []).length > 2000) return void setTimeout(pump, 2);
      for (let i = 0; i < 50; i++) s.send(sync);
      stats.sent += 50;
      setImmediate(pump);
    };
    pump();
  });
  s.on('connect_error', () => finish('refused'));
  s.on('disconnect', () => finish('ended'));
}
for (let i = 0; i < sockets; i++) (i % 2 ? sio : ws)();
// No sockets: only burn CPU, to show what the flood client's own CPU use costs on a shared machine.
if (sockets === 0) { const spin = () => { const end = Date.now() + 20; while (Date.now() < end); if (!stop) setImmediate(spin); }; spin(); }
const finish = () => { if (stop) return; stop = true; process.send(stats, () => process.exit(0)); };
process.on('message', finish);
// It also stops on its own: a stalled server may not get to telling it for a long time.
setTimeout(finish, ms);
`;

interface FloodStats {
  opened: number;
  refused: number;
  ended: number;
  sent: number;
}

/** Starts the flood; the returned function stops it and reports what it did. */
function startFlood(url: string, cookie: string, sockets: number): () => Promise<FloodStats> {
  const child = spawn('nice', ['-n', '10', process.execPath, '-e', FLOOD_CLIENT], {
    cwd: process.cwd(),
    env: { ...process.env, FLOOD: JSON.stringify({ url, cookie, sockets, ms: WARMUP_MS + SAMPLE_MS + REQUEST_TIMEOUT_MS }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const lost: FloodStats = { opened: NaN, refused: NaN, ended: NaN, sent: NaN };
  // Listening from the start: the flood may stop on its own and report while the server is stalled.
  const report = new Promise<FloodStats>((resolve) => {
    child.on('message', (stats) => resolve(stats as FloodStats));
    child.on('exit', () => resolve(lost));
  });
  child.on('error', () => {});
  return async () => {
    if (child.connected) child.send('stop', () => {});
    // If its report does not come within 3 s of asking, the flood is killed and its counts lost.
    const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
    const stats = await report;
    clearTimeout(kill);
    return stats;
  };
}

/** A call that takes longer than this is cut and counted at this figure (the flood without limits stalls the server). */
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Sequential auth-status calls of a logged-in player (REQUESTS, or SAMPLE_MS of them); latencies in ms,
 * sorted, and how many hit the timeout.
 */
async function sample(url: string, client: TestClient): Promise<{ lat: number[]; timeouts: number }> {
  const lat: number[] = [];
  let timeouts = 0;
  const until = performance.now() + SAMPLE_MS;
  for (let i = 0; i < REQUESTS && performance.now() < until; i++) {
    const t = performance.now();
    try {
      const res = await fetch(`${url}/api/auth/status`, {
        headers: { cookie: client.cookieHeader(), accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`auth/status answered ${res.status}`);
      lat.push(performance.now() - t);
    } catch (err) {
      if ((err as Error).name !== 'TimeoutError') throw err;
      timeouts++;
      lat.push(REQUEST_TIMEOUT_MS);
    }
  }
  return { lat: lat.sort((a, b) => a - b), timeouts };
}

async function scenario(dialect: DialectName, label: string, limits: Partial<RealtimeLimits> | undefined, flood: number | undefined) {
  const s = await startTestServer(dialect, PG_ADMIN, { clock: systemClock, realtimeLimits: limits });
  try {
    const victim = await registerPlayer(s, 'victim');
    const attacker = await registerPlayer(s, 'attacker');
    await sample(s.url, victim.client); // warm the server up
    const stop = flood === undefined ? undefined : startFlood(s.url, attacker.client.cookieHeader(), flood);
    if (stop) await new Promise((r) => setTimeout(r, WARMUP_MS));
    const t0 = performance.now();
    const { lat, timeouts } = await sample(s.url, victim.client);
    const elapsed = (performance.now() - t0) / 1000;
    const stats = await stop?.();
    const name = `flood.${dialect}.${label}`;
    bench(`${name}.auth_status.p50`, pct(lat, 50), 'ms');
    bench(`${name}.auth_status.p99`, pct(lat, 99), 'ms');
    bench(`${name}.auth_status.requests`, lat.length, 'requests');
    bench(`${name}.auth_status.timeouts_over_${REQUEST_TIMEOUT_MS}ms`, timeouts, 'requests');
    if (stats && flood) {
      bench(`${name}.flood.frames_per_s`, stats.sent / (elapsed + WARMUP_MS / 1000), 'frames/s');
      bench(`${name}.flood.sockets_opened`, stats.opened, 'sockets');
      bench(`${name}.flood.sockets_refused`, stats.refused, 'attempts');
      bench(`${name}.flood.sockets_ended_by_server`, stats.ended, 'sockets');
    }
    return { p50: pct(lat, 50), p99: pct(lat, 99) };
  } finally {
    // The flood without limits leaves a backlog of queued database reads; do not wait for all of it.
    await Promise.race([s.close(), new Promise((r) => setTimeout(r, 15_000))]);
  }
}

for (const dialect of DIALECTS) {
  const base = await scenario(dialect, 'baseline_no_socket', undefined, undefined);
  const spin = await scenario(dialect, 'flood_process_cpu_only', undefined, 0);
  const limited = await scenario(dialect, 'flood_with_limits', undefined, FLOOD_SOCKETS);
  printRatio(`flood.${dialect}.cpu_only.p50_ratio`, spin.p50, base.p50, 'ms');
  printRatio(`flood.${dialect}.cpu_only.p99_ratio`, spin.p99, base.p99, 'ms');
  printRatio(`flood.${dialect}.with_limits.p50_ratio`, limited.p50, base.p50, 'ms');
  printRatio(`flood.${dialect}.with_limits.p99_ratio`, limited.p99, base.p99, 'ms');
  // Opt-in: on PostgreSQL the unlimited flood queues database reads without bound and can exhaust the heap.
  if (process.env.BENCH_LIFTED === '1') {
    const lifted = await scenario(dialect, 'flood_limits_lifted', LIFTED, FLOOD_SOCKETS);
    printRatio(`flood.${dialect}.limits_lifted.p50_ratio`, lifted.p50, base.p50, 'ms');
    printRatio(`flood.${dialect}.limits_lifted.p99_ratio`, lifted.p99, base.p99, 'ms');
  }
}
process.exit(0);
