/**
 * `npm run bench:walk`: BENCH_PLAYERS (default 500) players present in the Forum, each walking twice a
 * second over HTTP (one keep-alive connection each) for BENCH_SECONDS (default 10), each with its plain
 * WebSocket subscribed. One server (SQLite, in-process bus) in this process; the players in a child
 * process (they must not share the server's event loop). Prints `BENCH <name> <value> <unit>` lines:
 * - server CPU per walk (process.cpuUsage of this process over the window / walks answered), walks/s;
 * - the delay from a walk's send until the other players' sockets receive the `forumupd` carrying it
 *   (p50/p99; measured on BENCH_OBSERVERS sockets, default 50: every socket receives, only those time);
 *   the bare-ws baseline below times the same observer sockets;
 * - baselines from the same run: plain SQL updates of the same rows (µs per row, one after the other)
 *   and a bare `ws` server sending the same forumupd text to the same N bare sockets (p50/p99), and the
 *   ratios; the machine's load average. Figures only: nothing is asserted.
 * BENCH_PROFILE=<dir> writes a CPU profile of the server during the walking and prints where its time went.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import { WebSocketServer, type WebSocket } from 'ws';
import { systemClock } from '../../src/server/clock';
import { createSession } from '../../src/server/domain/auth/sessions';
import { sessionCookieName } from '../../src/server/http/sessionCookies';
import type { RealtimeLimits } from '../../src/server/realtime/limits';
import { registerPlayer, startTestServer } from '../support/server';
import { profileDuring } from './serverProfile';
import { printRatio } from './ratioLine';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OBSERVERS = Math.min(PLAYERS, Number(process.env.BENCH_OBSERVERS ?? 50));
const PROFILE_DIR = process.env.BENCH_PROFILE;
const WALK_EVERY_MS = 500;
const BASELINE_SENDS = 20;
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
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
};

/**
 * The players, a CommonJS script for `node -e`. 'walk': opens and subscribes every player's /ws/ socket,
 * enters the Forum, then walks each player every WALK_EVERY_MS (the next walk waits for the answer) and
 * times, on the observer sockets, each forumupd object against the send time of the walk it carries.
 * 'raw': opens N bare sockets and times each message against the `sent_at` it carries.
 */
