/**
 * Income per unit staked with its 95 % interval: a ratio estimator over clusters (one cluster = one round
 * of one game), since every eidol of a round shares its threshold and so its luck. Statistics, not money:
 * floating point is fine here, nothing is booked from it.
 */

/** z of a two-sided 95 % normal interval. */
export const Z95 = 1.959964;

/** Running sums of per-round (income, stake) pairs. */
export class RatioSums {
  clusters = 0;
  income = 0;
  stake = 0;
  ii = 0;
  ss = 0;
  is = 0;

  /** Adds one round's income and stake (a round the group did not play in adds nothing). */
  add(income: number, stake: number): void {
    if (stake === 0 && income === 0) return;
    this.clusters += 1;
    this.income += income;
    this.stake += stake;
    this.ii += income * income;
    this.ss += stake * stake;
    this.is += income * stake;
  }

  /** Adds another set of sums (the same group in another game). */
  merge(o: RatioSums): void {
    this.clusters += o.clusters;
    this.income += o.income;
    this.stake += o.stake;
    this.ii += o.ii;
    this.ss += o.ss;
    this.is += o.is;
  }
}

/** A ratio with its 95 % interval. */
export interface Interval {
  mean: number;
  low: number;
  high: number;
}

/**
 * Σ income / Σ stake and its 95 % interval by linearisation: var ≈ n/(n−1) × Σ (Iₖ − R Sₖ)² / (Σ S)².
 * Undefined without stakes; a single cluster gives a zero-width interval.
 */
export function ratioInterval(s: RatioSums): Interval | undefined {
  if (s.stake <= 0) return undefined;
  const r = s.income / s.stake;
  const resid = Math.max(0, s.ii - 2 * r * s.is + r * r * s.ss);
  const n = s.clusters;
  const half = n > 1 ? (Z95 * Math.sqrt((resid * n) / (n - 1))) / s.stake : 0;
  return { mean: r, low: r - half, high: r + half };
}
