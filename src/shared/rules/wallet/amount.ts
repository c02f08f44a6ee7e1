/**
 * Amounts (spec 2 §5): the input is normalised as the user types (comma → point, other characters
 * stripped, only the first point kept, no more decimals than the currency's ledger scale), then parsed
 * exactly into ledger units; it must be above 0 ("Specify correct amount").
 */
import { MAX_UNITS } from '../../money/assets';
import { parseUnits } from '../../money/parse';
import { WALLET_TEXTS } from './texts';

/**
 * Normalises what the user typed: comma becomes a point, every other non-digit is stripped, only the first
 * point is kept, and with `scale` decimals beyond it are cut (the field never holds an amount the ledger
 * cannot represent). "1,5" → "1.5"; "1.2.3" → "1.23"; "-3a" → "3".
 */
export function normaliseAmountInput(raw: string, scale?: number): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  if (point < 0) return cleaned;
  let frac = cleaned.slice(point + 1).replace(/\./g, '');
  if (scale !== undefined) frac = frac.slice(0, scale);
  return `${cleaned.slice(0, point)}.${frac}`;
}

/** Outcome of amount parsing: ledger units, or the spec's text. */
export type AmountResult = { ok: true; units: bigint } | { ok: false; error: string };

// Digits with at most one decimal separator (comma or point): what a normalised input looks like.
const STRICT = /^(\d*)[.,]?(\d*)$/;

/**
 * Parses an amount into ledger units of `scale` decimals. Accepts a decimal string (a comma counts as the
 * point) or a finite JSON number; refuses signs, exponents, stray characters, more decimals than the scale,
 * zero and anything beyond int64 with "Specify correct amount" — the server must refuse what the client
 * would have normalised away rather than guess, so bad input changes nothing.
 */
export function parseAmount(input: unknown, scale: number): AmountResult {
  const bad = { ok: false, error: WALLET_TEXTS.badAmount } as const;
  const text = typeof input === 'number' ? numberToDecimal(input) : typeof input === 'string' ? input.trim() : undefined;
  if (text === undefined) return bad;
  const m = STRICT.exec(text);
  if (!m || (!m[1] && !m[2])) return bad;
  let units: bigint;
  try {
    units = parseUnits(`${m[1] || '0'}.${m[2] || '0'}`, scale);
  } catch {
    return bad;
  }
  if (units <= 0n || units > MAX_UNITS) return bad;
  return { ok: true, units };
}

/**
 * A JSON number as the plain decimal of its shortest spelling ("1e-7" → "0.0000001"), or undefined when not
 * finite or negative; the shortest spelling is what the sender meant, not the binary float's expansion.
 */
function numberToDecimal(n: number): string | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined;
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(String(n));
  if (!m) return String(n);
  const digits = `${m[1]}${m[2] ?? ''}`;
  const point = (m[1] ?? '').length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
}