const CLIENTS = `
const http = require('node:http');
const WebSocket = require('ws');
const { url, mode, players, seconds, observers, everyMs } = JSON.parse(process.env.WALK_BENCH);
const now = () => performance.timeOrigin + performance.now();
const u = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(1, players.length) });
const delays = [];
const sent = new Map(); // user id -> Map(coordinate -> send time)
let sample;
const local = (i) => '127.0.0.' + (1 + (i % 4));
function open(i, path, p) {
  return new Promise((resolve, reject) => {
    const s = new WebSocket(url.replace(/^http/, 'ws') + path, { headers: p ? { cookie: p.cookie } : {}, localAddress: local(i), perMessageDeflate: false });
    let ready = !p; // a bare socket has no subscribe answer to wait for
    const seen = new Map(); // user id -> the coordinate this socket last saw
    s.on('message', (data) => {
      // Only the observers read what they receive: parsing every socket's copy (500 × ~70 KB, 5 times a
      // second) took this process most of a core, which the server on the same 2 cores then lacked.
      if (ready && i >= observers) return;
      const text = String(data);
      const m = JSON.parse(text);
      if (m.event === 'subscribe') return m.success ? ((ready = true), resolve(s)) : reject(new Error('subscribe refused'));
      if (i >= observers) return;
      const t = now();
      if (mode === 'raw') return void delays.push(t - m.sent_at);
      if (m.event !== 'forumupd') return;
      if (i === 0 && (!sample || text.length > sample.length)) sample = text;
      // /ws/ carries the room's whole list (FACTS.md: \`data.original\`), so each update repeats every
      // player's place: a walk is timed on the first update of this socket that shows it.
      for (const o of m.data.original) {
        if (p && o.user_id === p.userId) continue; // the walker's own socket: "the other players" only
        if (seen.get(o.user_id) === o.coordinate) continue;
        seen.set(o.user_id, o.coordinate);
        const at = sent.get(o.user_id)?.get(o.coordinate);
        if (at !== undefined) delays.push(t - at);
      }
    });
    s.on('open', () => (p ? s.send(JSON.stringify({ method: 'sync', token: p.token })) : resolve(s)));
    s.on('error', reject);
  });
}
function call(p, method, path, body) {
  // X-Requested-With as the site's own pages send it: enter is a GET that moves the player (same-origin only).
  const headers = { accept: 'application/json', cookie: p.cookie, 'x-xsrf-token': p.csrf, 'x-requested-with': 'XMLHttpRequest' };
  if (body) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(body); }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, agent, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function lanes(count, fn) { let next = 0; await Promise.all(Array.from({ length: 32 }, async () => { while (next < count) await fn(next++); })); }
async function main() {
  const sockets = [];
  if (mode === 'raw') {
    await lanes(players.length, async (i) => { sockets[i] = await open(i, '/'); });
    process.send({ type: 'ready' });
    await new Promise((r) => process.once('message', r));
    await sleep(500);
    process.send({ type: 'done', walks: 0, failed: 0, delays });
    return;
  }
  await lanes(players.length, async (i) => { sockets[i] = await open(i, '/ws/', players[i]); });
  await lanes(players.length, async (i) => { const st = await call(players[i], 'GET', '/api/rooms/enter/1'); if (st !== 200) throw new Error('enter: ' + st); });
  process.send({ type: 'ready' });
  await new Promise((r) => process.once('message', r));
  let walks = 0, failed = 0;
  const end = now() + seconds * 1000;
  await Promise.all(players.map(async (p, i) => {
    const mine = new Map();
    sent.set(p.userId, mine);
    await sleep((i / players.length) * everyMs);
    for (let k = 0; now() < end; k++) {
      const started = now();
      const coordinate = 11000 + ((k * 7 + i) % 11000);
      mine.set(coordinate, started);
      const st = await call(p, 'POST', '/api/rooms/walk', JSON.stringify({ coordinate, flip: k % 2 === 1 }));
      if (st === 200) walks++; else failed++;
      const wait = everyMs - (now() - started);
      if (wait > 0) await sleep(wait);
    }
  }));
  await sleep(1000); // the last window's updates
  process.send({ type: 'done', walks, failed, delays, sample });
}
process.on('message', (m) => { if (m === 'stop') process.exit(0); });
main().catch((err) => { console.error('walk clients failed:', err.message); process.exit(1); });
`;

interface Player {
  userId: number;
  cookie: string;
  csrf: string;
  token: string;
}

interface Done {
  type: 'done';
  walks: number;
  failed: number;
  delays: number[];
  sample: string | undefined;
}

/** Starts the client process and waits for its sockets; `go` starts the walking, `result` the report. */
async function startClients(url: string, mode: 'walk' | 'raw', players: Player[] | unknown[]) {
  const child: ChildProcess = spawn(process.execPath, ['-e', CLIENTS], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      WALK_BENCH: JSON.stringify({ url, mode, players, seconds: SECONDS, observers: OBSERVERS, everyMs: WALK_EVERY_MS }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let onDone: (d: Done) => void = () => {};
  const done = new Promise<Done>((r) => (onDone = r));
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type: string }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'done') onDone(m as Done);
    });
    child.once('exit', (code) => reject(new Error(`walk clients exited with ${code}`)));
  });
  return {
    go: () => child.send('go'),
    done,
    stop: async () => {
      const gone = new Promise((r) => child.once('exit', r));
      child.send('stop');
      await gone;
    },
  };
}

