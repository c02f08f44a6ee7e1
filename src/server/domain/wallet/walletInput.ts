/**
 * Server-side reading of wallet form fields (spec 2 §5): currencies by their wire codes, amounts by the
 * shared rule the client checks them with (the client normalises as the player types, so what it sends is
 * already clean; the server refuses what is not instead of normalising it into another amount).
 */
import type { CurrencyCode } from '../../../shared/money/assets';
import { parseAmount, wireScale } from '../../../shared/rules/wallet/index';

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

/**
 * The amount in ledger units of `currency`, or undefined when it is not a positive amount that fits. The
 * shared rule the client validates with (src/shared/rules/wallet parseAmount): strict, so "5abc", "-5",
 * "1e3" and more decimals than the currency's scale are refused rather than guessed at, and a JSON number
 * is read by its shortest spelling (0.3 is 0.3, not the float's 0.29999…).
 */
export function amountUnits(value: unknown, currency: WireCurrency): bigint | undefined {
  const read = parseAmount(value, wireScale(currency));
  return read.ok ? read.units : undefined;
}
