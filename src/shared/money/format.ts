/** Integer units → decimal strings, exactly. */

/**
 * Formats `units` (of `scale` decimals) with exactly `decimals` decimals (default: the scale). Fewer
 * decimals than the scale truncate toward zero, so a balance is never shown larger than it is.
 */
export function formatUnits(units: bigint, scale: number, decimals: number = scale): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  let frac = (abs % base).toString().padStart(scale, '0');
  frac = decimals <= scale ? frac.slice(0, decimals) : frac.padEnd(decimals, '0');
  const shownZero = whole === 0n && !/[1-9]/.test(frac);
  const body = decimals > 0 ? `${whole}.${frac}` : `${whole}`;
  return negative && !shownZero ? `-${body}` : body;
}

/** Formats with at most `maxDecimals` decimals, dropping trailing zeros ("1.5", "2"). */
export function formatUnitsTrimmed(units: bigint, scale: number, maxDecimals: number = scale): string {
  const s = formatUnits(units, scale, Math.min(maxDecimals, scale));
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
