/**
 * The shop screens' logic (spec 2 §2 "Shop screens", §4 "Shop caravan", §5, §9; FACTS.md "Shop item"): the
 * paying currency, the price and stock texts, the BNB surcharge, the caravan's restock lock and the
 * purchase request with its validation text in the spec's order. Pure: the screen only renders it.
 */
import { t } from '../../../i18n/t/shop';
import type { User } from '../../../../shared/api/user';
import { formatUnits, formatUnitsTrimmed } from '../../../../shared/money/format';
import { parseUnits } from '../../../../shared/money/parse';
import { checkBalance, feeUnits, gdaoQuantity, parseUtc, wireScale, wireUnits, type WireCurrency } from '../../../../shared/rules/wallet';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import { PLATFORM_ADDRESS, type FeeQuoteBody } from '../../../net/walletApi';
import type { ShopItem, ShopListType } from '../../../net/shopApi';

/** Shown until the shop's lists have loaded (spec 2 §2). */
export const LOADING_SHOP = t.shop.loading;
/** Shop lists poll period (spec 2 §9). */
export const SHOP_POLL_MS = 20_000;
/** The success message clears after this long (spec 2 §2, §9). */
export const SUCCESS_CLEAR_MS = 3_000;
/** BNB payments carry this surcharge (spec 2 §9), in BNB. */
export const BNB_SURCHARGE = '0.001';
/** Purchases lock while the caravan's restock is pending and goods remain (spec 2 §4). */
export const RESTOCK_LABEL = t.shop.restock;
/** Shown once a purchase went through (not worded by the spec). */
export const SUCCESS_TEXT = t.shop.success;
/** An item whose stock is 0 (not worded by the spec; the server refuses it anyway). */
export const SOLD_OUT = t.shop.soldOut;
/** The gDAO store needs a confirmed e-mail (spec 2 §5); the wording is ours. */
export const CONFIRM_EMAIL_FIRST = t.shop.confirmEmailFirst;
/** Labels of the two-stage purchase (stage 0 as the starter pack's precalculation). */
export const SHOP_LABELS = { stage0: t.common.precalculateGas, stage1: t.shop.approve };
/** Label of a gDAO store purchase: one press, no gas. */
export const GDAO_LABEL = t.shop.buyWithGdao;

/** The shop variants: /mageshop (eggs + items), /eggshop (eggs), /gdaoshop (gDAO store with the caravan). */
export type ShopVariant = 'mage' | 'egg' | 'gdao';

/** What an item is paid in: a wallet currency, or gDAO tokens (`price_token`). */
export type PayCurrency = WireCurrency | 'token';

/** Names and display decimals per paying currency (spec 2 §9: USDC 2, BNB 4, ANGLS 8, tokens 0). */
export const PAY_CURRENCIES: Readonly<Record<PayCurrency, { name: string; decimals: number; scale: number }>> = {
  busd: { name: t.units.busd, decimals: 2, scale: wireScale('busd') },
  bnb: { name: t.units.bnb, decimals: 4, scale: wireScale('bnb') },
  ngls: { name: t.units.ngls, decimals: 8, scale: wireScale('ngls') },
  token: { name: t.units.gdao, decimals: 0, scale: 0 },
};

const PAY_ORDER: readonly PayCurrency[] = ['busd', 'bnb', 'ngls', 'token'];
const PRICE_FIELD = { busd: 'price_busd', bnb: 'price_bnb', ngls: 'price_ngls', token: 'price_token' } as const;

/** A price field in ledger units of its currency; unreadable counts as 0. */
export function priceUnits(item: ShopItem, currency: PayCurrency): bigint {
  const text = item[PRICE_FIELD[currency]];
  if (currency !== 'token') return wireUnits(text, currency);
  try {
    return parseUnits(String(text), 0, { truncate: true });
  } catch {
    return 0n;
  }
}

/** The paying currency: the first non-zero of busd, bnb, ngls, token (FACTS.md); null for a free item. */
export function payCurrency(item: ShopItem): PayCurrency | null {
  return PAY_ORDER.find((c) => priceUnits(item, c) > 0n) ?? null;
}

/** Units of `currency` as shown (display decimals, truncated). */
export function shownUnits(units: bigint, currency: PayCurrency): string {
  const { scale, decimals } = PAY_CURRENCIES[currency];
  return formatUnits(units, scale, decimals);
}

/** "12.50 USDC", "0.0500 BNB", "200.00000000 ANGLS", "7 gDAO", or t.shop.free. */
export function priceText(item: ShopItem): string {
  const currency = payCurrency(item);
  if (!currency) return t.shop.free;
  return `${shownUnits(priceUnits(item, currency), currency)} ${PAY_CURRENCIES[currency].name}`;
}

/** The BNB surcharge line for an item paid in BNB, else ''. */
export function surchargeText(item: ShopItem): string {
  return payCurrency(item) === 'bnb' ? t.shop.surcharge(shownUnits(parseUnits(BNB_SURCHARGE, wireScale('bnb')), 'bnb')) : '';
}

/** The stock: a count, or null when unlimited ('many'). */
export function stockOf(item: ShopItem): number | null {
  if (item.amount === 'many') return null;
  const n = Number(item.amount);
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : null;
}

/** "Stock: many" or "Stock: 3". */
export function stockText(item: ShopItem): string {
  const stock = stockOf(item);
  return t.shop.stock(stock);
}

/** The caravan fields of the game view (FACTS.md "Game"). */
export interface CaravanState {
  caravan: string;
  caravan_items: number;
}

