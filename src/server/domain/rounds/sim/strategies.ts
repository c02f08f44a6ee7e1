/**
 * The simulator's players: how each picks its risk (angle) every round. Angles are exact decimals (`Risk`);
 * the adversaries use the finest precision a player can reach (5 decimals, ECONOMY.md: 2 + 2 + 1 with an
 * apple), everyone else 2 decimals.
 */
import type { Risk } from '../../../../shared/rules/round/risk';

/** Decimals of the adversaries' extreme angles: the finest a player can have (precise 2 + 2 + apple 1). */
export const ADVERSARY_DIGITS = 5;

/** What a strategy sees when choosing: last round's participants' risks (empty in round 0) and a PRNG. */
export interface StrategyView {
  lastRisks: readonly Risk[];
  random: () => number;
}

/** A named way of choosing the risk each round. */
export interface Strategy {
  name: string;
  pick: (view: StrategyView) => Risk;
}

const fixed = (name: string, units: bigint, digits = 2): Strategy => ({ name, pick: () => ({ units, digits }) });

/** The median of last round's risks at `ADVERSARY_DIGITS` (the lower middle); 0.5 when nobody played. */
export function medianRisk(risks: readonly Risk[]): Risk {
  if (risks.length === 0) return { units: 50n, digits: 2 };
  const scaled = risks
    .map((r) => r.units * 10n ** BigInt(ADVERSARY_DIGITS - Math.min(r.digits, ADVERSARY_DIGITS)) / 10n ** BigInt(Math.max(0, r.digits - ADVERSARY_DIGITS)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = scaled[(scaled.length - 1) >> 1] ?? 0n;
  return { units: mid === 0n ? 1n : mid, digits: ADVERSARY_DIGITS };
}

/** Fixed angles 0.01 … 0.99 every simulation includes, so a dominating angle would show. */
export const FIXED_ANGLES: readonly number[] = [1, 5, 10, 25, 50, 75, 90, 95, 99];

/** The default mix, assigned to eidols round-robin by index. */
export const STRATEGIES: readonly Strategy[] = [
  fixed('cautious 0.03', 3n),
  fixed('greedy 0.97', 97n),
  // Uniform over 0.01..0.99: a player with no system.
  { name: 'random 0.01-0.99', pick: ({ random }) => ({ units: BigInt(1 + Math.floor(random() * 99)), digits: 2 }) },
  fixed('lowest 0.00001', 1n, ADVERSARY_DIGITS),
  fixed('highest 0.99999', 10n ** BigInt(ADVERSARY_DIGITS) - 1n, ADVERSARY_DIGITS),
  { name: 'copy median', pick: ({ lastRisks }) => medianRisk(lastRisks) },
  ...FIXED_ANGLES.map((a) => fixed(`fixed 0.${String(a).padStart(2, '0')}`, BigInt(a))),
];
