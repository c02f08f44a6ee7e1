/**
 * The economy simulator (ECONOMY.md "What must be shown"): many rounds of the real `settleRound` with mixed
 * strategies, thresholds from the real fairness rules over a hash chain grown from the seed, every round
 * audited by `assertRoundBooks`. Pure and deterministic: the same options give the same report.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { mulberry32 } from '../../../../shared/mulberry32';
import { chainFrom, isRoundHash, thresholdUnits, type RoundHash } from '../../../../shared/rules/fairness';
import { ANGLS_UNIT, ECONOMY_CONFIG, type EconomyConfig } from '../../../../shared/rules/round/economyConfig';
import type { Risk } from '../../../../shared/rules/round/risk';
import { settleRound } from '../../../../shared/rules/round/settlement';
import type { SnapshotEidol } from '../../../../shared/rules/round/settlementTypes';
import { assertRoundBooks } from './books';
import { gini, type Ratio } from './gini';
import { STRATEGIES, type Strategy } from './strategies';

/** The mining pool at genesis: 1,000,000 ANGLS (ECONOMY.md / the ledger's genesis). */
export const SIM_GENESIS_POOL = 1_000_000n * ANGLS_UNIT;

/** Each simulated eidol's starting value: 100 ANGLS (our choice, a typical first deposit). */
export const SIM_START_VALUE = 100n * ANGLS_UNIT;

/** The fairness salt the simulator's thresholds use (any fixed non-empty string). */
export const SIM_SALT = 'economy-sim';

/** What a run takes; `runSimulation` fills the rest from the defaults. */
export interface SimOptions {
  rounds: number;
  eidols: number;
  /** Any text; a 64-hex-digit string is the chain seed itself, anything else is hashed into one. */
  seed: string;
  /** Incense slots lit every round, 0–3. */
  incense: number;
  /** Rows in the pool table (the rounds are split into this many windows). */
  windows?: number;
  startValue?: bigint;
  poolStart?: bigint;
  strategies?: readonly Strategy[];
  config?: EconomyConfig;
  /**
   * Every eidol starts every round at `startValue` again (the difference paid in or taken out by its player):
   * wealth does not compound and a busted eidol keeps playing, so income per unit staked measures the
   * round's rules rather than who went broke early. Off by default.
   */
  refill?: boolean;
  /** The settlement under test; tests pass a faulty one to see the audit stop the run. */
  settle?: typeof settleRound;
}

/** One strategy's sums over the run; money in ANGLS units. */
export interface StrategyStats {
  name: string;
  eidols: number;
  plays: number;
  wins: number;
  /** Σ S over every play. */
  staked: bigint;
  /** Σ (payout − s + emission) over every play. */
  income: bigint;
  /** Σ emission shares: the part of `income` that is mined rather than won. */
  mined: bigint;
  /** Σ (G − G paid): what the round's claims cap withheld from this strategy's wins (the rules' only bias by angle). */
  cut: bigint;
  startWealth: bigint;
  endWealth: bigint;
}

/** The pool over one window of rounds. */
export interface PoolWindow {
  fromRound: number;
  toRound: number;
  min: bigint;
  max: bigint;
  end: bigint;
}

/** A run's result: everything the CLI prints. */
export interface SimReport {
  seed: RoundHash;
  rounds: number;
  eidols: number;
  incense: number;
  startValue: bigint;
  poolStart: bigint;
  config: EconomyConfig;
  strategies: StrategyStats[];
  pool: PoolWindow[];
  cappedRounds: number;
  emitted: bigint;
  fees: bigint;
  /** Gini of final eidol values (one eidol per player). */
  gini: Ratio;
  finalTotal: bigint;
  refill: boolean;
  /** Σ paid into eidols by refills minus Σ taken out (0 without `refill`): finalTotal = start total + this. */
  refilled: bigint;
}

/** The chain seed for `text`: itself when it is already 64 hex digits, else sha256 of its UTF-8. */
export function seedHash(text: string): RoundHash {
  return isRoundHash(text) ? text : bytesToHex(sha256(utf8ToBytes(text)));
}

