/** The wire currency codes of wallet calls (ngls, busd, bnb) and their ledger assets and scales. */
import { CURRENCY_ASSETS, type CurrencyCode } from '../../money/assets';

/** The currencies a wallet call names on the wire. */
export const WIRE_CURRENCIES = ['ngls', 'busd', 'bnb'] as const;

/** One of WIRE_CURRENCIES. */
export type WireCurrency = (typeof WIRE_CURRENCIES)[number];

/** Per-currency amounts in ledger units (balances, gas). */
export type CurrencyUnits = Readonly<Record<WireCurrency, bigint>>;

const ASSET_OF: Readonly<Record<WireCurrency, CurrencyCode>> = { ngls: 'ANGLS', busd: 'USDC', bnb: 'BNB' };

/** True when `value` is a wire currency code. */
export function isWireCurrency(value: unknown): value is WireCurrency {
  return typeof value === 'string' && (WIRE_CURRENCIES as readonly string[]).includes(value);
}

/** The ledger asset of a wire currency (ngls → ANGLS, busd → USDC, bnb → BNB). */
export function assetOfWire(currency: WireCurrency): CurrencyCode {
  return ASSET_OF[currency];
}

/** Decimal places of a wire currency's ledger unit (ANGLS 8, USDC 6, BNB 9). */
export function wireScale(currency: WireCurrency): number {
  return CURRENCY_ASSETS[ASSET_OF[currency]].scale;
}

/** Decimals the UI shows for a currency's balance (ANGLS 8, USDC 2, BNB 4). */
export function wireDisplayDecimals(currency: WireCurrency): number {
  return CURRENCY_ASSETS[ASSET_OF[currency]].display;
}

/** Zero in every currency (no gas yet). */
export const ZERO_UNITS: CurrencyUnits = { ngls: 0n, busd: 0n, bnb: 0n };
