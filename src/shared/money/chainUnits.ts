/** Conversions between ledger units and chain units (e.g. 18-decimal ERC-20s), at the chain boundary only. */

/** A conversion result: the amount in the target scale and the dust the rounding kept back (source scale). */
export interface Converted {
  units: bigint;
  dust: bigint;
}

/**
 * Rescales a non-negative `amount` from `fromDecimals` to `toDecimals`, rounding DOWN (in the platform's
 * favour whichever way money flows: the recipient gets at most what was sent), and returns the dust.
 */
export function rescaleDown(amount: bigint, fromDecimals: number, toDecimals: number): Converted {
  if (amount < 0n) throw new Error('rescaleDown expects a non-negative amount');
  if (toDecimals >= fromDecimals) return { units: amount * 10n ** BigInt(toDecimals - fromDecimals), dust: 0n };
  const div = 10n ** BigInt(fromDecimals - toDecimals);
  return { units: amount / div, dust: amount % div };
}
