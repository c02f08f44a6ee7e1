/**
 * `npm run bench:join`: BENCH_PLAYERS logged-in players, each with its free egg, join the open round over
 * HTTP against a real server, all at once, BENCH_JOINS joins each back to back (a risk angle swiped again
 * and again). Prints joins/s and the ack latency (request sent → answer read) p50/p99, then the baseline:
 * the same number of bare `UPDATE eidols SET risk` statements at the same concurrency on the same
 * database (the floor of the write a join must do), and the ratio; also the HTTP floor: the same number
 * of calls of the cheapest API route (`GET /api/config`, no database) at the same concurrency. SQLite by default; TEST_PG_URL adds
 * PostgreSQL (BENCH_DIALECTS=sqlite,postgres picks). The load runs in the server's own process (one
 * event loop for client and server), so the HTTP figures include the client's cost. Figures only: goals
 * (≥ 10k joins/s, p99 ≤ 20 ms) are for the reader, never asserted.
 */
import { systemClock } from '../../src/server/clock';
import type { DialectName } from '../../src/server/db/database';
import { ensureGenesis } from '../../src/server/ledger/index';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../support/server';
import { confirmEmail, insertRound } from '../support/gameFixtures';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const JOINS = Number(process.env.BENCH_JOINS ?? 50);
const PG_ADMIN = process.env.TEST_PG_URL || '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_ADMIN ? 'sqlite,postgres' : 'sqlite')).split(',').map((d) => d.trim()) as DialectName[];

const bench = (name: string, value: number, unit: string) => console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : value < 100 ? 1 : 0)} ${unit}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

interface Player {
  client: TestClient;
  eggId: number;
}

/** Registers the players and grows each one's free egg (not timed). */
async function preparePlayers(s: TestServer): Promise<Player[]> {
  const players: Player[] = [];
  // A few at a time: registration hashes a password, which is deliberately slow.
  for (let i = 0; i < PLAYERS; i += 8) {
    const batch = await Promise.all(Array.from({ length: Math.min(8, PLAYERS - i) }, async (_, j) => {
      const { client, user } = await registerPlayer(s, `bench${i + j}`);
      await confirmEmail(s.testDb.db, user.id);
      const egg = await client.post('/api/oogle/free');
      if (egg.status !== 200) throw new Error(`free egg: ${egg.status} ${egg.text}`);
      return { client, eggId: egg.body.data.id as number };
    }));
    players.push(...batch);
  }
  return players;
}

/** Runs `work(player, k)` JOINS times per player, the players concurrently; answers wall ms and each call's ms. */
async function timed(players: Player[], work: (p: Player, k: number) => Promise<void>): Promise<{ wallMs: number; latencies: number[] }> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(players.map(async (p) => {
    for (let k = 0; k < JOINS; k++) {
      const start = performance.now();
      await work(p, k);
      latencies.push(performance.now() - start);
    }
  }));
  return { wallMs: performance.now() - t0, latencies: latencies.sort((a, b) => a - b) };
}

/** Risk text for the k-th join: every value a 2-decimal egg accepts, cycling. */
const riskFor = (k: number) => `0.${String((k % 99) + 1).padStart(2, '0')}`;

async function runDialect(dialect: DialectName): Promise<void> {
  const s = await startTestServer(dialect, PG_ADMIN, { clock: systemClock });
  try {
    await ensureGenesis(s.testDb.db, systemClock);
    const now = systemClock.now();
    await insertRound(s.testDb.db, 1, { opensAt: now, canActBefore: now + 3_600_000, endsAt: now + 3_660_000 });
    const players = await preparePlayers(s);
    // Warm-up: one join each (JIT, prepared statements, connection pool).
    for (const p of players) await p.client.post('/api/game/join', { risk: '0.5', oogle_id: p.eggId });

    let refused = 0;
    const http = await timed(players, async (p, k) => {
      const res = await p.client.post('/api/game/join', { risk: riskFor(k), oogle_id: p.eggId });
      if (res.status !== 200) refused += 1;
    });
    const total = players.length * JOINS;
    const tag = `join.${dialect}`;
    bench(`${tag}.players`, players.length, 'players');
    bench(`${tag}.joins`, total, 'joins');
    bench(`${tag}.refused`, refused, 'joins');
    bench(`${tag}.throughput`, (total / http.wallMs) * 1000, 'joins/s');
    bench(`${tag}.ack_p50`, pct(http.latencies, 50), 'ms');
    bench(`${tag}.ack_p99`, pct(http.latencies, 99), 'ms');

    // The floor of the transport: the same number of calls of the cheapest API route (no database).
    const floor = await timed(players, async (p) => {
      await p.client.get('/api/config');
    });
    bench(`${tag}.baseline_http_config.throughput`, (total / floor.wallMs) * 1000, 'calls/s');
    bench(`${tag}.baseline_http_config.p50`, pct(floor.latencies, 50), 'ms');
    bench(`${tag}.baseline_http_config.p99`, pct(floor.latencies, 99), 'ms');

    const k = s.testDb.db.kysely;
    const base = await timed(players, async (p, j) => {
      await k.updateTable('eidols').set({ risk: riskFor(j) }).where('id', '=', p.eggId).execute();
    });
    const baseRate = (total / base.wallMs) * 1000;
    bench(`${tag}.baseline_update.throughput`, baseRate, 'updates/s');
    bench(`${tag}.baseline_update.p50`, pct(base.latencies, 50), 'ms');
    bench(`${tag}.baseline_update.p99`, pct(base.latencies, 99), 'ms');
    bench(`${tag}.ratio_baseline_over_join`, baseRate / ((total / http.wallMs) * 1000), 'x');
  } finally {
    await s.close();
  }
}

for (const dialect of DIALECTS) await runDialect(dialect);
process.exit(0);
