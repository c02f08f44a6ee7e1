/** Player-facing numbers (FACTS.md "Numbers"): ANGLS units shown as integers from 1e9, otherwise up to 8 decimals. */
import { formatUnits, formatUnitsTrimmed, parseUnits } from '../../../shared/money';

/** ANGLS decimals on the wire. */
export const ANGLS_SCALE = 8;

const BILLION_UNITS = 10n ** 9n * 10n ** BigInt(ANGLS_SCALE);

/** Parses a wire ANGLS amount into units; anything that is not a decimal counts as 0. */
export function anglsUnits(text: string | number): bigint {
  try {
    return parseUnits(String(text), ANGLS_SCALE, { truncate: true });
  } catch {
    return 0n;
  }
}

/** Formats ANGLS units for display: integers from 1e9, otherwise up to 8 decimals, trailing zeros dropped. */
export function formatAngls(units: bigint): string {
  const abs = units < 0n ? -units : units;
  return abs >= BILLION_UNITS ? formatUnits(units, ANGLS_SCALE, 0) : formatUnitsTrimmed(units, ANGLS_SCALE, ANGLS_SCALE);
}

/** ANGLS units as a float, for drawing only (never for money decisions). */
export function unitsToNumber(units: bigint): number {
  return Number(units) / 10 ** ANGLS_SCALE;
}
