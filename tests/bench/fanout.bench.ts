/**
 * `npm run bench:fanout`: one round result (`game_ended`) to every socket of a server. One server (SQLite,
 * in-process bus) in this process; BENCH_SOCKETS (default 10,000) subscribed sockets of one transport at a
 * time in a child process (the clients must not share the server's event loop), each acking every message
 * like the product's clients; BENCH_ROUNDS broadcasts per transport, one after the other finished. Per
 * transport: last-client (and first-client) latency p50/p99 over the rounds (the send time travels in the
 * payload; same machine, same clock), the time the server spent in the send call, and the server's memory
 * per socket (heap and RSS after connecting minus before, after a full GC, / N). Baseline in the same run,
 * measured right before each transport: a bare `ws` server sending the same JSON text to the same number
 * of bare `ws` clients (which ack too). BENCH_TRANSPORTS (`socket.io,ws` by default) picks the transports.
 * Prints `BENCH <name> <value> <unit>` lines, figures only, and the ratios to the baseline.
 * Goals (issue 9): last-client p99 ≤ 150 ms and ≤ 8 KB of server memory per socket, on each transport.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import v8 from 'node:v8';
import { WebSocketServer, type WebSocket } from 'ws';
import { systemClock } from '../../src/server/clock';
import type { RealtimeLimits } from '../../src/server/realtime/limits';
import { registerPlayer, startTestServer } from '../support/server';
import { printRatio } from './ratioLine';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PLAYERS = Math.min(SOCKETS, Number(process.env.BENCH_PLAYERS ?? 20));
/** BENCH_TRANSPORTS: which transports to measure, comma-separated (default both), each with its own baseline. */
const TRANSPORTS = (process.env.BENCH_TRANSPORTS ?? 'socket.io,ws').split(',').map((t) => t.trim());
for (const t of TRANSPORTS)
  if (t !== 'socket.io' && t !== 'ws') throw new Error(`BENCH_TRANSPORTS: unknown transport ${t} (socket.io, ws)`);
/**
 * BENCH_SETTLE_MS: wait this long after connecting before measuring memory (default 0). Past Socket.IO's
 * ping interval (25 s) every socket has been through a ping and its pong, as on a server that has run a
 * while; connecting 10,000 sockets takes 20 s to 2 min here, so without it the figure depends on the load.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 0);
/** Pause between rounds: the acks of one round are read before the next is sent. */
const ROUND_GAP_MS = 300;
const ROUND_TIMEOUT_MS = 30_000;
/** The gateway's per-address and per-socket limits lifted: every client comes from 127.0.0.1. */
const LIFTED: Partial<RealtimeLimits> = {
  socketsPerAddress: 1e9,
  handshakeBurst: 1e12,
  handshakesPerSecond: 1e12,
  messageBurst: 1e6,
  abuseBurst: 1e6,
};

