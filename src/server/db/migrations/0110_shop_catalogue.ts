/**
 * The shops' catalogue (eggs, items, the gDAO store) beside the starter packs of 0070, the operators'
 * audit trail, and the caravan's one state row. Counted stock is not a column's number: it is the ledger's
 * `shop_stock` balance, issued from `genesis` at start (ensureShopStock); `stock` only marks a listing as
 * counted and keeps the count the catalogue set.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';
import { EGG_TIERS } from '../../../shared/rules/eggs';
import { ITEM_KINDS } from '../../../shared/rules/items';
import { SHOP_CATALOGUE, type CatalogueEntry } from '../../domain/shop/shopConfig';
import { PAYING_ORDER, priceUnits } from '../../domain/shop/shopPrices';

/** The `data` of a listing (FACTS.md "Shop item": value, rarity, collection, type, skin). */
function dataOf(e: CatalogueEntry): Record<string, unknown> {
  if (e.egg) {
    const t = EGG_TIERS[e.egg];
    return { value: t.value, rarity: t.rarity, collection: 'basic', type: 'egg', skin: e.egg };
  }
  const kind = ITEM_KINDS[e.itemId!]!;
  return { item_id: kind.id, type: kind.type, skin: `item-${kind.id}` };
}

/** Seeds the catalogue; creates `admin_audit` and `caravan_state` (with its one row). */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await db
    .insertInto('shop_items')
    .values(SHOP_CATALOGUE.map((e, i) => ({
      type: e.type, name: e.name, description: e.description, stock: e.stock === 'many' ? null : e.stock,
      // Every price column given (SQLite has no DEFAULT inside a multi-row VALUES): 0 = not sold for it.
      ...Object.fromEntries(PAYING_ORDER.map((c) => [`price_${c}`, c === e.currency ? priceUnits(c, e.price) : 0n])),
      nodeshare: priceUnits(e.currency, e.nodeshare),
      data: JSON.stringify(dataOf(e)), position: 10 + i, created_at: 0,
    })))
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
    .addColumn('goods_remaining', 'integer', (c) => c.notNull().defaultTo(0).check(sql`goods_remaining >= 0`))
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  await db.insertInto('caravan_state').values({ id: 1, returns_at: null, goods_remaining: 0, updated_at: 0 }).execute();
}