/** Runs the simulation; throws a `BooksBreach` on the first round that breaks conservation or solvency. */
export function runSimulation(options: SimOptions): SimReport {
  const { rounds, eidols: count, incense } = options;
  if (!Number.isSafeInteger(rounds) || rounds < 1) throw new Error('rounds must be ≥ 1');
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('eidols must be ≥ 1');
  const strategies = options.strategies ?? STRATEGIES;
  const config = options.config ?? ECONOMY_CONFIG;
  const settle = options.settle ?? settleRound;
  const startValue = options.startValue ?? SIM_START_VALUE;
  const poolStart = options.poolStart ?? SIM_GENESIS_POOL;
  const windows = Math.max(1, Math.min(options.windows ?? 10, rounds));
  const seed = seedHash(options.seed);
  // Player choices only; money is decided by the threshold from the chain.
  const random = mulberry32(parseInt(seed.slice(0, 8), 16));
  const chain = chainFrom(seed, rounds).hashes;

  let snapshot: SnapshotEidol[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1, owner: i + 1, value: startValue, risk: '0', yieldy: 0, type: 'eidol', xp: 0, level: 1, topValue: startValue, noLossValue: startValue,
  }));
  const stratOf = (i: number) => i % strategies.length;
  const stats: StrategyStats[] = strategies.map((s, k) => {
    const n = Array.from({ length: count }, (_, i) => i).filter((i) => stratOf(i) === k).length;
    return { name: s.name, eidols: n, plays: 0, wins: 0, staked: 0n, income: 0n, mined: 0n, cut: 0n, startWealth: startValue * BigInt(n), endWealth: 0n };
  });

  let pool = poolStart;
  let lastRisks: Risk[] = [];
  const poolRows: PoolWindow[] = [];
  let window: PoolWindow | null = null;
  let cappedRounds = 0, emitted = 0n, fees = 0n, refilled = 0n;
  const refill = options.refill ?? false;
  for (let k = 0; k < rounds; k++) {
    const roundId = k + 1;
    const view = { lastRisks, random };
    if (refill) {
      for (const e of snapshot) refilled += startValue - e.value;
      snapshot = snapshot.map((e) => ({ ...e, value: startValue }));
    }
    snapshot = snapshot.map((e, i) => ({ ...e, risk: strategies[stratOf(i)]!.pick(view) }));
    const before = { values: new Map(snapshot.map((e) => [e.id, e.value])), pool };
    const out = settle({ roundId, thresholdUnits: thresholdUnits(chain[k]!, SIM_SALT), eidols: snapshot, poolBefore: pool, incenseSlots: incense, config });
    assertRoundBooks(before, out, seed);

    lastRisks = [];
    const next: SnapshotEidol[] = [];
    out.eidols.forEach((r, i) => {
      const e = snapshot[i]!; // both ascending by id
      if (r.zone !== null) {
        const st = stats[stratOf(i)]!;
        st.plays += 1;
        if (r.zone === 'bot') st.wins += 1;
        st.staked += r.nominalStake;
        st.income += r.payout + r.bet + r.emission; // bet is −s
        st.mined += r.emission;
        st.cut += r.claim - r.claimPaid;
        lastRisks.push(e.risk as Risk);
      }
      next.push({ ...e, value: r.value, xp: r.xp, level: r.level, type: r.type, topValue: r.topValue });
    });
    snapshot = next;
    pool = out.totals.poolAfter;
    if (out.totals.capped) cappedRounds += 1;
    emitted += out.totals.emissionPaid;
    fees += out.totals.fee;

    const w = Math.floor((k * windows) / rounds);
    if (window === null || poolRows.length - 1 !== w) {
      window = { fromRound: roundId, toRound: roundId, min: pool, max: pool, end: pool };
      poolRows.push(window);
    }
    window.toRound = roundId;
    window.end = pool;
    if (pool < window.min) window.min = pool;
    if (pool > window.max) window.max = pool;
  }
  snapshot.forEach((e, i) => (stats[stratOf(i)]!.endWealth += e.value));
  const finalTotal = snapshot.reduce((a, e) => a + e.value, pool);
  return {
    seed, rounds, eidols: count, incense, startValue, poolStart, config, strategies: stats, pool: poolRows,
    cappedRounds, emitted, fees, gini: gini(snapshot.map((e) => e.value)), finalTotal, refill, refilled,
  };
}
