/** The shop's pure parts: the paying currency rule, the wire items of a holding, and the seeded catalogue's sanity. */
import { describe, expect, it } from 'vitest';
import { listingPrice, priceUnits } from '../../../../src/server/domain/shop/shopPrices';
import { SHOP_CATALOGUE } from '../../../../src/server/domain/shop/shopConfig';
import { itemsView } from '../../../../src/server/domain/users/itemsView';
import { EGG_TIERS } from '../../../../src/shared/rules/eggs';
import { ITEM_KINDS } from '../../../../src/shared/rules/items';

const row = (p: Partial<Record<'price_busd' | 'price_bnb' | 'price_ngls' | 'price_token' | 'nodeshare', bigint>>) => ({
  price_busd: 0n,
  price_bnb: 0n,
  price_ngls: 0n,
  price_token: 0n,
  nodeshare: 0n,
  ...p,
});

describe('listingPrice', () => {
  it('pays in the first non-zero of busd, bnb, ngls, token', () => {
    expect(listingPrice(row({ price_ngls: 5n, price_token: 1n }))).toMatchObject({ currency: 'ngls', asset: 'ANGLS', price: 5n });
    expect(listingPrice(row({ price_ngls: 5n, price_bnb: 2n }))).toMatchObject({ currency: 'bnb', asset: 'BNB', price: 2n });
    expect(listingPrice(row({ price_busd: 1n, price_bnb: 2n }))).toMatchObject({ currency: 'busd', asset: 'USDC' });
    expect(listingPrice(row({ price_token: 7n }))).toMatchObject({ currency: 'token', asset: 'GDAO', price: 7n });
    expect(listingPrice(row({}))).toBeUndefined();
  });

  it("parses prices at each currency's ledger scale", () => {
    expect([priceUnits('ngls', '1'), priceUnits('busd', '1'), priceUnits('bnb', '0.001'), priceUnits('token', '7')]).toEqual([
      100_000_000n,
      1_000_000n,
      1_000_000n,
      7n,
    ]);
    expect(() => priceUnits('token', '0.5')).toThrow();
  });
});

describe('itemsView', () => {
  it('lists held items by id with ITEM_KINDS names and the original product\u2019s picture files; nothing held is left out', () => {
    expect(
      itemsView(
        new Map([
          [13, 1n],
          [4, 12n],
          [6, 0n],
          [999, 3n],
        ]),
      ),
    ).toEqual([
      { id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 12, image: 'Coop.png', data: {} },
      { id: 13, name: 'Eggtoplasm Jar', type: 'Ectojar', quantity: 1, image: 'Extract.png', data: {} },
    ]);
  });
});

describe('SHOP_CATALOGUE', () => {
  it('prices eggs at the tier cost in ANGLS, above value + node share', () => {
    for (const e of SHOP_CATALOGUE.filter((x) => x.type === 'egg')) {
      const tier = EGG_TIERS[e.egg!];
      expect([e.currency, Number(e.price)]).toEqual(['ngls', tier.cost]);
      expect(Number(e.price)).toBeGreaterThanOrEqual(tier.value + Number(e.nodeshare));
    }
  });

  it('sells known items only, the gDAO store in tokens, at most one counted listing per item', () => {
    const counted = new Set<number>();
    for (const e of SHOP_CATALOGUE.filter((x) => x.type !== 'egg')) {
      expect(ITEM_KINDS[e.itemId!]).toBeDefined();
      if (e.type === 'gdao') expect(e.currency).toBe('token');
      if (e.stock !== 'many') {
        expect(counted.has(e.itemId!)).toBe(false);
        counted.add(e.itemId!);
      }
    }
    expect(SHOP_CATALOGUE.some((e) => e.currency === 'busd') && SHOP_CATALOGUE.some((e) => e.currency === 'bnb')).toBe(true);
  });
});
