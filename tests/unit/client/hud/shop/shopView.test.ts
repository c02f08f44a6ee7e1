/** Shop logic: paying currency, price and stock texts, BNB surcharge, restock lock, the purchase request in the spec's order. */
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_EMAIL_FIRST,
  LOADING_SHOP,
  SOLD_OUT,
  mergeShopLists,
  payCurrency,
  priceText,
  restockLeftMs,
  restockText,
  shopRequest,
  stockText,
  surchargeText,
} from '../../../../../src/client/hud/screens/shop/shopView';
import type { ShopItem } from '../../../../../src/client/net/shopApi';
import { shopItem } from '../../shopFixtures';
import { makeUser } from '../../machines/fixtures';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const active = { start_gas: true, start_pack: true };

describe('paying currency and price', () => {
  it('pays in the first non-zero of busd, bnb, ngls, token', () => {
    expect(payCurrency(shopItem({ price_busd: '5', price_bnb: '0.1', price_ngls: '200' }))).toBe('busd');
    expect(payCurrency(shopItem({ price_bnb: '0.1', price_ngls: '200' }))).toBe('bnb');
    expect(payCurrency(shopItem({ price_ngls: '200', price_token: '7' }))).toBe('ngls');
    expect(payCurrency(shopItem({ price_token: '7' }))).toBe('token');
    expect(payCurrency(shopItem({ price_busd: '0.00', price_bnb: 'x' }))).toBeNull();
  });

  it('shows USDC with 2 decimals, BNB 4, ANGLS 8, tokens 0 (truncated), and free items as Free', () => {
    expect(priceText(shopItem({ price_busd: '12.505' }))).toBe('12.50 USDC');
    expect(priceText(shopItem({ price_bnb: '0.05' }))).toBe('0.0500 BNB');
    expect(priceText(shopItem({ price_ngls: '200' }))).toBe('200.00000000 ANGLS');
    expect(priceText(shopItem({ price_token: '7' }))).toBe('7 gDAO');
    expect(priceText(shopItem())).toBe('Free');
  });

  it('names the 0.001 BNB surcharge only for BNB prices', () => {
    expect(surchargeText(shopItem({ price_bnb: '0.05' }))).toBe('+ 0.0010 BNB surcharge');
    expect(surchargeText(shopItem({ price_busd: '1' }))).toBe('');
  });

  it('shows the stock: many or the count', () => {
    expect(stockText(shopItem())).toBe('Stock: many');
    expect(stockText(shopItem({ amount: 3 }))).toBe('Stock: 3');
  });
});

describe('restock lock', () => {
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  it('locks from the send until the last good is unpacked', () => {
    // Travelling: the return time shows, the goods count reads 0.
    expect(restockLeftMs({ caravan: at(NOW + 65_000), caravan_items: 0 }, NOW)).toBe(65_000);
    // Due back but not refreshed yet, or back with goods left: locked, nothing to count down.
    expect(restockLeftMs({ caravan: at(NOW - 1_000), caravan_items: 0 }, NOW)).toBe(0);
    expect(restockLeftMs({ caravan: '', caravan_items: 2 }, NOW)).toBe(0);
    expect(restockLeftMs({ caravan: '', caravan_items: 0 }, NOW)).toBeNull();
    expect(restockLeftMs(null, NOW)).toBeNull();
  });

  it('says the time left, rounded up to the second', () => {
    expect(restockText(65_000)).toBe('Locked for restock 1:05');
    expect(restockText(500)).toBe('Locked for restock 0:01');
    expect(restockText(3_723_000)).toBe('Locked for restock 1:02:03');
    expect(restockText(0)).toBe('Locked for restock');
  });
});

