/**
 * The economy simulator (ECONOMY.md "What must be shown"): one game of many rounds of the real `settleRound`
 * with mixed strategies, the round's capacity reserved as the server does it (reserve.ts), thresholds from
 * the real fairness rules over a hash chain grown from the seed, every round audited by `assertRoundBooks`.
 * No refill by default: the pool holds the genesis plus the premiums of the players' eggs, nothing more.
 * Pure and deterministic: the same options give the same report.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { mulberry32 } from '../../../../shared/mulberry32';
import { chainFrom, isRoundHash, thresholdUnits, type RoundHash } from '../../../../shared/rules/fairness';
import { claimOfStake } from '../../../../shared/rules/round/capacity';
import { ANGLS_UNIT, ECONOMY_CONFIG, MAX_INCENSE_SLOTS, type EconomyConfig } from '../../../../shared/rules/round/economyConfig';
import type { Risk } from '../../../../shared/rules/round/risk';
import { settleRound } from '../../../../shared/rules/round/settlement';
import type { SnapshotEidol } from '../../../../shared/rules/round/settlementTypes';
import { assertRoundBooks } from './books';
import { RatioSums } from './interval';
import { CapacityBook } from './reserve';
import type { Strategy, StrategyView } from './strategies';

/** The mining pool at genesis: 1,000,000 ANGLS (the ledger's genesis). */
export const SIM_GENESIS_POOL = 1_000_000n * ANGLS_UNIT;

/** Each simulated eidol's starting value: 100 ANGLS, a tier-1 egg's hatch value. */
export const SIM_START_VALUE = 100n * ANGLS_UNIT;

/** What each player's egg paid into the pool on top of its value (tier 1: cost 200, value 100). */
export const SIM_EGG_PREMIUM = 100n * ANGLS_UNIT;

/** The fairness salt the simulator's thresholds use (any fixed non-empty string). */
export const SIM_SALT = 'economy-sim';

/** What one game takes. */
export interface GameOptions {
  rounds: number;
  /** The strategy of each eidol (index into `strategies`); its length is the crowd. */
  lineup: readonly number[];
  strategies: readonly Strategy[];
  /** Any text; a 64-hex-digit string is the chain seed itself, anything else is hashed into one. */
  seed: string;
  incense?: number;
  windows?: number;
  config?: EconomyConfig;
  /** Pool before the first round; default: the genesis plus one egg premium per start value held. */
  poolStart?: bigint;
  /** Every eidol starts every round at its start value again (the difference paid in or out, counted). */
  refill?: boolean;
  /** The settlement under test; tests pass a faulty one to see the audit stop the run. */
  settle?: typeof settleRound;
}

