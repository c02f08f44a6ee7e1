/**
 * `npm run bench:settle`: booking one round's settlement with 10^4 and 10^5 joined eidols on SQLite (temp
 * file) and PostgreSQL (a throw-away database at TEST_PG_URL / DATABASE_URL, skipped when unreachable;
 * `BENCH_DIALECTS=sqlite` for one). `BENCH_EIDOLS=1e6` (or a list, `1e4,1e5,1e6`) chooses the sizes;
 * `--million` or `BENCH_SCALE=10` adds 10^6 to the default two (10^6 wants
 * NODE_OPTIONS=--max-old-space-size=12000: the baseline reads back the 8.5 million rows the booking wrote). Prints `BENCH` lines: the time to book (`settleDue`, one
 * transaction), the pure `settleRound` part of it, the heap's peak while booking (V8 heap used + array
 * buffers, and RSS, sampled every 10 ms, after a full collection before it when run with --expose-gc as the
 * npm script does), the event loop's longest block meanwhile (and, per step, the longest gap of a 1 ms
 * timer; how many gaps exceeded 50 ms and their sum; the loop delay's p99), and the baseline: plain SQL
 * writes of the same rows as booked, in one transaction (`settleFloor.ts`), with the ratio, and the ratio to
 * its appended part alone (round entries, ledger transfers, ledger entries). Figures only.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { manualClock } from '../../src/server/clock';
import type { Db, DialectName } from '../../src/server/db/database';
import { ensureFirstRound } from '../../src/server/domain/rounds/openRound';
import { openRoundCapacity } from '../../src/server/domain/rounds/roundCapacity';
import { loadSnapshot } from '../../src/server/domain/rounds/roundSnapshot';
import { settleDue } from '../../src/server/domain/rounds/settleDue';
import { chunks } from '../../src/server/domain/rounds/settlementWrites';
import { createLedger, ensureGenesis, flagsOf, systemAccount, type PostedInput } from '../../src/server/ledger/index';
import { settleRound } from '../../src/shared/rules/round/settlement';
import { ECONOMY_CONFIG, PPM } from '../../src/shared/rules/round/economyConfig';
import { recordBlockHash, roundThreshold } from '../../src/server/domain/rounds/roundBlock';
import { startRoundChain } from '../support/chain';
import { createTestDb } from '../support/testDb';
import { destroyQuietly } from '../integration/ledger/support/teardown';
import { printRatio } from './ratioLine';
import { floorRows, floorTables, floorWrite } from './settleFloor';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const MILLION = SCALE >= 10 || process.argv.includes('--million');
/** `BENCH_EIDOLS=1e6` (or a list, `1e4,1e5`): the sizes to run; `BENCH_SIZES` is the older name. */
const SIZES_ENV = process.env.BENCH_EIDOLS ?? process.env.BENCH_SIZES;
const SIZES = SIZES_ENV
  ? SIZES_ENV.split(',').map((s) => {
      const n = Number(s);
      if (!Number.isSafeInteger(n) || n < 1) throw new Error(`BENCH_EIDOLS: ${s} is not a whole number of eidols`);
      return n;
    })
  : MILLION
    ? [10_000, 100_000, 1_000_000]
    : [10_000, 100_000];
const PG_ADMIN = process.env.TEST_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ANGLS = 100_000_000n;
const EIDOLS_PER_PLAYER = 4;
const timing = { openMs: 10_000, lockedMs: 2_000 };

