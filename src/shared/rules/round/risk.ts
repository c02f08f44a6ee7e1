/**
 * Risk r as an exact decimal: r = units / 10^digits (ECONOMY.md: the client sends a decimal string quantised
 * to the eidol's precision). Kept as integers so zones, stakes and claims never touch floating point.
 */
import { MAX_RISK_DIGITS } from './economyConfig';

/** An exact risk: `units / 10^digits`, 0 ≤ r ≤ 1 − 10^−digits. */
export interface Risk {
  units: bigint;
  digits: number;
}

/** Bits of the threshold's fraction: T = thresholdUnits / 2^52 (ECONOMY.md "Threshold"). */
export const THRESHOLD_BITS = 52n;

/** 2^52, the threshold's denominator. */
export const THRESHOLD_SCALE = 1n << THRESHOLD_BITS;

const POW10 = Array.from({ length: MAX_RISK_DIGITS + 1 }, (_, i) => 10n ** BigInt(i));

/** 10^digits, from a table for the digits a risk may have (settlement needs it once per eidol). */
export function pow10(digits: number): bigint {
  return POW10[digits] ?? 10n ** BigInt(digits);
}

const RISK_TEXT = /^0?\.(\d+)$|^0$/;

/** Parses "0.1234" (or "0", ".5") into an exact risk; anything else, or r ≥ 1, throws. */
export function parseRisk(text: string): Risk {
  const m = RISK_TEXT.exec(text);
  if (!m) throw new Error(`risk "${text}" is not a decimal in [0, 1)`);
  const frac = m[1] ?? '';
  const risk = { units: frac ? BigInt(frac) : 0n, digits: frac.length };
  assertRisk(risk);
  return risk;
}

/** Throws unless `risk` is 0 ≤ r ≤ 1 − one unit of its precision, with at most MAX_RISK_DIGITS decimals. */
export function assertRisk(risk: Risk): void {
  if (!Number.isInteger(risk.digits) || risk.digits < 0 || risk.digits > MAX_RISK_DIGITS) {
    throw new Error(`risk digits ${risk.digits} outside 0..${MAX_RISK_DIGITS}`);
  }
  if (risk.units < 0n || risk.units >= pow10(risk.digits)) {
    throw new Error(`risk ${risk.units}/10^${risk.digits} outside [0, 1 − 10^-${risk.digits}]`);
  }
}

/** True when r ≤ T, exactly: units × 2^52 ≤ thresholdUnits × 10^digits (r = T wins). */
export function riskAtMostThreshold(risk: Risk, thresholdUnits: bigint): boolean {
  return risk.units << THRESHOLD_BITS <= thresholdUnits * pow10(risk.digits);
}
