// @vitest-environment jsdom
/** The feed screens in the DOM: the amount row's rules, the button states in order, Done, refresh, home; refusals. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import FeedScreen from '../../../../../src/client/hud/screens/items/FeedScreen';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { makeEidol, makeGame } from '../../game/eidol/fixtures';
import { makeItem } from '../../gameFixtures';
import { click, render, settle, typeInto, type Mounted } from '../render';

let mounted: Mounted | undefined;
let calls: Array<{ kind: string; id: number; amount: number; d: Deferred<ApiResult<unknown>> }>;
let refreshed: number;
const call = (kind: string) => (id: number, amount: number) => {
  const d = deferred<ApiResult<unknown>>();
  calls.push({ kind, id, amount, d });
  return d.promise;
};
const api = { feed: call('feed'), apple: call('apple') };

const COOKIES = makeItem({ id: 6, name: 'Golden Cookie', type: 'Coincookie', quantity: 3 });
const APPLES = makeItem({ id: 12, name: 'Precision Apple', type: 'Apple', quantity: 1 });

function setGame(
  eidols = [makeEidol({ id: 1 }), makeEidol({ id: 2, type: 'egg' })],
  items = [COOKIES, APPLES],
  canAct = '2999-01-01 00:00:00',
) {
  $game.set({ status: 'ready', game: makeGame(eidols, canAct, { items }), clockOffsetMs: 0 });
}

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  refreshed = 0;
  history.replaceState(null, '', '/feed');
  $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
  setGame();
  $selectedEidolId.set(1);
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const submit = () => byId('feed-submit') as HTMLButtonElement;
const amount = () => byId('feed-amount') as HTMLInputElement | null;
const show = (food: 'cookie' | 'apple' = 'cookie') =>
  render(<FeedScreen food={food} api={api as never} onRefresh={() => void refreshed++} />);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('FeedScreen (Golden Cookies)', () => {
  it('amount row: kept as typed, "Specify feed amount", "Not enough Golden Cookies"', async () => {
    mounted = await show();
    expect(byId('feed-cookies')!.textContent).toBe('3');
    expect(byId('feed-amount-error')!.textContent).toContain('Specify feed amount');
    expect(submit().disabled).toBe(true);
    // What cannot be read is refused and kept as typed, never rewritten into another amount.
    typeInto(amount()!, '4x');
    expect(amount()!.value).toBe('4x');
    expect(byId('feed-amount-error')!.textContent).toContain('Specify feed amount');
    expect(submit().disabled).toBe(true);
    typeInto(amount()!, '2.5');
    expect(amount()!.value).toBe('2.5');
    expect(byId('feed-amount-error')!.textContent).toContain('Specify feed amount');
    typeInto(amount()!, '4');
    expect(byId('feed-amount-error')!.textContent).toContain('Not enough Golden Cookies');
    expect(submit().disabled).toBe(true);
    typeInto(amount()!, '2');
    expect(amount()!.value).toBe('2');
    expect(byId('feed-amount-error')).toBeNull();
    expect(submit().textContent).toBe('Feed Eidol');
    expect(submit().disabled).toBe(false);
  });

  it('"Setting up lunch" for 3 s, "Approve Feeding", "Processing Feeding", Done; refresh at 750 ms, home at 3 s', async () => {
    mounted = await show();
    typeInto(amount()!, '2');
    await click(submit());
    expect(submit().textContent).toBe('Setting up lunch');
    expect(submit().disabled).toBe(true);
    expect(amount()).toBeNull();
    await advance(2999);
    expect(submit().textContent).toBe('Setting up lunch');
    await advance(1);
    expect(submit().textContent).toBe('Approve Feeding');
    await click(submit());
    expect(submit().textContent).toBe('Processing Feeding');
    expect(calls.map(({ kind, id, amount: n }) => [kind, id, n])).toEqual([['feed', 1, 2]]);
    await settle(() => calls[0]!.d.resolve(ok({ oogle: makeEidol({ id: 1, value: '102' }) })));
    expect(submit().textContent).toBe('Done');
    await advance(750);
    expect(refreshed).toBe(1);
    await advance(2250);
    expect(location.pathname).toBe('/');
  });

  it('the error is on the button and a tap clears it', async () => {
    mounted = await show();
    typeInto(amount()!, '1');
    await click(submit());
    await advance(3000);
    await click(submit());
    await settle(() => calls[0]!.d.resolve(failed('Not enough Golden Cookies')));
    expect(submit().textContent).toBe('Not enough Golden Cookies');
    await click(submit());
    expect(submit().textContent).toBe('Feed Eidol');
  });

  it('an egg cannot be fed: no amount row; changing the slide resets the amount and stage', async () => {
    mounted = await show();
    typeInto(amount()!, '2');
    await click(submit());
    expect(submit().textContent).toBe('Setting up lunch');
    await click(byId('eidol-next')!);
    expect(submit().textContent).toBe('Cannot feed eggs');
    expect(amount()).toBeNull();
    await click(byId('eidol-prev')!);
    expect(amount()!.value).toBe('');
    expect(submit().textContent).toBe('Feed Eidol');
  });

  it('no cookies, no eidol, and the locked round', async () => {
    setGame([makeEidol({ id: 1 })], [APPLES]);
    mounted = await show();
    expect(submit().textContent).toBe('You have no Golden Cookies');
    mounted.unmount();
    setGame([], [COOKIES]);
    mounted = await show();
    expect(submit().textContent).toBe('You have no Eidol to feed');
    mounted.unmount();
    setGame([makeEidol({ id: 1 })], [COOKIES], '2000-01-01 00:00:00');
    mounted = await show();
    await advance(10);
    expect(submit().textContent).toBe('Locked for Aeon Computing');
    expect(submit().disabled).toBe(true);
  });
});

describe('FeedScreen (Precision Apples)', () => {
  it('feeds apples through the apple endpoint and shows the boost hours', async () => {
    mounted = await show('apple');
    expect(byId('screen-apple')).not.toBeNull();
    typeInto(amount()!, '1');
    expect(byId('feed-boost')!.textContent).toBe('24');
    await click(submit());
    await advance(3000);
    await click(submit());
    expect(calls.map(({ kind, id, amount: n }) => [kind, id, n])).toEqual([['apple', 1, 1]]);
  });

  it('"You have no Precision Apples" without apples', async () => {
    setGame([makeEidol({ id: 1 })], [COOKIES]);
    mounted = await show('apple');
    expect(submit().textContent).toBe('You have no Precision Apples');
    expect(amount()).toBeNull();
  });
});