const bench = (name: string, value: number, unit: string) =>
  console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : value < 100 ? 1 : 0)} ${unit}`);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes of one machine. */
const now = () => performance.timeOrigin + performance.now();
const gc = (globalThis as { gc?: () => void }).gc;
const hasGc = gc !== undefined;

/** The clients, a CommonJS script for `node -e`: opens, subscribes, acks, and reports each round's latencies. */
const CLIENTS = `
const WebSocket = require('ws');
const { io } = require('socket.io-client');
const { url, kind, count, players, concurrency } = JSON.parse(process.env.FANOUT);
const now = () => performance.timeOrigin + performance.now();
const rounds = new Map();
function onMessage(m, ack) {
  ack(m._nonce);
  if (m.event !== 'game_ended') return;
  const t = now() - m.sent_at;
  let r = rounds.get(m.game_id);
  if (!r) rounds.set(m.game_id, (r = { n: 0, first: Infinity, last: 0 }));
  r.n++;
  if (t < r.first) r.first = t;
  if (t > r.last) r.last = t;
  if (r.n === count) { rounds.delete(m.game_id); process.send({ type: 'round', round: m.game_id, first: r.first, last: r.last }); }
}
// Spread over a few loopback source addresses: ephemeral ports are shared with everything else on the machine.
const local = (i) => '127.0.0.' + (1 + (i % 4));
function openWs(i, path, player) {
  return new Promise((resolve, reject) => {
    const s = new WebSocket(url.replace(/^http/, 'ws') + path, { headers: player ? { cookie: player.cookie } : {}, localAddress: local(i), perMessageDeflate: false });
    const ack = (nonce) => s.send(JSON.stringify({ method: 'ack', nonce }));
    s.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.event === 'subscribe') return m.success ? resolve() : reject(new Error('subscribe refused'));
      onMessage(m, ack);
    });
    s.on('open', () => (player ? s.send(JSON.stringify({ method: 'sync', x: Math.random(), token: player.token })) : resolve()));
    s.on('error', reject);
  });
}
function openSio(i, player) {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie: player.cookie }, localAddress: local(i) });
    const ack = (nonce) => s.send({ method: 'ack', nonce });
    s.on('message', (m) => {
      if (m.event === 'subscribe') return m.success ? resolve() : reject(new Error('subscribe refused'));
      onMessage(m, ack);
    });
    s.on('connect', () => s.send({ method: 'sync', x: Math.random(), token: player.token }));
    s.on('connect_error', reject);
  });
}
async function main() {
  let next = 0;
  const one = (i) => (kind === 'raw' ? openWs(i, '/') : kind === 'ws' ? openWs(i, '/ws/', players[i % players.length]) : openSio(i, players[i % players.length]));
  const lane = async () => { while (next < count) await one(next++); };
  await Promise.all(Array.from({ length: concurrency }, lane));
  process.send({ type: 'ready' });
}
main().catch((err) => { console.error('fanout clients failed:', err.message); process.exit(1); });
process.on('message', (m) => { if (m === 'stop') process.exit(0); });
`;

interface RoundReport {
  type: 'round';
  round: number;
  first: number;
  last: number;
}

/** A child process with `count` clients of `kind`, subscribed (or just open, for the baseline). */
async function startClients(url: string, kind: 'socket.io' | 'ws' | 'raw', players: { cookie: string; token: string }[]) {
  const child: ChildProcess = spawn(process.execPath, ['-e', CLIENTS], {
    cwd: process.cwd(),
    env: { ...process.env, FANOUT: JSON.stringify({ url, kind, count: SOCKETS, players, concurrency: 64 }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (r: RoundReport) => void>();
  let exited = false;
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type: string; round?: number }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'round') waiting.get(m.round!)?.(m as unknown as RoundReport);
    });
    child.on('exit', (code) => {
      exited = true;
      reject(new Error(`fanout clients exited with ${code}`));
    });
  });
  const t0 = now();
  await ready;
  const connectMs = now() - t0;
  return {
    connectMs,
    /** Resolves with the round's report once every client has it. */
    round(id: number): Promise<RoundReport> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`round ${id}: not every client heard it within ${ROUND_TIMEOUT_MS} ms`)),
          ROUND_TIMEOUT_MS,
        );
        waiting.set(id, (r) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(r);
        });
      });
    },
    async stop() {
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.send('stop');
      await gone;
    },
  };
}

/** Heap and RSS after a full GC (when --expose-gc is on). */
async function memory(): Promise<{ heap: number; rss: number }> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await sleep(50);
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

interface Figures {
  lastP50: number;
  lastP99: number;
  firstP50: number;
  sendP50: number;
  heapPerSocket: number;
  rssPerSocket: number;
}

/** Connects the clients, sends ROUNDS results through `send` (returns the synchronous send time), and reports. */
async function measure(
  name: string,
  url: string,
  kind: 'socket.io' | 'ws' | 'raw',
  players: { cookie: string; token: string }[],
  send: (round: number) => void,
): Promise<Figures> {
  const before = await memory();
  if (process.env.BENCH_HEAP_SNAPSHOT) v8.writeHeapSnapshot(`${process.env.BENCH_HEAP_SNAPSHOT}/fanout-${name}-before.heapsnapshot`);
  const clients = await startClients(url, kind, players);
  await sleep(SETTLE_MS);
  const after = await memory();
  // BENCH_HEAP_SNAPSHOT=<dir>: where the per-socket memory goes (compare the two snapshots in Chrome DevTools).
  if (process.env.BENCH_HEAP_SNAPSHOT) v8.writeHeapSnapshot(`${process.env.BENCH_HEAP_SNAPSHOT}/fanout-${name}.heapsnapshot`);
  const last: number[] = [];
  const first: number[] = [];
  const sendMs: number[] = [];
  try {
    for (let r = 1; r <= ROUNDS; r++) {
      const heard = clients.round(r);
      const t = now();
      send(r);
      sendMs.push(now() - t);
      const report = await heard;
      last.push(report.last);
      first.push(report.first);
      await sleep(ROUND_GAP_MS);
    }
  } finally {
    await clients.stop();
  }
  const f: Figures = {
    lastP50: pct(last, 50),
    lastP99: pct(last, 99),
    firstP50: pct(first, 50),
    sendP50: pct(sendMs, 50),
    heapPerSocket: (after.heap - before.heap) / SOCKETS,
    rssPerSocket: (after.rss - before.rss) / SOCKETS,
  };
  bench(`fanout.${name}.connect_and_subscribe`, clients.connectMs / 1000, 's');
  bench(`fanout.${name}.last_client.p50`, f.lastP50, 'ms');
  bench(`fanout.${name}.last_client.p99`, f.lastP99, 'ms');
  bench(`fanout.${name}.first_client.p50`, f.firstP50, 'ms');
  bench(`fanout.${name}.server_send_call.p50`, f.sendP50, 'ms');
  bench(`fanout.${name}.server_heap_per_socket`, f.heapPerSocket / 1024, 'KB');
  bench(`fanout.${name}.server_rss_per_socket`, f.rssPerSocket / 1024, 'KB');
  // Sockets close in the background; let them go before the next measurement's "before".
  await sleep(1500);
  return f;
}

/** A round result as the scheduler sends it, plus the send time. */
function result(round: number) {
  return { game_id: round, threshold: '0.4182739104721', hash: 'ab'.repeat(32), next_game_id: round + 1, sent_at: now() };
}

console.info(
  `fanout: ${SOCKETS} sockets per transport (${TRANSPORTS.join(', ')}), ${ROUNDS} rounds, ${PLAYERS} players, memory ${SETTLE_MS} ms after connecting${hasGc ? '' : ' (no --expose-gc: memory figures include garbage)'}`,
);
// Latencies on a shared machine follow its load: printed so a run's figures can be read against it.
bench('fanout.machine.cpus', os.cpus().length, 'cpus');
bench('fanout.machine.load_avg_1m_at_start', os.loadavg()[0]!, 'runnable');

/** The baseline: a bare ws server, the same JSON text to every client, nothing else. */
async function baseline(label: string): Promise<Figures> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false, clientTracking: false });
  await new Promise((r) => wss.once('listening', r));
  const raw = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    raw.add(ws);
    ws.on('message', (data) => JSON.parse(String(data)) as unknown);
    ws.on('close', () => raw.delete(ws));
  });
  const rawUrl = `http://127.0.0.1:${(wss.address() as { port: number }).port}`;
  try {
    return await measure(`baseline_bare_ws.before_${label}`, rawUrl, 'raw', [], (round) => {
      const text = JSON.stringify({ ...result(round), event: 'game_ended', _nonce: crypto.randomUUID() });
      for (const ws of raw) ws.send(text);
    });
  } finally {
    await new Promise((r) => wss.close(r));
  }
}

