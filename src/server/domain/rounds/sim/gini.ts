/** The Gini coefficient of a wealth distribution, exact in bigint (the simulator's inequality figure). */

/** An exact ratio numerator / denominator (denominator > 0). */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

/**
 * Gini of non-negative amounts: Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n Σx), via the sorted form (2 Σ i·x₍ᵢ₎ − (n+1) Σx) / (n Σx)
 * with i from 1. 0 = all equal, (n−1)/n = one holder owns everything. Empty or all-zero input gives 0.
 */
export function gini(amounts: readonly bigint[]): Ratio {
  const n = BigInt(amounts.length);
  if (amounts.some((x) => x < 0n)) throw new Error('gini: negative amount');
  const sorted = [...amounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let total = 0n,
    weighted = 0n;
  sorted.forEach((x, i) => {
    total += x;
    weighted += BigInt(i + 1) * x;
  });
  if (total === 0n) return { numerator: 0n, denominator: 1n };
  return { numerator: 2n * weighted - (n + 1n) * total, denominator: n * total };
}

/** `numerator / denominator` as a decimal string with `places` decimals, truncated toward zero. */
export function ratioDecimal(numerator: bigint, denominator: bigint, places = 4): string {
  if (denominator <= 0n) throw new Error('ratioDecimal: denominator must be > 0');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const scaled = (abs * 10n ** BigInt(places)) / denominator;
  const text = scaled.toString().padStart(places + 1, '0');
  const body = places > 0 ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
  return negative && scaled !== 0n ? `-${body}` : body;
}
