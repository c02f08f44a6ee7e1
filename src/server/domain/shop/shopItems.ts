/** The shop catalogue (`shop_items`) and its wire shape (FACTS.md "Shop item"). */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopItemsTable, ShopItemType } from '../../db/tables/shop';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { formatUnits } from '../../../shared/money/format';
import { ITEM_PICTURE_COLLECTION, listingSkinPicture } from '../../../shared/rules/pictures';

/** A catalogue row. */
export type ShopItemRow = Selectable<ShopItemsTable>;

/** The types a shop lists. */
export const SHOP_ITEM_TYPES: readonly ShopItemType[] = ['egg', 'item', 'gdao', 'startpak'];

/** A shop item on the wire: prices as decimal strings, `amount` 'many' or the stock. */
export interface ShopItemView {
  id: number;
  name: string;
  type: ShopItemType;
  description: string;
  amount: 'many' | number;
  price_ngls: string;
  price_bnb: string;
  price_busd: string;
  price_token: string;
  nodeshare: string;
  data: Record<string, unknown>;
}

/**
 * The wire item of a row. `stocks` (item id → `shop_stock` balance, shopStockBalances) gives a counted
 * listing's `amount`: the ledger's count, not the column's.
 */
export function shopItemView(row: ShopItemRow, stocks?: ReadonlyMap<number, bigint>): ShopItemView {
  const { ANGLS, BNB, USDC, GDAO } = CURRENCY_ASSETS;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    amount: amountOf(row, stocks),
    price_ngls: formatUnits(row.price_ngls, ANGLS.scale),
    price_bnb: formatUnits(row.price_bnb, BNB.scale),
    price_busd: formatUnits(row.price_busd, USDC.scale),
    price_token: formatUnits(row.price_token, GDAO.scale),
    // The node share is paid in the item's paying currency; shown in ANGLS decimals like the original.
    nodeshare: formatUnits(row.nodeshare, ANGLS.scale),
    data: listingData(JSON.parse(row.data) as Record<string, unknown>),
  };
}

/** A listing's `data` with the original's picture names: `skin` its file, `collection` where that file is. */
function listingData(data: Record<string, unknown>): Record<string, unknown> {
  const collection = typeof data.collection === 'string' ? data.collection : ITEM_PICTURE_COLLECTION;
  return { ...data, collection, skin: listingSkinPicture(data.skin, data.item_id) };
}

function amountOf(row: ShopItemRow, stocks: ReadonlyMap<number, bigint> | undefined): 'many' | number {
  if (row.stock === null) return 'many';
  const itemId = (JSON.parse(row.data) as { item_id?: unknown }).item_id;
  if (!stocks || typeof itemId !== 'number') return row.stock;
  return Number(stocks.get(itemId) ?? 0n);
}

/** Active items of `type` (every type when undefined), in listing order. */
export function listShopItems(k: Kysely<Database>, type: ShopItemType | undefined): Promise<ShopItemRow[]> {
  return k
    .selectFrom('shop_items')
    .selectAll()
    .where('active', '=', 1)
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The active item `id`, if any. */
export function findShopItem(k: Kysely<Database>, id: number): Promise<ShopItemRow | undefined> {
  return k.selectFrom('shop_items').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}