const server = await startTestServer('sqlite', '', { clock: systemClock, realtimeLimits: LIFTED });
try {
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const p = await registerPlayer(server, `fan${i}`);
    players.push({ cookie: p.client.cookieHeader(), token: p.user.ws_auth_token as string });
  }
  for (const transport of TRANSPORTS as ('socket.io' | 'ws')[]) {
    // Measured right before each transport: on a shared machine the load drifts within a run.
    const base = await baseline(transport);
    const f = await measure(transport, server.url, transport, players, (round) => server.realtime.broadcast('game_ended', result(round)));
    printRatio(`fanout.${transport}.last_client.p50_ratio_to_baseline`, f.lastP50, base.lastP50, 'ms');
    printRatio(`fanout.${transport}.last_client.p99_ratio_to_baseline`, f.lastP99, base.lastP99, 'ms');
    printRatio(`fanout.${transport}.server_send_call.p50_ratio_to_baseline`, f.sendP50, base.sendP50, 'ms');
    printRatio(`fanout.${transport}.server_heap_per_socket_ratio_to_baseline`, f.heapPerSocket / 1024, base.heapPerSocket / 1024, 'KB');
    printRatio(`fanout.${transport}.server_rss_per_socket_ratio_to_baseline`, f.rssPerSocket / 1024, base.rssPerSocket / 1024, 'KB');
  }
} finally {
  await server.close();
}
bench('fanout.machine.load_avg_1m_at_end', os.loadavg()[0]!, 'runnable');
process.exit(0);
