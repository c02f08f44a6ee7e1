// @vitest-environment jsdom
/**
 * The shop screens in the DOM with faked endpoints: loading, the merged lists and the item details, the
 * swipe buttons, the two-stage purchase with the BNB surcharge, the success line for 3 s, the 20 s poll,
 * the round lock, activation, and the gDAO store's restock lock and one-press purchase.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { PrecalcData } from '../../../../../src/shared/api/transactions';
import type { ShopItem, ShopListType } from '../../../../../src/client/net/shopApi';
import type { FeeQuoteBody } from '../../../../../src/client/net/walletApi';
import type { ApiResult } from '../../../../../src/client/net/http';
import ShopScreen from '../../../../../src/client/hud/screens/shop/ShopScreen';
import { $session } from '../../../../../src/client/stores/session';
import { $game } from '../../../../../src/client/stores/game';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { makeGame, utc } from '../../gameFixtures';
import { shopItem } from '../../shopFixtures';
import { click, render, settle, type Mounted } from '../render';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const EGG = shopItem({
  id: 1,
  name: 'Common Egg',
  description: '<i>Hatches</i> a common eidol',
  price_ngls: '200',
  data: { type: 'egg1', value: '100' },
});
const PACK = shopItem({ id: 9, name: 'Starter', type: 'startpak', price_busd: '10' });
const COOKIE = shopItem({ id: 2, name: 'Golden Cookie', type: 'item', price_bnb: '0.05', amount: 4, data: { type: 'Coincookie' } });
const TOME = shopItem({ id: 5, name: 'Transmutation Tome', type: 'gdao', price_token: '7', amount: 3, data: { item_id: 14 } });

let mounted: Mounted | undefined;
let calls: string[];
let lists: Partial<Record<string, () => Promise<ApiResult<ShopItem[]>>>>;
const api = {
  list: (type: ShopListType) => {
    calls.push(`list ${type ?? '-'}`);
    return lists[type ?? '-']?.() ?? Promise.resolve(ok([]));
  },
  buy: (id: number) => {
    calls.push(`buy ${id}`);
    return Promise.resolve(ok({}));
  },
  drop: (id: number) => {
    calls.push(`drop ${id}`);
    return Promise.resolve(ok({ item_id: 14, quantity: 1 }));
  },
};
const wallet = {
  feeQuote: (body: FeeQuoteBody) => {
    calls.push(`quote ${body.amount} ${body.currency}`);
    return Promise.resolve(
      ok<PrecalcData>({ transaction: { id: 'p-1' }, precalcData: { fee: { ngls: '0.5', busd: '0.1', bnb: '0.0002' } } }),
    );
  },
};

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (id: string) => byId(id)?.textContent ?? null;
const setUser = (patch: Parameters<typeof makeUser>[0]) =>
  $session.set({
    status: 'user',
    user: makeUser({ start_gas: true, start_pack: true, email_confirmed: true, ...patch }),
    authError: false,
  });
const gdao = (quantity: number) => [{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity, image: 'item-4', data: {} }];
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const mount = async (props: Partial<Parameters<typeof ShopScreen>[0]> = {}) => {
  mounted = await render(
    <ShopScreen variant="mage" api={api} wallet={wallet} onRefresh={() => calls.push('refresh')} locked={false} {...props} />,
  );
  await settle(() => undefined);
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  calls = [];
  lists = {
    '-': () => Promise.resolve(ok([EGG, PACK])),
    item: () => Promise.resolve(ok([COOKIE])),
    gdao: () => Promise.resolve(ok([TOME])),
  };
  $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({}, { serverMs: NOW }) });
  history.replaceState(null, '', '/mageshop');
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

describe('ShopScreen /mageshop', () => {
  it('reads "Loading shop..." until both lists arrive, then shows eggs and items with their details', async () => {
    setUser({ balance_ngls: '1000' });
    let release!: () => void;
    lists.item = () => new Promise((resolve) => (release = () => resolve(ok([COOKIE]))));
    await mount();
    expect(text('shop-loading')).toBe('Loading shop...');
    expect(text('shop-buy')).toBe('Loading shop...');
    await settle(() => release());
    expect(calls).toEqual(['list -', 'list item']);
    expect(byId('shop-loading')).toBeNull();
    expect(text('shop-name')).toBe('Common Egg');
    expect(text('shop-description')).toBe('Hatches a common eidol');
    expect(text('shop-price')).toBe('200.00000000 ANGLS');
    expect(text('shop-stock')).toBe('Stock: many');
    expect(byId('shop-surcharge')).toBeNull();
    expect(mounted!.button('Previous item').disabled).toBe(true);
    // The starter pack of the untyped list is not sold here: egg, then the cookie, and that is the end.
    await click(mounted!.button('Next item'));
    expect(text('shop-name')).toBe('Golden Cookie');
    expect(text('shop-price')).toBe('0.0500 BNB');
    expect(text('shop-surcharge')).toBe('+ 0.0010 BNB surcharge');
    expect(text('shop-stock')).toBe('Stock: 4');
    expect(mounted!.button('Next item').disabled).toBe(true);
  });

  it('precalculates the BNB price with its surcharge, approves, shows the success line for 3 s and can buy again', async () => {
    setUser({ balance_bnb: '1' });
    await mount();
    await click(mounted!.button('Next item'));
    expect(text('shop-buy')).toBe('Precalculate transaction GAS');
    await settle(() => byId('shop-buy')!.click());
    expect(calls.slice(-1)).toEqual(['quote 0.051 bnb']);
    expect(text('shop-gas')).toBe('GAS: 0.0002');
    expect(text('shop-buy')).toBe('Approve purchase');
    await settle(() => byId('shop-buy')!.click());
    expect(calls.slice(-1)).toEqual(['buy 2']);
    expect(text('shop-buy')).toBe('Done!');
    await advance(750);
    expect(calls.slice(-1)).toEqual(['refresh']);
    expect(text('shop-success')).toBe('Purchase complete');
    expect(text('shop-buy')).toBe('Precalculate transaction GAS');
    expect(location.pathname).toBe('/mageshop');
    await advance(2_999);
    expect(text('shop-success')).toBe('Purchase complete');
    await advance(1);
    expect(text('shop-success')).toBe('');
  });

  it('polls the lists every 20 s and keeps the chosen item; a failed poll keeps what was shown', async () => {
    setUser({ balance_ngls: '1000' });
    await mount();
    await click(mounted!.button('Next item'));
    lists.item = () => Promise.resolve(ok([shopItem({ ...COOKIE, amount: 3 })]));
    await advance(20_000);
    expect(calls.filter((c) => c.startsWith('list'))).toHaveLength(4);
    expect(text('shop-name')).toBe('Golden Cookie');
    expect(text('shop-stock')).toBe('Stock: 3');
    lists.item = () => Promise.resolve(failed('Server busy'));
    await advance(20_000);
    expect(text('shop-stock')).toBe('Stock: 3');
  });

  it('shows the insufficient-balance text with amount, surcharge and gas counted', async () => {
    setUser({ balance_bnb: '0.051' });
    await mount();
    await click(mounted!.button('Next item'));
    expect(text('shop-buy')).toBe('Precalculate transaction GAS');
    await settle(() => byId('shop-buy')!.click());
    expect(text('shop-buy')).toBe('Insufficent BNB balance');
    expect((byId('shop-buy') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is locked for Aeon Computing while the round is locked, and routes an unactivated player to activation', async () => {
    setUser({ balance_ngls: '1000' });
    await mount({ locked: true });
    expect(text('shop-buy')).toBe('Locked for Aeon Computing');
    mounted!.unmount();
    setUser({ start_pack: false, balance_ngls: '1000' });
    await mount({ locked: true });
    expect(text('shop-buy')).toBe('Invoke Mastership');
    await settle(() => byId('shop-buy')!.click());
    expect(location.pathname).toBe('/starterbuy');
  });

  it('shows why the shop did not load, and Return goes home', async () => {
    setUser({});
    lists['-'] = () => Promise.resolve(failed('Shop closed'));
    await mount({ variant: 'egg' });
    expect(text('shop-loading')).toBe('Shop closed');
    await click(mounted!.button('Return'));
    expect(location.pathname).toBe('/');
  });
});

describe('ShopScreen /gdaoshop', () => {
  it('locks for restock with the time left while the caravan is out, until its goods are unpacked, then buys in one press', async () => {
    setUser({ items: gdao(7) });
    $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({ caravan: utc(NOW + 65_000), caravan_items: 0 }, { serverMs: NOW }) });
    await mount({ variant: 'gdao' });
    expect(calls).toEqual(['list gdao']);
    expect(text('shop-price')).toBe('7 gDAO');
    expect(text('shop-buy')).toBe('Locked for restock 1:05');
    await advance(1_000);
    expect(text('shop-buy')).toBe('Locked for restock 1:04');
    // Back with goods still to unpack: locked, nothing left to count.
    await advance(64_000);
    expect(text('shop-buy')).toBe('Locked for restock');
    await settle(() =>
      $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({ caravan: '', caravan_items: 0 }, { serverMs: NOW + 65_000 }) }),
    );
    expect(text('shop-buy')).toBe('Buy with gDAO');
    await settle(() => byId('shop-buy')!.click());
    // The drop names the inventory item (the Tome, 14), not the listing (5).
    expect(calls.slice(-1)).toEqual(['drop 14']);
    expect(text('shop-buy')).toBe('Done!');
  });

  it('puts the round lock before the restock lock, and asks for enough gDAO', async () => {
    setUser({ items: gdao(6) });
    $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({ caravan: utc(NOW + 65_000), caravan_items: 2 }, { serverMs: NOW }) });
    await mount({ variant: 'gdao', locked: true });
    expect(text('shop-buy')).toBe('Locked for Aeon Computing');
    mounted!.unmount();
    $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({}, { serverMs: NOW }) });
    await mount({ variant: 'gdao' });
    expect(text('shop-buy')).toBe('Insufficent gDAO tokens');
    await click(mounted!.button('Return'));
    expect(location.pathname).toBe('/coop');
  });
});