/** One strategy's sums over a game; money in ANGLS units. */
export interface StrategyStats {
  name: string;
  eidols: number;
  plays: number;
  wins: number;
  /** Joins refused for want of capacity (retried or not), and carried-over eidols that sat a round out. */
  refused: number;
  satOut: number;
  staked: bigint;
  /** Σ (payout − S + emission): what the plays earned. */
  income: bigint;
  /** Σ emission shares: the part of `income` mined rather than won. */
  mined: bigint;
  /** Per-round sums for income/S: raw, and with the luck of the draw taken out (see `luckFree`). */
  raw: RatioSums;
  adjusted: RatioSums;
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

/** A game's result. */
export interface GameReport {
  seed: RoundHash;
  rounds: number;
  crowd: number;
  poolStart: bigint;
  strategies: StrategyStats[];
  /** Per fixed-angle strategy index: the other fixed angles' per-round sums, pooled (the check's yardstick). */
  othersAdjusted: Map<number, RatioSums>;
  pool: PoolWindow[];
  emitted: bigint;
  finalValues: bigint[];
  finalTotal: bigint;
  startTotal: bigint;
  refilled: bigint;
}

/** The chain seed for `text`: itself when it is already 64 hex digits, else sha256 of its UTF-8. */
export function seedHash(text: string): RoundHash {
  return isRoundHash(text) ? text : bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * A play's income with the draw's luck taken out: won − (1{win} − (1 − r)) × (S + G). The subtracted term has
 * mean zero whatever the rules (T is uniform and unknown at the join), so the mean is unchanged; what stays is
 * what the rules themselves pay or withhold at that angle. A fair claim paid in full leaves (1 − r)(S + G) − S
 * ≈ 0: the coin flip's noise, ±10 per unit staked at 0.99, no longer hides a bias of a few hundredths.
 */
export function luckFree(won: bigint, won1: boolean, risk: Risk, stake: bigint): number {
  const r = Number(risk.units) / 10 ** risk.digits;
  return Number(won) - ((won1 ? 1 : 0) - (1 - r)) * Number(stake + claimOfStake(risk, stake));
}

const sameRisk = (a: Risk, b: Risk) => a.units === b.units && a.digits === b.digits;

/** Runs one game; throws a `BooksBreach` on the first round that breaks conservation or solvency. */
export function runGame(o: GameOptions): GameReport {
  const { rounds, lineup, strategies } = o;
  const crowd = lineup.length;
  const incense = o.incense ?? 0;
  if (!Number.isSafeInteger(rounds) || rounds < 1) throw new Error('rounds must be ≥ 1');
  if (crowd < 1) throw new Error('the crowd must hold at least one eidol');
  if (!Number.isInteger(incense) || incense < 0 || incense > MAX_INCENSE_SLOTS) throw new Error(`incense must be 0..${MAX_INCENSE_SLOTS}`);
  const config = o.config ?? ECONOMY_CONFIG;
  const settle = o.settle ?? settleRound;
  const seed = seedHash(o.seed);
  const random = mulberry32(parseInt(seed.slice(0, 8), 16));
  const chain = chainFrom(seed, rounds).hashes;
  const windows = Math.max(1, Math.min(o.windows ?? 10, rounds));

  const starts = lineup.map((k) => SIM_START_VALUE * BigInt(strategies[k]!.startMultiple ?? 1));
  const startTotal = starts.reduce((a, v) => a + v, 0n);
  let pool = o.poolStart ?? SIM_GENESIS_POOL + (startTotal / SIM_START_VALUE) * SIM_EGG_PREMIUM;
  const poolStart = pool;
  const snapshot: SnapshotEidol[] = lineup.map((k, i) => ({
    id: i + 1,
    owner: i + 1,
    value: starts[i]!,
    risk: '0',
    yieldy: strategies[k]!.yieldy ?? 0,
    type: 'eidol',
    xp: 0,
    level: 1,
    topValue: starts[i]!,
    noLossValue: starts[i]!,
  }));
  const held: Risk[] = lineup.map(() => ({ units: 0n, digits: 2 }));
  const lastJoin = new Float64Array(crowd).fill(Infinity);
  let joinSeq = 0;
  const stats: StrategyStats[] = strategies.map((s) => ({
    name: s.name,
    eidols: 0,
    plays: 0,
    wins: 0,
    refused: 0,
    satOut: 0,
    staked: 0n,
    income: 0n,
    mined: 0n,
    raw: new RatioSums(),
    adjusted: new RatioSums(),
    startWealth: 0n,
    endWealth: 0n,
  }));
  lineup.forEach((k, i) => {
    stats[k]!.eidols += 1;
    stats[k]!.startWealth += starts[i]!;
  });
  const fixed = strategies.map((s, k) => (s.fixedAngle === undefined ? -1 : k)).filter((k) => k >= 0);
  const othersAdjusted = new Map(fixed.map((k) => [k, new RatioSums()]));

  const poolRows: PoolWindow[] = [];
  let window: PoolWindow | null = null;
  let emitted = 0n,
    refilled = 0n;
  let lastRisks: Risk[] = [];
  let lastParticipants = crowd;
  const order = new Int32Array(crowd);
  const roundRaw = new Float64Array(strategies.length),
    roundAdj = new Float64Array(strategies.length),
    roundStake = new Float64Array(strategies.length);
  for (let k = 0; k < rounds; k++) {
    const roundId = k + 1;
    if (o.refill) {
      for (let i = 0; i < crowd; i++) {
        refilled += starts[i]! - snapshot[i]!.value;
        snapshot[i]!.value = starts[i]!;
      }
    }
    const view: StrategyView = { lastRisks, lastParticipants, crowd, pool, poolStart, random };
    const book = new CapacityBook(pool, config);
    // Carried over: the same risk as held (and > 0); reserved at the open in the order of their last join.
    const wants = lineup.map((s) => strategies[s]!.pick(view));
    const carried: number[] = [];
    let joining = 0;
    for (let i = 0; i < crowd; i++) {
      const e = snapshot[i]!;
      e.satOut = undefined;
      e.reservedStake = undefined;
      e.risk = '0';
      if (wants[i]!.units === 0n || e.value === 0n) held[i] = { units: 0n, digits: 2 };
      else if (sameRisk(wants[i]!, held[i]!)) carried.push(i);
      else order[joining++] = i;
    }
    carried.sort((a, b) => lastJoin[a]! - lastJoin[b]!);
    for (const i of carried) {
      const e = snapshot[i]!;
      const stake = book.reserve(held[i]!, e.value);
      if (stake === undefined) {
        e.satOut = true;
        e.risk = held[i]!;
        stats[lineup[i]!]!.satOut += 1;
        continue;
      }
      e.risk = held[i]!;
      e.reservedStake = stake;
    }
    // Joins arrive in a random order each round: first come, first served.
    for (let j = joining - 1; j > 0; j--) {
      const r = Math.floor(random() * (j + 1));
      const t = order[j]!;
      order[j] = order[r]!;
      order[r] = t;
    }
    for (let j = 0; j < joining; j++) {
      const i = order[j]!;
      const e = snapshot[i]!;
      const strategy = strategies[lineup[i]!]!;
      let risk = wants[i]!;
      let stake = book.reserve(risk, e.value);
      if (stake === undefined) {
        stats[lineup[i]!]!.refused += 1;
        risk = strategy.retry ? book.largestFit(e.value, risk.digits) : { units: 0n, digits: 2 };
        stake = risk.units > 0n ? book.reserve(risk, e.value) : undefined;
      }
      if (stake === undefined) {
        held[i] = { units: 0n, digits: 2 };
        continue;
      }
      held[i] = risk;
      e.risk = risk;
      e.reservedStake = stake;
      lastJoin[i] = joinSeq++;
    }

    const before = { values: new Map(snapshot.map((e) => [e.id, e.value])), pool };
    const out = settle({
      roundId,
      thresholdUnits: thresholdUnits(chain[k]!, SIM_SALT),
      eidols: snapshot,
      poolBefore: pool,
      incenseSlots: incense,
      config,
    });
    assertRoundBooks(before, out, seed);

    roundRaw.fill(0);
    roundAdj.fill(0);
    roundStake.fill(0);
    lastRisks = [];
    for (let i = 0; i < crowd; i++) {
      const r = out.eidols[i]!; // both ascending by id
      const e = snapshot[i]!;
      const s = lineup[i]!;
      if (r.zone !== null && r.stake > 0n) {
        const st = stats[s]!;
        const won = r.payout - r.stake;
        st.plays += 1;
        if (r.zone === 'bot') st.wins += 1;
        st.staked += r.stake;
        st.income += won + r.emission;
        st.mined += r.emission;
        roundStake[s]! += Number(r.stake);
        roundRaw[s]! += Number(won + r.emission);
        roundAdj[s]! += luckFree(won, r.zone === 'bot', e.risk as Risk, r.stake) + Number(r.emission);
        lastRisks.push(e.risk as Risk);
      }
      e.value = r.value;
      e.xp = r.xp;
      e.level = r.level;
      e.type = r.type;
      e.topValue = r.topValue;
    }
    lastParticipants = out.totals.participants;
    let fixedAdj = 0,
      fixedStake = 0;
    for (let s = 0; s < strategies.length; s++) {
      stats[s]!.raw.add(roundRaw[s]!, roundStake[s]!);
      stats[s]!.adjusted.add(roundAdj[s]!, roundStake[s]!);
      if (othersAdjusted.has(s)) {
        fixedAdj += roundAdj[s]!;
        fixedStake += roundStake[s]!;
      }
    }
    for (const [s, sums] of othersAdjusted) sums.add(fixedAdj - roundAdj[s]!, fixedStake - roundStake[s]!);
    pool = out.totals.poolAfter;
    emitted += out.totals.emissionPaid;

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
  snapshot.forEach((e, i) => (stats[lineup[i]!]!.endWealth += e.value));
  const finalValues = snapshot.map((e) => e.value);
  const finalTotal = finalValues.reduce((a, v) => a + v, pool);
  return {
    seed,
    rounds,
    crowd,
    poolStart,
    strategies: stats,
    othersAdjusted,
    pool: poolRows,
    emitted,
    finalValues,
    finalTotal,
    startTotal: startTotal + poolStart,
    refilled,
  };
}
