/**
 * The risk a join asks for, read exactly (ECONOMY.md "Risk"): a decimal r with 0 ≤ r ≤ 1 − 10^−d, where d
 * is the eidol's precision. `{risk: "0.125"}` must already be quantised to d decimals; the older
 * `{multiplier}` form (and a risk sent as a JSON number) comes from floating point on the client, so it is
 * normalised to d decimals when, and only when, it lies within FLOAT_NOISE of such a value.
 */
import { pow10, type Risk } from '../../../shared/rules/round/risk';
import { MULTIPLIER_INVALID, RISK_INVALID, RISK_REQUIRED, riskTooPrecise } from './eidolTexts';

/** How far (absolute) a float may sit from a quantised risk and still be read as it: 1e-9. */
export const FLOAT_NOISE_DIGITS = 9;

/** An eidol's risk decimals: Precise + 2, one more while an Apple burns (apple_until in the future). */
export function riskDigits(eidol: { precise: number; apple_until: number | null }, now: number): number {
  return eidol.precise + 2 + (eidol.apple_until !== null && eidol.apple_until > now ? 1 : 0);
}

/** The canonical text of a risk: trailing zeros dropped, "0" for zero ("0.125", "0.5", "0"). */
export function formatRisk(risk: Risk): string {
  if (risk.units === 0n) return '0';
  const frac = risk.units.toString().padStart(risk.digits, '0').replace(/0+$/, '');
  return `0.${frac}`;
}

/** A join's risk: the exact value, or the field and text of the refusal. */
export type RiskReading = { ok: true; risk: Risk; text: string } | { ok: false; field: 'risk' | 'multiplier'; message: string };

/** An exact signed decimal: units / 10^digits. */
interface Decimal {
  units: bigint;
  digits: number;
}

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Reads a plain decimal string ("1.125", ".5", "-0.1"); exponents, spaces and empty text are refused. */
function decimalOfText(text: string): Decimal | undefined {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return undefined;
  const [, sign = '', whole = '', frac = ''] = m;
  if (whole === '' && frac === '') return undefined;
  // A bound on length keeps a hostile body from making huge bigints; no real risk needs 40 digits.
  if (whole.length + frac.length > 40) return undefined;
  const units = BigInt(`${whole}${frac}` || '0');
  return { units: sign === '-' ? -units : units, digits: frac.length };
}

/** A JSON number's exact binary value to 20 decimals (|x| < 1e21: toFixed never falls back to exponents there). */
function decimalOfNumber(n: number): Decimal | undefined {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e6) return undefined;
  return decimalOfText(n.toFixed(20));
}

/** Exact risk from a strict decimal: at most `digits` decimals once trailing zeros are dropped. */
function strictRisk(d: Decimal, digits: number): Risk | 'invalid' | 'too_precise' {
  const base = pow10(d.digits);
  if (d.units < 0n || d.units >= base) return 'invalid';
  let { units, digits: k } = d;
  while (k > 0 && units % 10n === 0n) {
    units /= 10n;
    k -= 1;
  }
  if (k > digits) return 'too_precise';
  return { units: units * pow10(digits - k), digits };
}

/** The risk `d` rounds to at `digits` decimals, if it lies within 10^−FLOAT_NOISE_DIGITS of it. */
function quantisedRisk(d: Decimal, digits: number): Risk | 'invalid' | 'too_precise' {
  const scaled = d.units * pow10(digits);
  const base = pow10(d.digits);
  // Round half away from zero on the exact value.
  const half = base / 2n;
  const q = scaled >= 0n ? (scaled + half) / base : -((-scaled + half) / base);
  const diff = scaled - q * base;
  const off = diff < 0n ? -diff : diff;
  if (off * pow10(FLOAT_NOISE_DIGITS) > pow10(d.digits + digits)) return 'too_precise';
  if (q < 0n || q >= pow10(digits)) return 'invalid';
  return { units: q, digits };
}

/**
 * Reads `{risk}` or `{multiplier}` (risk wins when both are sent) for an eidol of `digits` risk decimals.
 * The result is quantised to exactly `digits` decimals; its canonical text is what `eidols.risk` stores.
 */
export function readJoinRisk(body: { risk?: string | number; multiplier?: string | number }, digits: number): RiskReading {
  const done = (r: Risk | 'invalid' | 'too_precise', field: 'risk' | 'multiplier'): RiskReading => {
    if (r === 'invalid') return { ok: false, field, message: field === 'risk' ? RISK_INVALID : MULTIPLIER_INVALID };
    if (r === 'too_precise') return { ok: false, field, message: riskTooPrecise(digits) };
    return { ok: true, risk: r, text: formatRisk(r) };
  };
  if (body.risk !== undefined) {
    if (typeof body.risk === 'number') {
      const d = decimalOfNumber(body.risk);
      return done(d ? quantisedRisk(d, digits) : 'invalid', 'risk');
    }
    const d = decimalOfText(body.risk);
    return done(d ? strictRisk(d, digits) : 'invalid', 'risk');
  }
  if (body.multiplier !== undefined) {
    const m = typeof body.multiplier === 'number' ? decimalOfNumber(body.multiplier) : decimalOfText(body.multiplier);
    if (!m) return done('invalid', 'multiplier');
    // r = m − 1, exactly.
    return done(quantisedRisk({ units: m.units - pow10(m.digits), digits: m.digits }, digits), 'multiplier');
  }
  return { ok: false, field: 'risk', message: RISK_REQUIRED };
}

/** The wire's multiplier of a stored risk text: 1 + r as a number. */
export function multiplierOf(riskText: string): number {
  return 1 + Number(riskText);
}
