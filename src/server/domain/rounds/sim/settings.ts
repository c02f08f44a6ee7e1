/**
 * The settings every economy run covers (ECONOMY.md "What must be shown"): a lone eidol, and crowds of 10,
 * 10^3 and 10^5 eidols each mixed, with a whale, and with a crowd at one high angle. Small crowds are played
 * as several games (replicas) with the strategies rotated, so every strategy meets every seat; a run at
 * 10^5 eidols samples fewer rounds (its table says how many).
 */
import type { EconomyConfig } from '../../../../shared/rules/round/economyConfig';
import { RatioSums } from './interval';
import { runGame, type GameReport, type PoolWindow, type StrategyStats } from './simulate';
import { CROWD_AT_95, STRATEGIES, WHALE, type Strategy } from './strategies';

/** Games and rounds of one setting. */
export interface SettingSize {
  replicas: number;
  rounds: number;
}

/** One setting: a crowd, its strategies, who plays which, and how long the full and the short run play it. */
export interface Setting {
  name: string;
  crowd: number;
  strategies: readonly Strategy[];
  /** The strategy index of eidol `i` in game `replica`. */
  seat: (i: number, replica: number) => number;
  full: SettingSize;
  short: SettingSize;
}

const MIXED_N = STRATEGIES.length;
const rotate = (i: number, replica: number) => (i + replica) % MIXED_N;

/** Game counts and rounds per crowd size: a round of 10^5 eidols costs about what 10^4 rounds of 10 do. */
const SIZES: Record<number, { full: SettingSize; short: SettingSize }> = {
  1: { full: { replicas: MIXED_N * 2, rounds: 10_000 }, short: { replicas: MIXED_N, rounds: 1_000 } },
  10: { full: { replicas: MIXED_N, rounds: 10_000 }, short: { replicas: 4, rounds: 1_500 } },
  1000: { full: { replicas: 1, rounds: 1_000 }, short: { replicas: 1, rounds: 200 } },
  100000: { full: { replicas: 1, rounds: 20 }, short: { replicas: 1, rounds: 3 } },
};

/** Crowd sizes of the mixed, whale and crowd settings. */
export const CROWDS: readonly number[] = [10, 1000, 100000];

/** Every setting, in the order the report prints them. */
export function allSettings(): Setting[] {
  const out: Setting[] = [{ name: 'lone eidol', crowd: 1, strategies: STRATEGIES, seat: (_i, replica) => replica % MIXED_N, ...SIZES[1]! }];
  for (const crowd of CROWDS) {
    const sizes = SIZES[crowd]!;
    out.push({ name: `mixed ×${crowd}`, crowd, strategies: STRATEGIES, seat: rotate, ...sizes });
    // Eidol 1 is the whale (1,000 × the start value at 0.90); everyone else as in the mixed crowd.
    out.push({
      name: `whale ×${crowd}`,
      crowd,
      strategies: [...STRATEGIES, WHALE],
      seat: (i, r) => (i === 0 ? MIXED_N : rotate(i, r)),
      ...sizes,
    });
    // Two eidols in three at 0.95; the rest mixed.
    out.push({
      name: `crowd 0.95 ×${crowd}`,
      crowd,
      strategies: [...STRATEGIES, CROWD_AT_95],
      seat: (i, r) => (i % 3 === 2 ? rotate(i, r) : MIXED_N),
      ...sizes,
    });
  }
  return out;
}

/** What a setting's run gives: every strategy's stats over all its games, and the first game's pool. */
export interface SettingReport {
  setting: Setting;
  size: SettingSize;
  strategies: StrategyStats[];
  othersAdjusted: Map<number, RatioSums>;
  /** The first game's pool over time. */
  pool: PoolWindow[];
  poolStart: bigint;
  emitted: bigint;
  /** Final eidol values of every game, for the Gini of wealth. */
  finalValues: bigint[];
  /** Σ over games of (values + pool) at the start and the end (they differ only by refills). */
  startTotal: bigint;
  finalTotal: bigint;
  refilled: bigint;
  ms: number;
}

/** What a run of the settings takes besides the settings themselves. */
export interface RunOptions {
  seed: string;
  config: EconomyConfig;
  short: boolean;
  incense?: number;
  refill?: boolean;
  /** Overrides every setting's rounds (and games, when given). */
  rounds?: number;
  replicas?: number;
  /** Told before each game (the CLI prints progress on stderr). */
  onGame?: (setting: Setting, replica: number) => void;
}

/** Runs every game of one setting and merges their stats. */
export function runSetting(setting: Setting, o: RunOptions): SettingReport {
  const base = o.short ? setting.short : setting.full;
  const size = { replicas: o.replicas ?? base.replicas, rounds: o.rounds ?? base.rounds };
  const started = performance.now();
  const games: GameReport[] = [];
  for (let r = 0; r < size.replicas; r++) {
    o.onGame?.(setting, r);
    const lineup = Array.from({ length: setting.crowd }, (_, i) => setting.seat(i, r));
    games.push(
      runGame({
        rounds: size.rounds,
        lineup,
        strategies: setting.strategies,
        seed: `${o.seed}:${setting.name}:${r}`,
        incense: o.incense,
        refill: o.refill,
        config: o.config,
      }),
    );
  }
  const strategies = games[0]!.strategies.map((s) => ({
    ...s,
    raw: new RatioSums(),
    adjusted: new RatioSums(),
    eidols: 0,
    plays: 0,
    wins: 0,
    refused: 0,
    satOut: 0,
    staked: 0n,
    income: 0n,
    mined: 0n,
    startWealth: 0n,
    endWealth: 0n,
  }));
  const othersAdjusted = new Map<number, RatioSums>([...games[0]!.othersAdjusted.keys()].map((k) => [k, new RatioSums()]));
  for (const g of games) {
    g.strategies.forEach((s, k) => {
      const t = strategies[k]!;
      t.eidols += s.eidols;
      t.plays += s.plays;
      t.wins += s.wins;
      t.refused += s.refused;
      t.satOut += s.satOut;
      t.staked += s.staked;
      t.income += s.income;
      t.mined += s.mined;
      t.startWealth += s.startWealth;
      t.endWealth += s.endWealth;
      t.raw.merge(s.raw);
      t.adjusted.merge(s.adjusted);
    });
    for (const [k, sums] of g.othersAdjusted) othersAdjusted.get(k)!.merge(sums);
  }
  return {
    setting,
    size,
    strategies,
    othersAdjusted,
    pool: games[0]!.pool,
    poolStart: games[0]!.poolStart,
    emitted: games.reduce((a, g) => a + g.emitted, 0n),
    finalValues: games.flatMap((g) => g.finalValues),
    startTotal: games.reduce((a, g) => a + g.startTotal, 0n),
    finalTotal: games.reduce((a, g) => a + g.finalTotal, 0n),
    refilled: games.reduce((a, g) => a + g.refilled, 0n),
    ms: performance.now() - started,
  };
}
