// @vitest-environment jsdom
/** The gDAO chest in the DOM: figures, validation texts, "Preparing claim...", the claim, amount reset, locked chest. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import BurnScreen from '../../../../../src/client/hud/screens/items/BurnScreen';
import { $game } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { makeUser, ok } from '../../machines/fixtures';
import { makeGame } from '../../game/eidol/fixtures';
import { makeItem } from '../../gameFixtures';
import { click, render, settle, typeInto, type Mounted } from '../render';

let mounted: Mounted | undefined;
let claims: Array<{ amount: number; d: Deferred<ApiResult<unknown>> }>;
let refreshed: number;
const api = {
  claimGdao: (amount: number) => {
    const d = deferred<ApiResult<unknown>>();
    claims.push({ amount, d });
    return d.promise;
  },
};
const setGame = (patch = {}) =>
  $game.set({
    status: 'ready',
    game: makeGame([], undefined, {
      items: [makeItem({ id: 4, type: 'Cooptoken', quantity: 500 })],
      gdao_chest_supply: '3',
      gdao_burn_rate: '0.01',
      gdao_claim_fee_percent: 1,
      ...patch,
    }),
    clockOffsetMs: 0,
  });

beforeEach(() => {
  vi.useFakeTimers();
  claims = [];
  refreshed = 0;
  history.replaceState(null, '', '/gdaochest');
  $session.set({ status: 'user', user: makeUser({ balance_ngls: '12.5' }), authError: false });
  setGame();
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const submit = () => byId('chest-submit') as HTMLButtonElement;
const amount = () => byId('chest-amount') as HTMLInputElement;
const show = () => render(<BurnScreen api={api as never} onRefresh={() => void refreshed++} />);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('BurnScreen', () => {
  it('shows the balance, supply and the figures of the typed amount; validation texts on the button', async () => {
    mounted = await show();
    expect(byId('chest-balance').textContent).toBe('12.50000000');
    expect(byId('chest-supply').textContent).toBe('3 ANGLS');
    expect(submit().textContent).toBe('Specify correct token amount');
    typeInto(amount(), '600');
    expect(submit().textContent).toBe('You have not enough gDAO tokens');
    typeInto(amount(), '400');
    expect(submit().textContent).toBe('Not enough gDAO supply');
    // What cannot be read is refused and kept as typed, never rewritten into another amount.
    typeInto(amount(), '2a00');
    expect(amount().value).toBe('2a00');
    expect(submit().disabled).toBe(true);
    typeInto(amount(), '200');
    expect(byId('chest-income').textContent).toBe('2 ANGLS');
    expect(byId('chest-fee').textContent).toBe('0.02 ANGLS');
    expect(byId('chest-receive').textContent).toBe('1.98 ANGLS');
    expect(submit().textContent).toBe('Burn gDAO tokens');
  });

  it('"Preparing claim..." for 3 s, "Claim GoldenState gratuity", Done; then the amount resets and stage 0 returns', async () => {
    mounted = await show();
    typeInto(amount(), '200');
    await click(submit());
    expect(submit().textContent).toBe('Preparing claim...');
    await advance(3000);
    expect(submit().textContent).toBe('Claim GoldenState gratuity');
    await click(submit());
    expect(claims.map((c) => c.amount)).toEqual([200]);
    await settle(() => claims[0]!.d.resolve(ok({ burned: '200', received: '1.98' })));
    expect(submit().textContent).toBe('Done');
    expect(amount().value).toBe('');
    await advance(750);
    expect(refreshed).toBe(1);
    await advance(2250);
    expect(submit().textContent).toBe('Specify correct token amount');
    expect(location.pathname).toBe('/gdaochest');
  });

  it('a locked treasury reads "gDAO supply is now locked"', async () => {
    setGame({ chest_locked: true });
    mounted = await show();
    typeInto(amount(), '200');
    expect(submit().textContent).toBe('gDAO supply is now locked');
    expect(submit().disabled).toBe(true);
  });
});
