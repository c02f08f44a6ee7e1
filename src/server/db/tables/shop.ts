/** Tables of the shops and the exchange (migration 0070): the shop catalogue and each player's weekly melts. */
import type { ColumnType, Generated } from 'kysely';

/** A money column with a database default (0): optional on insert, bigint when read. */
type MoneyDefault = ColumnType<bigint, bigint | undefined, bigint>;

/** What a shop item is (FACTS.md "Shop item"). */
export type ShopItemType = 'egg' | 'item' | 'gdao' | 'startpak';

/** One catalogue entry; prices are ledger units of each currency (0 = not sold for it). */
export interface ShopItemsTable {
  id: Generated<number>;
  type: ShopItemType;
  name: string;
  /** HTML for starter packs (spec 2 §3). */
  description: Generated<string>;
  /** null: unlimited ('many' on the wire); else the count on offer. */
  stock: ColumnType<number | null, number | null | undefined, number | null>;
  price_ngls: MoneyDefault;
  price_bnb: MoneyDefault;
  price_busd: MoneyDefault;
  /** gDAO tokens (whole). */
  price_token: MoneyDefault;
  /** Part of the price that goes to the treasury, in units of the paying currency. */
  nodeshare: MoneyDefault;
  /** JSON: {value, rarity, collection, type, skin, size?} plus what the item grants (e.g. `egg`). */
  data: Generated<string>;
  /** Listing order. */
  position: Generated<number>;
  /** 0 hides the item from the shop. */
  active: Generated<number>;
  created_at: number;
}

/** ANGLS a player melted in one allowance week (Monday 00:00 UTC, epoch ms). */
export interface WeeklyMeltsTable {
  user_id: number;
  week_start: number;
  melted: bigint;
}

/** The shop and exchange tables. */
export interface ShopTables {
  shop_items: ShopItemsTable;
  weekly_melts: WeeklyMeltsTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const SHOP_MONEY_COLUMNS = ['price_ngls', 'price_bnb', 'price_busd', 'price_token', 'nodeshare', 'melted'] as const;