describe('purchase request', () => {
  const user = makeUser({ ...active, balance_busd: '10', balance_bnb: '0.051', balance_ngls: '200', email_confirmed: true });
  const FEE = { ngls: '1', busd: '0.5', bnb: '0.0001' };

  it('precalculates the price in its currency; BNB with the 0.001 surcharge', () => {
    expect(shopRequest(shopItem({ id: 3, price_busd: '9.5' }), { variant: 'mage', user, fee: null, restockMs: null })).toEqual({
      body: {
        quote: { amount: '9.5', currency: 'busd', to_address: '0x0000000000000000000000000000000000000000', gas: '0' },
        shopItemId: 3,
        dropItemId: 3,
      },
      key: '3:9.5:0:0:0',
      invalid: '',
      direct: false,
    });
    const bnb = shopRequest(shopItem({ price_bnb: '0.05' }), { variant: 'mage', user, fee: FEE, restockMs: null });
    expect(bnb.body?.quote).toMatchObject({ amount: '0.051', currency: 'bnb', gas: '0.0001' });
  });

  it('asks for amount + surcharge + gas against the balance, with the spec texts', () => {
    const check = (patch: Partial<ShopItem>, fee: typeof FEE | null) =>
      shopRequest(shopItem(patch), { variant: 'mage', user, fee, restockMs: null }).invalid;
    expect(check({ price_busd: '9.5' }, null)).toBe('');
    expect(check({ price_busd: '9.5' }, FEE)).toBe('');
    expect(check({ price_busd: '9.6' }, FEE)).toBe('Insufficent USDC balance');
    expect(check({ price_bnb: '0.05' }, null)).toBe('');
    expect(check({ price_bnb: '0.05' }, FEE)).toBe('Insufficent BNB balance');
    expect(check({ price_ngls: '200.00000001' }, null)).toBe('Insufficent ANGLS balance');
  });

  it('buys gDAO store items in one press, against the gDAO held', () => {
    const item = shopItem({ type: 'gdao', price_token: '7' });
    const gdao = (quantity: number) =>
      makeUser({ ...active, email_confirmed: true, items: [{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity, image: '', data: {} }] });
    expect(shopRequest(item, { variant: 'gdao', user: gdao(7), fee: null, restockMs: null })).toMatchObject({
      body: { quote: null, shopItemId: 1, dropItemId: 1 },
      invalid: '',
      direct: true,
    });
    expect(shopRequest(item, { variant: 'gdao', user: gdao(6), fee: null, restockMs: null }).invalid).toBe('Insufficent gDAO tokens');
  });

  it('orders its texts: restock, sold out, e-mail (gDAO store), balance; loading without an item', () => {
    const poor = makeUser({ ...active, email_confirmed: false });
    const item = shopItem({ type: 'gdao', price_token: '7', amount: 0 });
    expect(shopRequest(item, { variant: 'gdao', user: poor, fee: null, restockMs: 5_000 }).invalid).toBe('Locked for restock 0:05');
    expect(shopRequest(item, { variant: 'gdao', user: poor, fee: null, restockMs: null }).invalid).toBe(SOLD_OUT);
    expect(shopRequest({ ...item, amount: 'many' }, { variant: 'gdao', user: poor, fee: null, restockMs: null }).invalid).toBe(
      CONFIRM_EMAIL_FIRST,
    );
    // The restock lock belongs to the gDAO store only.
    expect(shopRequest(shopItem({ price_busd: '1' }), { variant: 'mage', user, fee: null, restockMs: 5_000 }).invalid).toBe('');
    expect(shopRequest(null, { variant: 'mage', user, fee: null, restockMs: null }).invalid).toBe(LOADING_SHOP);
  });
});

describe('lists', () => {
  it('merges the lists in order, each item once, keeping only the variant types', () => {
    const egg = shopItem({ id: 1 });
    const item = shopItem({ id: 2, type: 'item' });
    const pack = shopItem({ id: 3, type: 'startpak' });
    expect(mergeShopLists('mage', [[egg, pack, item], [item]]).map((i) => i.id)).toEqual([1, 2]);
    expect(mergeShopLists('egg', [[egg, item]]).map((i) => i.id)).toEqual([1]);
  });
});
