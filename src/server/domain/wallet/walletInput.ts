/**
 * Server-side reading of wallet form fields, as the client normalises them (spec 2 §5): currencies by
 * their wire codes, amounts with a comma read as a point, other characters stripped, only the first point
 * kept, above 0, at most the currency's scale (finer digits are dropped, never rounded up).
 */
import { CURRENCY_ASSETS, MAX_UNITS, type CurrencyCode } from '../../../shared/money/assets';
import { parseUnits } from '../../../shared/money/parse';

/** A wallet currency by its wire code (spec 2 §1: ANGLS ngls, USDC busd, BNB bnb). */
export type WireCurrency = 'ngls' | 'busd' | 'bnb';

/** The ledger code of each wire currency. */
export const LEDGER_CODE: Readonly<Record<WireCurrency, CurrencyCode>> = { ngls: 'ANGLS', busd: 'USDC', bnb: 'BNB' };

/** The wire currency `value` names (any case), or undefined. */
export function wireCurrencyOf(value: unknown): WireCurrency | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return v === 'ngls' || v === 'busd' || v === 'bnb' ? v : undefined;
}

/** The spec's normalisation of an amount field: "1,5" → "1.5", "1.2.3" → "1.23", letters dropped. */
export function normaliseAmount(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value >= 1e21) return undefined;
    // Plain digits, never exponent notation (1e-7 must not read as "17").
    text = value.toFixed(20);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return undefined;
  }
  // A minus sign is not stripped into a positive amount: the server refuses what the client would never send.
  if (text.includes('-')) return undefined;
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const single = dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
  return /\d/.test(single) ? single : undefined;
}

/** The amount in ledger units of `currency`, or undefined when it is not a positive amount that fits. */
export function amountUnits(value: unknown, currency: WireCurrency): bigint | undefined {
  const text = normaliseAmount(value);
  if (text === undefined) return undefined;
  const units = parseUnits(text, CURRENCY_ASSETS[LEDGER_CODE[currency]].scale, { truncate: true });
  return units > 0n && units <= MAX_UNITS ? units : undefined;
}
