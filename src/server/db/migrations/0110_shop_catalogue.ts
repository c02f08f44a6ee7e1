/**
 * The shops' catalogue (eggs, items, the gDAO store) beside the starter packs of 0070, the operators'
 * audit trail, and the caravan's one state row. Counted stock is not a column's number: it is the ledger's
 * `shop_stock` balance, issued from `genesis` at start (ensureShopStock); `stock` only marks a listing as
 * counted and keeps the count the catalogue set. The listings are frozen here as first sold (prices in ledger
 * units): a later change is an admin command or a new migration, never an edit of this file.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

/** The currencies a listing can be priced in, by its price column's wire suffix. */
type Pays = 'busd' | 'bnb' | 'ngls' | 'token';

/** The price columns in paying order: a listing pays in the first non-zero of them (FACTS.md). */
const PRICE_COLUMNS: readonly Pays[] = ['busd', 'bnb', 'ngls', 'token'];

/**
 * One seeded listing: `pays` is its one priced column; `price` and `nodeshare` (part of the price, same
 * currency, to `treasury`) are in that currency's ledger units (ANGLS 10^8, USDC 10^6, BNB 10^9, gDAO whole
 * tokens); `stock` null = many (issued on sale), else the count `shop_stock` is issued at start; `data` is
 * FACTS.md "Shop item" (eggs: value, rarity, collection, type, skin; items: item_id, type, skin).
 */
interface Listing {
  type: 'egg' | 'item' | 'gdao';
  name: string;
  description: string;
  stock: number | null;
  pays: Pays;
  price: bigint;
  nodeshare: bigint;
  data: Record<string, unknown>;
}

/** Shop eggs: priced at the tier cost of spec 2 §9; 5 % of the price is the node share. */
const EGGS: Listing[] = [
  {
    type: 'egg',
    name: 'Common Egg',
    description: 'A common Eidol egg of value 100 ANGLS.',
    stock: null,
    pays: 'ngls',
    price: 20_000_000_000n,
    nodeshare: 1_000_000_000n,
    data: { value: 100, rarity: 'common', collection: 'basic', type: 'egg', skin: 'egg1' },
  },
  {
    type: 'egg',
    name: 'Rare Egg',
    description: 'A rare Eidol egg of value 400 ANGLS.',
    stock: null,
    pays: 'ngls',
    price: 80_000_000_000n,
    nodeshare: 4_000_000_000n,
    data: { value: 400, rarity: 'rare', collection: 'basic', type: 'egg', skin: 'egg2' },
  },
  {
    type: 'egg',
    name: 'Epic Egg',
    description: 'An epic Eidol egg of value 750 ANGLS.',
    stock: null,
    pays: 'ngls',
    price: 150_000_000_000n,
    nodeshare: 7_500_000_000n,
    data: { value: 750, rarity: 'epic', collection: 'basic', type: 'egg', skin: 'egg3' },
  },
  {
    type: 'egg',
    name: 'Mythic Egg',
    description: 'A mythic Eidol egg of value 1000 ANGLS.',
    stock: null,
    pays: 'ngls',
    price: 175_000_000_000n,
    nodeshare: 8_750_000_000n,
    data: { value: 1000, rarity: 'mythic', collection: 'basic', type: 'egg', skin: 'egg4' },
  },
];

