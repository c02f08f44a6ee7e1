/** The shop's pure parts: the paying currency rule and the wire items of a holding (the seeded catalogue: tests/integration/shop/catalogue.test.ts). */
import { describe, expect, it } from 'vitest';
import { listingPrice, priceUnits } from '../../../../src/server/domain/shop/shopPrices';
import { itemsView } from '../../../../src/server/domain/users/itemsView';

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
