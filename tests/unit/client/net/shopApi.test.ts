/** The shop endpoints: paths and bodies of list, buy and drop, and the catalogue's wire shapes. */
import { describe, expect, it } from 'vitest';
import { createShopApi, shopListSchema } from '../../../../src/client/net/shopApi';
import type { Http } from '../../../../src/client/net/http';

describe('shopApi', () => {
  it('asks for the lists and sends purchases as contracts H1 names them', async () => {
    const seen: string[] = [];
    const http: Http = {
      get: (path) => {
        seen.push(`GET ${path}`);
        return Promise.resolve({ ok: true, status: 200, data: [] as never, message: '' });
      },
      post: (path, body) => {
        seen.push(`POST ${path} ${JSON.stringify(body)}`);
        return Promise.resolve({ ok: true, status: 200, data: {} as never, message: '' });
      },
    };
    const api = createShopApi(http);
    await api.list(undefined);
    await api.list('item');
    await api.list('gdao');
    await api.buy(3);
    await api.drop(5);
    expect(seen).toEqual([
      'GET /api/shop',
      'GET /api/shop?type=item',
      'GET /api/shop?type=gdao',
      'POST /api/shop/buy {"shop_item_id":3}',
      'POST /api/drop {"item_id":5}',
    ]);
  });

  it('reads a list from data or from data.data, prices as decimal strings, missing fields defaulted', () => {
    const wire = {
      id: 1,
      name: 'Egg',
      type: 'egg',
      description: null,
      amount: 2,
      price_ngls: 200,
      price_bnb: '0',
      data: { value: 100, rarity: 'common' },
    };
    const item = {
      id: 1,
      name: 'Egg',
      type: 'egg',
      description: '',
      amount: 2,
      price_ngls: '200',
      price_bnb: '0',
      price_busd: '0',
      price_token: '0',
      data: { value: '100', rarity: 'common' },
    };
    expect(shopListSchema.parse([wire])).toEqual([item]);
    expect(shopListSchema.parse({ data: [wire] })).toEqual([item]);
    expect(shopListSchema.parse([{ ...wire, amount: undefined, data: null }])).toEqual([{ ...item, amount: 'many', data: {} }]);
  });
});
