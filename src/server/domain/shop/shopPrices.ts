/** Which currency a listing is paid in, and its price and node share in that currency's ledger units. */
import { CURRENCY_ASSETS, type CurrencyCode } from '../../../shared/money/assets';
import { parseUnits } from '../../../shared/money/parse';
import type { ShopItemRow } from './shopItems';
import type { PriceCurrency } from './shopConfig';

/** Ledger currency of each price column. */
export const PRICE_ASSET: Readonly<Record<PriceCurrency, CurrencyCode>> = { ngls: 'ANGLS', busd: 'USDC', bnb: 'BNB', token: 'GDAO' };

/** FACTS.md: the paying currency is the first non-zero of busd, bnb, ngls, token. */
export const PAYING_ORDER: readonly PriceCurrency[] = ['busd', 'bnb', 'ngls', 'token'];

/** A listing's payment: currency, its ledger asset, the price and node share in units. */
export interface ListingPrice {
  currency: PriceCurrency;
  asset: CurrencyCode;
  price: bigint;
  nodeshare: bigint;
}

/** The payment of `row`, or undefined when every price is 0 (not for sale). */
export function listingPrice(
  row: Pick<ShopItemRow, 'price_busd' | 'price_bnb' | 'price_ngls' | 'price_token' | 'nodeshare'>,
): ListingPrice | undefined {
  for (const currency of PAYING_ORDER) {
    const price = row[`price_${currency}`];
    if (price > 0n) return { currency, asset: PRICE_ASSET[currency], price, nodeshare: row.nodeshare };
  }
  return undefined;
}

/** Parses a decimal `text` in `currency` into ledger units (throws on a malformed or too precise amount). */
export function priceUnits(currency: PriceCurrency, text: string): bigint {
  return parseUnits(text, CURRENCY_ASSETS[PRICE_ASSET[currency]].scale);
}
