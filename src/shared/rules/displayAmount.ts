/** Display of wire money (spec 1 §9: ANGLS 8, USDC 2, BNB 4, gDAO 0 decimals), exact through the money module. */
import { formatUnits, parseUnits } from '../money';

/** Decimals shown per currency in the wallet panel. */
export const DISPLAY_DECIMALS = { ngls: 8, busd: 2, bnb: 4, gdao: 0 } as const;

/**
 * Formats a decimal string (or an integer count) with exactly `decimals` places, truncating toward zero so
 * a balance is never shown larger than it is. Anything that is not a plain decimal shows as zero.
 */
export function formatAmount(value: string | number | bigint | null | undefined, decimals: number): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? numberToPlain(value) : '') : String(value ?? '');
  let units = 0n;
  try {
    units = parseUnits(text, decimals, { truncate: true });
  } catch {
    // not a decimal: shown as zero rather than breaking the panel
  }
  return formatUnits(units, decimals);
}

/** A JS number as a plain decimal string (no exponent), for counts that arrive as numbers. */
function numberToPlain(n: number): string {
  return Math.abs(n) < 1e21 ? n.toFixed(12).replace(/\.?0+$/, '') : BigInt(Math.trunc(n)).toString();
}
