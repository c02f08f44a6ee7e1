/** Test data of the shops: a shop item as `GET /api/shop` sends it. */
import type { ShopItem } from '../../../src/client/net/shopApi';

/** A shop item (all prices zero, unlimited stock, unless patched). */
export function shopItem(patch: Partial<ShopItem> = {}): ShopItem {
  return {
    id: 1,
    name: 'Egg',
    type: 'egg',
    description: '',
    amount: 'many',
    price_ngls: '0',
    price_bnb: '0',
    price_busd: '0',
    price_token: '0',
    data: {},
    ...patch,
  };
}
