/**
 * The shop catalogue (general enough for every shop: eggs, items, gDAO store, starter packs), seeded with
 * the starter packs, and the weekly melt totals the exchange's allowance is checked against.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

const USDC = 1_000_000n;

/**
 * The starter packs as first sold (frozen here: a later change is a new migration). Pack N holds a shop egg
 * of tier N (spec 2 §9 values and costs), priced in USDC at the cost in ANGLS × nglsPrice (0.1).
 */
const STARTER_PACKS = [
  { id: 1, name: 'Starter Pack I', egg: 'egg1', value: 100, rarity: 'common', price: 20n },
  { id: 2, name: 'Starter Pack II', egg: 'egg2', value: 400, rarity: 'rare', price: 80n },
  { id: 3, name: 'Starter Pack III', egg: 'egg3', value: 750, rarity: 'epic', price: 150n },
  { id: 4, name: 'Starter Pack IV', egg: 'egg4', value: 1000, rarity: 'mythic', price: 175n },
];

/** Creates `shop_items` (with the starter packs) and `weekly_melts`. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('shop_items'), dialect)
    .addColumn('type', 'varchar(12)', (c) => c.notNull().check(sql`type in ('egg', 'item', 'gdao', 'startpak')`))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.check(sql`stock is null or stock >= 0`))
    .addColumn('price_ngls', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_ngls >= 0`),
    )
    .addColumn('price_bnb', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_bnb >= 0`),
    )
    .addColumn('price_busd', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_busd >= 0`),
    )
    .addColumn('price_token', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_token >= 0`),
    )
    .addColumn('nodeshare', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`nodeshare >= 0`),
    )
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_items_type').on('shop_items').columns(['type', 'active', 'position']).execute();
  // Fixed ids: the original client tells pack 4 (no gas) by its id.
  await db
    .insertInto('shop_items')
    .values(
      STARTER_PACKS.map((p) => ({
        id: p.id,
        type: 'startpak',
        name: p.name,
        stock: null,
        price_busd: p.price * USDC,
        position: p.id,
        created_at: 0,
        description: `<p>A ${p.rarity} Eidol egg of value ${p.value} ANGLS to begin your Cryptonomics.</p>`,
        data: JSON.stringify({ value: p.value, rarity: p.rarity, collection: 'basic', type: 'egg', skin: p.egg, egg: p.egg }),
      })),
    )
    .execute();
  // Identity columns do not advance on explicit ids: later catalogue rows must not collide with the packs.
  if (dialect === 'postgres') await sql`select setval(pg_get_serial_sequence('shop_items', 'id'), 100)`.execute(db);

  await db.schema
    .createTable('weekly_melts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('week_start', int64, (c) => c.notNull())
    .addColumn('melted', int64, (c) => c.notNull().check(sql`melted >= 0`))
    .addPrimaryKeyConstraint('weekly_melts_pkey', ['user_id', 'week_start'])
    .execute();
}