const bench = (name: string, value: number, unit: string) => console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : 0)} ${unit}`);
const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/** n eidols (one in ten an egg) of n/4 players, each funded from genesis (issued) through the ledger. */
async function world(db: Db, n: number, now: number, seed: number): Promise<void> {
  const clock = manualClock(now);
  await ensureGenesis(db, clock);
  const k = db.kysely;
  const players = Math.ceil(n / EIDOLS_PER_PLAYER);
  for (const c of chunks(
    Array.from({ length: players }, (_, i) => i),
    1000,
  )) {
    await k
      .insertInto('users')
      .values(
        c.map((i) => ({
          name: `b${i}`,
          email_normalized: `b${i}@x.test`,
          email: `b${i}@x.test`,
          password_hash: 'x',
          investor_skin_id: 1,
          ref_code: `r${i}`,
          referrer_id: null,
          senator_until: null,
          patricius_until: null,
          ws_auth_token: `t${i}`,
          created_at: now,
          updated_at: now,
          level: 1,
        })),
      )
      .execute();
  }
  const firstUser = (await k.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  const rnd = seeded(seed);
  const risks = ['0.01', '0.1', '0.25', '0.5', '0.75', '0.9', '0.99', '0.333'];
  for (const c of chunks(
    Array.from({ length: n }, (_, i) => i),
    1000,
  )) {
    await k
      .insertInto('eidols')
      .values(
        c.map((i) => {
          const egg = i % 10 === 0;
          const value = BigInt(10 + Math.floor(rnd() * 1000)) * (ANGLS / 100n);
          return {
            user_id: firstUser + (i % players),
            type: egg ? ('egg' as const) : ('ogle' as const),
            rarity: 'common' as const,
            collection: 'basic',
            skin_name: 'b',
            skin_image: egg ? 'egg1' : 'eidol-basic-common-1',
            source: 'egg1',
            level: egg ? 0 : 1,
            experience: Math.floor(rnd() * 10),
            risk: egg && i % 20 === 0 ? '0' : risks[Math.floor(rnd() * risks.length)]!,
            yieldy: Math.floor(rnd() * 11),
            hatch_value: value,
            top_value: value,
            no_loss_value: value,
            hatched_at: egg ? null : now,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .execute();
  }
  // Setup shortcut (not how the product opens accounts): the eidols' empty accounts in bulk, then funded through the ledger.
  const eidols = await k.selectFrom('eidols').select(['id', 'hatch_value']).orderBy('id').execute();
  for (const c of chunks(eidols, 1000)) {
    await k
      .insertInto('ledger_accounts')
      .values(
        c.map((e) => ({
          asset: 'ANGLS',
          owner_kind: 'eidol' as const,
          owner_id: e.id,
          name: 'main',
          flags: flagsOf('eidol', 'main'),
          balance: 0n,
          debits_pending: 0n,
          credits_pending: 0n,
          version: 0,
          created_at: now,
        })),
      )
      .execute();
  }
  const accounts = new Map(
    (await k.selectFrom('ledger_accounts').select(['id', 'owner_id']).where('owner_kind', '=', 'eidol').execute()).map((a) => [
      a.owner_id,
      a.id,
    ]),
  );
  const ledger = createLedger(db, clock);
  const genesis = await ledger.run((tx) => systemAccount(tx, 'genesis', 'ANGLS'));
  for (const c of chunks(eidols, 8000)) {
    await ledger.transferBatch(
      c.map((e): PostedInput => ({
        id: `fund:${e.id}`,
        debit: genesis,
        credit: accounts.get(e.id)!,
        amount: e.hatch_value,
        code: 'bench',
      })),
    );
  }
  // A claim is at most 99 × its stake (r ≤ 0.99) and a stake at most the value: a pool of 100 × Σ values banks
  // every claim, so every eidol takes part (the bench measures booking, not the capacity rule).
  const pool = await ledger.run((tx) => systemAccount(tx, 'mining_pool', 'ANGLS'));
  const values = eidols.reduce((sum, e) => sum + e.hatch_value, 0n);
  await ledger.transferBatch([{ id: 'fund:pool', debit: genesis, credit: pool, amount: 100n * values, code: 'bench' }]);
}

/** The pure `settleRound` on the snapshot the booking will read: its time and counts (the settlement itself is let go). */
async function pureSettle(db: Db, lockedAt: number): Promise<{ ms: number; participants: number }> {
  const k = db.kysely;
  const round = await k.selectFrom('rounds').select(['id', 'hash', 'chain_id', 'block_hash']).where('id', '=', 1).executeTakeFirstOrThrow();
  const chain = await k
    .selectFrom('fairness_chains')
    .select(['salt', 'block_rule_from'])
    .where('id', '=', round.chain_id)
    .executeTakeFirstOrThrow();
  const { rows } = await loadSnapshot(k, { roundId: 1, lockedAt });
  const pool = await k
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_kind', '=', 'system')
    .where('name', '=', 'mining_pool')
    .where('asset', '=', 'ANGLS')
    .executeTakeFirstOrThrow();
  const t0 = performance.now();
  const settlement = settleRound({
    roundId: 1,
    thresholdUnits: roundThreshold(round, chain)!,
    eidols: rows.map((r) => r.eidol),
    poolBefore: pool.balance,
    incenseSlots: 0,
    config: ECONOMY_CONFIG,
  });
  return { ms: performance.now() - t0, participants: settlement.totals.participants };
}

/** V8's heap in use plus array buffers (typed arrays live there), after a full collection when `--expose-gc` allows one. */
function collectedHeap(): number {
  const gc = (globalThis as { gc?: (options?: { type: 'major' | 'minor' }) => void }).gc;
  gc?.();
  // The first scavenge after collecting the pure settlement's gigabytes takes tens of ms (60 ms at 10^6, ~1 ms
  // each after it): paid here, before the clock starts, rather than charged to the booking's loop.
  gc?.({ type: 'minor' });
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Samples heap (used + array buffers) and RSS every 10 ms until `stop`, which answers their peaks. */
function heapSampler(): { stop: () => { heap: number; rss: number } } {
  const peak = { heap: 0, rss: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed + m.arrayBuffers);
    peak.rss = Math.max(peak.rss, m.rss);
  };
  sample();
  const timer = setInterval(sample, 10);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function runOne(dialect: DialectName, n: number): Promise<void> {
  const t = await createTestDb(dialect, PG_ADMIN);
  const label = `settle.${dialect}.${n}`;
  const roundChain = await startRoundChain();
  try {
    const start = Date.UTC(2026, 0, 1);
    const clock = manualClock(start);
    const ledger = createLedger(t.db, clock);
    await ensureFirstRound(ledger, timing, 10);
    let t0 = performance.now();
    await world(t.db, n, start, n);
    // The world's eidols carry their risk over into round 1: reserve them as its open would, with the pool as
    // the whole capacity so that every eidol takes part (the bench measures booking, not the capacity rule).
    await t.db.kysely.deleteFrom('round_reservations').where('round_id', '=', 1).execute();
    await openRoundCapacity(t.db.kysely, 1, start, { ...ECONOMY_CONFIG, capacityPpm: PPM, eidolCapacityPpm: PPM });
    bench(`${label}.setup`, (performance.now() - t0) / 1000, 's');
    clock.set(start + timing.openMs + timing.lockedMs);
    // The block that keys T is read (and recorded) before the timed booking, as the scheduler does at the lock.
    await recordBlockHash(t.db.kysely, roundChain.blocks, 1);

    // The pure part, on the same snapshot the booking will read; only its figures are kept, so the heap
    // sampled during the booking holds the booking's own data, not this settlement's.
    const pure = await pureSettle(t.db, start + timing.openMs);
    const heapBefore = collectedHeap();
    const heap = heapSampler();

    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    t0 = performance.now();
    const phases: string[] = [];
    let last = t0;
    // The longest gap between ticks of a 1 ms timer, filed under the step running when the timer fired again.
    const blocks: number[] = [];
    // How often the loop was held over the 50 ms goal, and for how long in all: one maximum says little
    // when the collector's pauses land in any step.
    const over = { n: 0, ms: 0 };
    let tick = performance.now();
    const ticker = setInterval(() => {
      const at = performance.now();
      blocks[phases.length] = Math.max(blocks[phases.length] ?? 0, at - tick);
      if (at - tick > 50) {
        over.n += 1;
        over.ms += at - tick;
      }
      tick = at;
    }, 1);
    const onPhase = (name: string) => {
      const at = performance.now();
      phases.push(`${name} ${Math.round(at - last)}`);
      last = at;
    };
    const settled = await settleDue(ledger, { timing, onPhase, blocks: roundChain.blocks });
    const bookMs = performance.now() - t0;
    clearInterval(ticker);
    loop.disable();
    const heapPeak = heap.stop();
    if (!settled || settled.participants !== pure.participants) throw new Error('the settlement did not book the expected round');

    // Baseline: the same rows, read back as booked, then plain writes of them in one transaction.
    await floorTables(t.db);
    const rows = await floorRows(t.db, 1);
    const floor = await floorWrite(t.db, rows);
    const { entries, transfers, ledgerEntries } = rows;

    bench(
      `${label}.book`,
      bookMs,
      `ms (${settled.participants} participants, ${transfers.length} transfers; steps in ms: ${phases.join(', ')})`,
    );
    bench(`${label}.pure_settleRound`, pure.ms, 'ms');
    bench(
      `${label}.heap_peak`,
      heapPeak.heap / 2 ** 20,
      `MB (V8 heap used + array buffers, sampled every 10 ms while booking; ${(heapBefore / 2 ** 20).toFixed(0)} MB before it; RSS peak ${(heapPeak.rss / 2 ** 20).toFixed(0)} MB)`,
    );
    const stepNames = [...phases.map((p) => p.split(' ')[0]), 'commit'];
    bench(
      `${label}.loop_max_block`,
      loop.max / 1e6,
      `ms (longest gap of a 1 ms timer, by the step in which it ended, ms: ${stepNames.map((n, i) => `${n} ${Math.round(blocks[i] ?? 0)}`).join(', ')})`,
    );
    bench(
      `${label}.loop_blocks_over_50ms`,
      over.n,
      `blocks (${Math.round(over.ms)} ms in all; loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms)`,
    );
    bench(
      `${label}.baseline_plain_writes`,
      floor.total,
      `ms (inserts of ${entries.length} entries + ${transfers.length} transfers + ${ledgerEntries.length} ledger entries ${Math.round(floor.inserts)}, ` +
        `of ${rows.reservations.length} reservations ${Math.round(floor.reservations)}; updates of ${rows.accounts.length} accounts ` +
        `${Math.round(floor.accounts)}, ${rows.eidols.length} eidols ${Math.round(floor.eidols)}, ${rows.users.length} players ${Math.round(floor.users)})`,
    );
    printRatio(`${label}.ratio`, bookMs / 1000, floor.total / 1000, 's');
    // The floor before it held every row the booking writes: the three appended tables alone.
    printRatio(`${label}.ratio_to_appends_only`, bookMs / 1000, floor.inserts / 1000, 's');
  } finally {
    await destroyQuietly(t);
    await roundChain.close();
  }
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return true;
  } catch (err) {
    console.warn(`PostgreSQL not reachable (${(err as Error).message}): PostgreSQL figures skipped`);
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_DIALECTS?.split(',');
  const dialects: DialectName[] = [];
  if (!only || only.includes('sqlite')) dialects.push('sqlite');
  if ((!only || only.includes('postgres')) && (await pgReachable())) dialects.push('postgres');
  for (const n of SIZES) for (const d of dialects) await runOne(d, n);
}

await main();