/** Players with sessions: one registered over HTTP, the rest copies of its row (password hashing is slow by design). */
async function preparePlayers(server: Awaited<ReturnType<typeof startTestServer>>): Promise<Player[]> {
  const k = server.testDb.db.kysely;
  const first = await registerPlayer(server, 'walk0');
  const row = await k.selectFrom('users').selectAll().where('id', '=', first.user.id).executeTakeFirstOrThrow();
  const cookie = sessionCookieName(server.config);
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    let userId = row.id;
    if (i > 0) {
      const { id: _id, ...rest } = row;
      const name = `walk${i}`;
      const made = await k
        .insertInto('users')
        .values({
          ...rest,
          name,
          name_key: name,
          email: `${name}@example.com`,
          email_normalized: `${name}@example.com`,
          ref_code: `w${i}${crypto.randomBytes(4).toString('hex')}`,
          ws_auth_token: crypto.randomBytes(24).toString('hex'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = made.id;
    }
    const session = await createSession(k, userId, Date.now());
    const token = (await k.selectFrom('users').select('ws_auth_token').where('id', '=', userId).executeTakeFirstOrThrow()).ws_auth_token;
    players.push({ userId, cookie: `${cookie}=${session.id}; XSRF-TOKEN=${encodeURIComponent(session.csrf)}`, csrf: session.csrf, token });
  }
  return players;
}

/** The bare-ws baseline: the same text (with its send time) to N bare sockets, BASELINE_SENDS times. */
async function rawBaseline(text: string): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false, clientTracking: false });
  await new Promise((r) => wss.once('listening', r));
  const raw = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    raw.add(ws);
    ws.on('close', () => raw.delete(ws));
  });
  const clients = await startClients(
    `http://127.0.0.1:${(wss.address() as { port: number }).port}`,
    'raw',
    Array.from({ length: PLAYERS }, () => ({})),
  );
  const body = text.slice(1);
  for (let i = 0; i < BASELINE_SENDS; i++) {
    const out = `{"sent_at":${performance.timeOrigin + performance.now()},${body}`;
    for (const ws of raw) ws.send(out);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Told the sends are over, the clients report what they timed.
  clients.go();
  const { delays } = await clients.done;
  await clients.stop();
  await new Promise((r) => wss.close(r));
  return delays;
}

const server = await startTestServer('sqlite', '', { clock: systemClock, realtimeLimits: LIFTED });
try {
  console.info(
    `walk bench: ${PLAYERS} players, ${SECONDS} s, ${OBSERVERS} observer sockets, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const players = await preparePlayers(server);
  const clients = await startClients(server.url, 'walk', players);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  clients.go();
  const done = PROFILE_DIR
    ? await profileDuring('walk.server', `${PROFILE_DIR}/walk.cpuprofile`, () => clients.done, 25)
    : await clients.done;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await clients.stop();
  bench('walk.walks_per_second', (done.walks / wallMs) * 1000, 'walks/s');
  bench('walk.target_walks_per_second', (PLAYERS * 1000) / WALK_EVERY_MS, 'walks/s');
  bench('walk.failed', done.failed, 'walks');
  const cpuPerWalk = (cpu.user + cpu.system) / Math.max(1, done.walks);
  bench('walk.server_cpu_per_walk', cpuPerWalk, 'µs');
  bench('walk.delay_to_other_sockets.p50', pct(done.delays, 50), 'ms');
  bench('walk.delay_to_other_sockets.p99', pct(done.delays, 99), 'ms');
  bench('walk.delay_samples', done.delays.length, 'samples');
  bench('walk.forumupd_sample_bytes', Buffer.byteLength(done.sample ?? ''), 'B');

  // Baseline 1: the same rows updated with plain SQL, one statement after the other.
  const k = server.testDb.db.kysely;
  const ids = (await k.selectFrom('world_objects').select('id').where('type', '=', 'master').execute()).map((r) => r.id);
  const n = Math.max(1000, ids.length * 4);
  const s0 = performance.now();
  for (let i = 0; i < n; i++) {
    await k
      .updateTable('world_objects')
      .set({ coordinate: 11000 + (i % 1000), flip: i % 2, seen_at: Date.now() })
      .where('id', '=', ids[i % ids.length]!)
      .execute();
  }
  const sqlMicros = ((performance.now() - s0) * 1000) / n;
  bench('baseline.plain_sql_update_per_row', sqlMicros, 'µs');
  printRatio('walk.server_cpu_per_walk_ratio_to_sql_update', cpuPerWalk, sqlMicros, 'µs');

  // Baseline 2: a bare ws server sending the same forumupd text to the same number of sockets.
  if (done.sample) {
    const rawDelays = await rawBaseline(done.sample);
    bench('baseline.bare_ws_fanout.p50', pct(rawDelays, 50), 'ms');
    bench('baseline.bare_ws_fanout.p99', pct(rawDelays, 99), 'ms');
    printRatio('walk.delay_p99_ratio_to_bare_ws_p99', pct(done.delays, 99), pct(rawDelays, 99), 'ms');
  }
} finally {
  await server.close();
}
bench('walk.machine.load_avg_1m_at_end', os.loadavg()[0]!, 'runnable');
process.exit(0);
