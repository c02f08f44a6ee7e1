/**
 * The shops' catalogue as migration 0110 seeds it, read from the tables on both databases (the migration is
 * the one source of the first listings; later changes go through the admin CLI): eggs at their tier's cost,
 * known items only, the gDAO store in tokens, at most one counted listing per item, and the same rows on
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listingPrice, priceUnits } from '../../../src/server/domain/shop/shopPrices';
import { EGG_TIERS, type EggTier } from '../../../src/shared/rules/eggs';
import { ITEM_KINDS } from '../../../src/shared/rules/items';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';

/** The seeded shops' listings (starter packs aside), in listing order. */
async function seededListings(t: TestDb) {
  const rows = await t.db.kysely
    .selectFrom('shop_items')
    .select(['type', 'name', 'stock', 'price_busd', 'price_bnb', 'price_ngls', 'price_token', 'nodeshare', 'data', 'position'])
    .where('type', 'in', ['egg', 'item', 'gdao'])
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ ...row, pays: listingPrice(row), data: JSON.parse(row.data) as { skin?: string; item_id?: number } }));
}

describe('the seeded shop catalogue', () => {
  const dbs: TestDb[] = [];
  beforeAll(async () => {
    for (const dialect of dialectsFor(inject('pgAdminUrl'))) dbs.push(await createTestDb(dialect, inject('pgAdminUrl')));
  });
  afterAll(async () => {
    for (const t of dbs) await t.destroy();
  });

  it('prices each egg tier once, in ANGLS at its tier cost, above value + node share', async () => {
    for (const t of dbs) {
      const eggs = (await seededListings(t)).filter((l) => l.type === 'egg');
      expect(eggs.map((e) => e.data.skin).sort()).toEqual(Object.keys(EGG_TIERS).sort());
      for (const e of eggs) {
        const tier = EGG_TIERS[e.data.skin as EggTier];
        expect([e.pays?.currency, e.pays?.price]).toEqual(['ngls', priceUnits('ngls', String(tier.cost))]);
        expect(e.pays!.price).toBeGreaterThanOrEqual(priceUnits('ngls', String(tier.value)) + e.nodeshare);
      }
    }
  });

  it('sells known items only, the gDAO store in tokens, at most one counted listing per item, in every currency', async () => {
    for (const t of dbs) {
      const listings = await seededListings(t);
      const counted = new Set<number>();
      for (const l of listings.filter((x) => x.type !== 'egg')) {
        expect(ITEM_KINDS[l.data.item_id!], l.name).toBeDefined();
        if (l.type === 'gdao') expect(l.pays?.currency).toBe('token');
        if (l.stock !== null) {
          expect(counted.has(l.data.item_id!), l.name).toBe(false);
          counted.add(l.data.item_id!);
        }
      }
      expect(new Set(listings.map((l) => l.pays?.currency))).toEqual(new Set(['ngls', 'busd', 'bnb', 'token']));
    }
  });

  it('holds the same listings on every database', async () => {
    const [first, ...others] = await Promise.all(dbs.map(seededListings));
    expect(first!.length).toBeGreaterThan(0);
    for (const listings of others) expect(listings).toEqual(first);
  });
});