/** The mage shop's items (ANGLS, plus a few in USDC and BNB). A Golden Cookie's 2 ANGLS hold its 1 ANGLS backing. */
const ITEMS: Listing[] = [
  {
    type: 'item',
    name: 'Golden Cookie',
    description: 'Feeds an Eidol 1 ANGLS of value.',
    stock: null,
    pays: 'ngls',
    price: 200_000_000n,
    nodeshare: 0n,
    data: { item_id: 6, type: 'Coincookie', skin: 'item-6' },
  },
  {
    type: 'item',
    name: 'Extraction Extract',
    description: 'Extracts value from an Eidol.',
    stock: null,
    pays: 'ngls',
    price: 500_000_000n,
    nodeshare: 0n,
    data: { item_id: 11, type: 'Extract', skin: 'item-11' },
  },
  {
    type: 'item',
    name: 'Precision Apple',
    description: '+1 Precise for 24 hours.',
    stock: null,
    pays: 'ngls',
    price: 1_000_000_000n,
    nodeshare: 50_000_000n,
    data: { item_id: 12, type: 'Apple', skin: 'item-12' },
  },
  {
    type: 'item',
    name: 'Precision Apple',
    description: '+1 Precise for 24 hours.',
    stock: null,
    pays: 'busd',
    price: 1_000_000n,
    nodeshare: 0n,
    data: { item_id: 12, type: 'Apple', skin: 'item-12' },
  },
  {
    type: 'item',
    name: 'Transmutation Tome',
    description: 'Transmutes an egg.',
    stock: null,
    pays: 'ngls',
    price: 2_000_000_000n,
    nodeshare: 100_000_000n,
    data: { item_id: 14, type: 'Tome', skin: 'item-14' },
  },
  {
    type: 'item',
    name: 'Transmutation Tome',
    description: 'Transmutes an egg.',
    stock: null,
    pays: 'bnb',
    price: 5_000_000n,
    nodeshare: 0n,
    data: { item_id: 14, type: 'Tome', skin: 'item-14' },
  },
  {
    type: 'item',
    name: 'Indulgence',
    description: 'Forgiveness, in writing.',
    stock: null,
    pays: 'ngls',
    price: 5_000_000_000n,
    nodeshare: 250_000_000n,
    data: { item_id: 1, type: 'Indulgence', skin: 'item-1' },
  },
  {
    type: 'item',
    name: 'Scribe Quill',
    description: 'Inscribes a line at the Forum.',
    stock: null,
    pays: 'ngls',
    price: 2_500_000_000n,
    nodeshare: 0n,
    data: { item_id: 2, type: 'Scribe', skin: 'item-2' },
  },
  {
    type: 'item',
    name: 'Incense',
    description: 'Lights an incense slot: doubles the emission.',
    stock: 50,
    pays: 'ngls',
    price: 3_000_000_000n,
    nodeshare: 150_000_000n,
    data: { item_id: 3, type: 'Incense', skin: 'item-3' },
  },
  {
    type: 'item',
    name: 'Caravan Map',
    description: 'Sends the caravan to restock the store.',
    stock: 10,
    pays: 'ngls',
    price: 10_000_000_000n,
    nodeshare: 500_000_000n,
    data: { item_id: 8, type: 'Map', skin: 'item-8' },
  },
  {
    type: 'item',
    name: 'Puff of Wisdom',
    description: 'A puff at the Forum.',
    stock: null,
    pays: 'ngls',
    price: 300_000_000n,
    nodeshare: 0n,
    data: { item_id: 9, type: 'Puff', skin: 'item-9' },
  },
  {
    type: 'item',
    name: 'Tax Commendation',
    description: 'Makes you Patricius for a month.',
    stock: null,
    pays: 'busd',
    price: 10_000_000n,
    nodeshare: 0n,
    data: { item_id: 7, type: 'Tax', skin: 'item-7' },
  },
];

/**
 * The community (gDAO) store: goods for gDAO tokens, mostly counted (the caravan restocks them). Counted
 * listings of one item share its `shop_stock` balance, so each item has at most one counted listing here.
 */
const GDAO_STORE: Listing[] = [
  {
    type: 'gdao',
    name: 'Tax Commendation',
    description: 'Makes you Patricius for a month.',
    stock: 20,
    pays: 'token',
    price: 10n,
    nodeshare: 0n,
    data: { item_id: 7, type: 'Tax', skin: 'item-7' },
  },
  {
    type: 'gdao',
    name: 'Transmutation Tome',
    description: 'Transmutes an egg.',
    stock: 10,
    pays: 'token',
    price: 3n,
    nodeshare: 0n,
    data: { item_id: 14, type: 'Tome', skin: 'item-14' },
  },
  {
    type: 'gdao',
    name: 'Puff of Wisdom',
    description: 'A puff at the Forum.',
    stock: null,
    pays: 'token',
    price: 1n,
    nodeshare: 0n,
    data: { item_id: 9, type: 'Puff', skin: 'item-9' },
  },
];

/** Seeds the catalogue; creates `admin_audit` and `caravan_state` (with its one row). */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await db
    .insertInto('shop_items')
    .values(
      [...EGGS, ...ITEMS, ...GDAO_STORE].map((l, i) => ({
        type: l.type,
        name: l.name,
        description: l.description,
        stock: l.stock,
        // Every price column given (SQLite has no DEFAULT inside a multi-row VALUES): 0 = not sold for it.
        ...Object.fromEntries(PRICE_COLUMNS.map((c) => [`price_${c}`, c === l.pays ? l.price : 0n])),
        nodeshare: l.nodeshare,
        data: JSON.stringify(l.data),
        // After the starter packs' positions 1–4 (migration 0070), in listing order.
        position: 10 + i,
        created_at: 0,
      })),
    )
    .execute();

  await withId(db.schema.createTable('admin_audit'), dialect)
    .addColumn('actor', 'varchar(128)', (c) => c.notNull())
    .addColumn('command', 'varchar(64)', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created').on('admin_audit').columns(['created_at']).execute();

  await db.schema
    .createTable('caravan_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('returns_at', int64)
    .addColumn('goods_remaining', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`goods_remaining >= 0`),
    )
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  await db.insertInto('caravan_state').values({ id: 1, returns_at: null, goods_remaining: 0, updated_at: 0 }).execute();
}
