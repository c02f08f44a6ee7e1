/**
 * The simulator's players: how each picks its risk (angle) every round, and what it does when its join does
 * not fit the round's capacity. Angles are exact decimals (`Risk`); the adversaries use the finest precision
 * a player can reach (5 decimals, ECONOMY.md: 2 + 2 + 1 with an apple), everyone else 2 decimals.
 */
import type { Risk } from '../../../../shared/rules/round/risk';

/** Decimals of the adversaries' extreme angles: the finest a player can have (precise 2 + 2 + apple 1). */
export const ADVERSARY_DIGITS = 5;

/** What a strategy sees when choosing: last round's risks and count of participants, the pool, a PRNG. */
export interface StrategyView {
  lastRisks: readonly Risk[];
  /** Eidols that took part last round, and the crowd's size. */
  lastParticipants: number;
  crowd: number;
  /** The mining pool now, and at the start of the run. */
  pool: bigint;
  poolStart: bigint;
  random: () => number;
}

/** A named way of choosing the risk each round. */
export interface Strategy {
  name: string;
  /** The risk to play this round; units 0 = stay out. */
  pick: (view: StrategyView) => Risk;
  /** A refused join is retried at the largest risk that fits (else the eidol stays out and the refusal counts). */
  retry: boolean;
  /** The fixed angle in hundredths, for the dominance check (absent: the strategy varies or carries an edge). */
  fixedAngle?: number;
  /** Yieldy, whole percent: the eidol's emission weight is S × (1 + Yieldy/100). */
  yieldy?: number;
  /** The eidol starts with this many times the crowd's start value (a whale). */
  startMultiple?: number;
}

const risk2 = (units: number): Risk => ({ units: BigInt(units), digits: 2 });
const OUT: Risk = { units: 0n, digits: 2 };

/** A player who always plays `angle` hundredths and never changes it. */
export function fixedAt(angle: number, name = `fixed 0.${String(angle).padStart(2, '0')}`): Strategy {
  return { name, pick: () => risk2(angle), retry: false, fixedAngle: angle };
}

/** The median of last round's risks at `ADVERSARY_DIGITS` (the lower middle); 0.5 when nobody played. */
export function medianRisk(risks: readonly Risk[]): Risk {
  if (risks.length === 0) return { units: 50n, digits: 2 };
  const scaled = risks
    .map(
      (r) =>
        (r.units * 10n ** BigInt(ADVERSARY_DIGITS - Math.min(r.digits, ADVERSARY_DIGITS))) /
        10n ** BigInt(Math.max(0, r.digits - ADVERSARY_DIGITS)),
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = scaled[(scaled.length - 1) >> 1] ?? 0n;
  return { units: mid === 0n ? 1n : mid, digits: ADVERSARY_DIGITS };
}

/** Fixed angles every mixed crowd includes, 0.05 … 0.99, so a dominating angle would show. */
export const FIXED_ANGLES: readonly number[] = [5, 10, 25, 50, 75, 90, 95, 99];

/** The whale: 1,000 times a player's start value, always at 0.90, retrying at what fits when refused. */
export const WHALE: Strategy = { name: 'whale 0.90 ×1000', pick: () => risk2(90), retry: true, startMultiple: 1000 };

/** The crowd at one high angle (the "crowd" settings give it most of the eidols). */
export const CROWD_AT_95: Strategy = { name: 'crowd 0.95', pick: () => risk2(95), retry: false };

/** Everyone but the fixed angles: the mixed strategies of ECONOMY.md "What must be shown". */
export const MIXED: readonly Strategy[] = [
  { name: 'cautious 0.03', pick: () => risk2(3), retry: true },
  { name: 'greedy 0.97', pick: () => risk2(97), retry: true },
  // Uniform over 0.01..0.99: a player with no system.
  { name: 'random 0.01-0.99', pick: ({ random }) => risk2(1 + Math.floor(random() * 99)), retry: true },
  { name: 'lowest 0.00001', pick: () => ({ units: 1n, digits: ADVERSARY_DIGITS }), retry: true },
  { name: 'highest 0.99999', pick: () => ({ units: 10n ** BigInt(ADVERSARY_DIGITS) - 1n, digits: ADVERSARY_DIGITS }), retry: true },
  { name: 'copy median', pick: ({ lastRisks }) => medianRisk(lastRisks), retry: true },
  // Joins only rounds that last had fewer than a third of the crowd in them (where emission per stake is largest).
  { name: 'thin rounds 0.50', pick: ({ lastParticipants, crowd }) => (lastParticipants * 3 < crowd ? risk2(50) : OUT), retry: false },
  // Joins only while the pool holds at least what it started with (emission is a share of it).
  { name: 'pool timer 0.50', pick: ({ pool, poolStart }) => (pool >= poolStart ? risk2(50) : OUT), retry: false },
  { name: 'yieldy 10 % 0.50', pick: () => risk2(50), retry: false, yieldy: 10 },
];

/** The default mix: the mixed strategies and the fixed angles, assigned to eidols round-robin. */
export const STRATEGIES: readonly Strategy[] = [...MIXED, ...FIXED_ANGLES.map((a) => fixedAt(a))];