/**
 * Milliseconds until the caravan returns while it locks purchases, else null. The store stays locked from
 * the send until the last good is unpacked: the game view shows the return time while the caravan travels
 * (its goods count then reads 0), and '' with the goods left once it is back, which locks with 0 left.
 */
export function restockLeftMs(caravan: CaravanState | null, nowMs: number): number | null {
  if (!caravan) return null;
  const until = caravan.caravan ? parseUtc(caravan.caravan) : NaN;
  if (Number.isFinite(until)) return Math.max(0, until - nowMs);
  return caravan.caravan_items > 0 ? 0 : null;
}

/** "Locked for restock 4:05" / "Locked for restock 1:02:03" (the time left, rounded up to the second); no time once back. */
export function restockText(leftMs: number): string {
  // Back with goods to unpack: locked, with no time to wait for.
  if (leftMs <= 0) return RESTOCK_LABEL;
  const total = Math.max(0, Math.ceil(leftMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return `${RESTOCK_LABEL} ${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${s}`;
}

/** What the purchase sends: the gas precalculation (null for a gDAO purchase) and the item. */
export interface ShopInput {
  quote: FeeQuoteBody | null;
  shopItemId: number;
  /** The inventory item a gDAO-store drop names (`POST /api/drop {item_id}`): the listing's `data.item_id`. */
  dropItemId: number;
}

/** The purchase request of the chosen item. */
export interface ShopRequest {
  body: ShopInput | null;
  /** Identity of the purchase: another item or a changed price returns the flow to stage 0. */
  key: string;
  /** Validation text ('' when it may be sent). */
  invalid: string;
  /** gDAO purchases have no gas and no precalculation: one press buys. */
  direct: boolean;
}

/** The amount the precalculation names: the price, plus the surcharge for BNB (spec 2 §7). */
export function quoteUnits(item: ShopItem, currency: WireCurrency): bigint {
  const price = priceUnits(item, currency);
  return currency === 'bnb' ? price + parseUnits(BNB_SURCHARGE, wireScale('bnb')) : price;
}

/** What the shop checks before a press, in order: restock, stock, e-mail (gDAO store), balance. */
export interface ShopCheck {
  variant: ShopVariant;
  user: User;
  fee: PrecalcFee | null;
  /** Time left of the restock lock (gDAO store only), or null. */
  restockMs: number | null;
}

/** The inventory item id of a listing (`data.item_id`); the listing's own id when it names none. */
export function dropItemIdOf(item: ShopItem): number {
  const id = Number(item.data.item_id);
  return Number.isSafeInteger(id) && id > 0 ? id : item.id;
}

/** The request for `item` (null while none is chosen) and its validation text in the spec's order. */
export function shopRequest(item: ShopItem | null, { variant, user, fee, restockMs }: ShopCheck): ShopRequest {
  if (!item) return { body: null, key: 'none', invalid: LOADING_SHOP, direct: false };
  const currency = payCurrency(item);
  // gDAO is no wallet currency: nothing to precalculate, and free items have no gas either.
  const direct: boolean = variant === 'gdao' || currency === 'token' || currency === null;
  const key = `${item.id}:${item.price_busd}:${item.price_bnb}:${item.price_ngls}:${item.price_token}`;
  const quote: FeeQuoteBody | null =
    direct || currency === null || currency === 'token'
      ? null
      : {
          amount: formatUnitsTrimmed(quoteUnits(item, currency), wireScale(currency)),
          currency,
          to_address: PLATFORM_ADDRESS,
          gas: fee?.[currency] ?? '0',
        };
  const body: ShopInput = { quote, shopItemId: item.id, dropItemId: dropItemIdOf(item) };
  return { body, key, invalid: shopInvalid(item, currency, { variant, user, fee, restockMs }), direct };
}

function shopInvalid(item: ShopItem, currency: PayCurrency | null, { variant, user, fee, restockMs }: ShopCheck): string {
  if (variant === 'gdao' && restockMs !== null) return restockText(restockMs);
  if (stockOf(item) === 0) return SOLD_OUT;
  if (variant === 'gdao' && !user.email_confirmed) return CONFIRM_EMAIL_FIRST;
  if (currency === null) return '';
  if (currency === 'token') return checkBalance('gdao', priceUnits(item, 'token'), 0n, BigInt(gdaoQuantity(user.items))) ?? '';
  const gas = fee ? feeUnits(fee)[currency] : 0n;
  return checkBalance(currency, quoteUnits(item, currency), gas, wireUnits(user[`balance_${currency}`], currency)) ?? '';
}

/** The hatch value of an egg in whole ANGLS (`data.value`), 0 when absent. */
export function hatchValue(item: ShopItem): number {
  const v = Number(item.data.value ?? 0);
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/** The catalogue calls of a variant (spec 2 §7: `GET /shop` and `GET /shop?type=item`, merged). */
export const SHOP_LISTS: Readonly<Record<ShopVariant, ReadonlyArray<ShopListType>>> = {
  mage: [undefined, 'item'],
  egg: [undefined],
  gdao: ['gdao'],
};

/** The item types a variant sells: the untyped list may carry every type, so each shop keeps its own. */
const SHOP_TYPES: Readonly<Record<ShopVariant, readonly string[]>> = { mage: ['egg', 'item'], egg: ['egg'], gdao: ['gdao'] };

/** The lists merged in order, each item once, only the variant's types. */
export function mergeShopLists(variant: ShopVariant, lists: ReadonlyArray<readonly ShopItem[]>): ShopItem[] {
  const seen = new Set<number>();
  const out: ShopItem[] = [];
  for (const item of lists.flat()) {
    if (seen.has(item.id) || !SHOP_TYPES[variant].includes(item.type)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}
