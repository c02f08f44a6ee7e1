/** Tables of the shops and the exchange (migrations 0070, 0110): the shop catalogue, each player's weekly melts, the admin audit and the caravan. */
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

/** One operator command run through the admin CLI (migration 0110), written in the command's own transaction. */
export interface AdminAuditTable {
  id: Generated<number>;
  /** Who ran it (the CLI's `--as`, else ADMIN_ACTOR, else the OS user). */
  actor: string;
  command: string;
  /** JSON array of the command's arguments. */
  args: Generated<string>;
  /** JSON object: what the command changed. */
  details: Generated<string>;
  created_at: number;
}

/** The caravan's one row (id 1): when it returns and how many goods are still to unpack (#12 drives it). */
export interface CaravanStateTable {
  id: number;
  /** Epoch ms of the return, or null while the caravan is home. */
  returns_at: number | null;
  goods_remaining: number;
  updated_at: number;
}

/** The shop and exchange tables. */
export interface ShopTables {
  shop_items: ShopItemsTable;
  weekly_melts: WeeklyMeltsTable;
  admin_audit: AdminAuditTable;
  caravan_state: CaravanStateTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const SHOP_MONEY_COLUMNS = ['price_ngls', 'price_bnb', 'price_busd', 'price_token', 'nodeshare', 'melted'] as const;
