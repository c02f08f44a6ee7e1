// @vitest-environment jsdom
/** The Eggtoplasm questline in the DOM: Confirm Email, the 7 gDAO jar claim (POST /api/drop {item_id: 5}), then to /ecto. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import { EctoQuestline } from '../../../../../src/client/hud/screens/items/EctoQuestline';
import { $game } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { makeGame } from '../../game/eidol/fixtures';
import { makeItem } from '../../gameFixtures';
import { click, render, settle, type Mounted } from '../render';

let mounted: Mounted | undefined;
let drops: Array<{ id: number; d: Deferred<ApiResult<{ item_id: number; quantity: number }>> }>;
let resent: number;
let refreshed: number;
const drop = (id: number) => {
  const d = deferred<ApiResult<{ item_id: number; quantity: number }>>();
  drops.push({ id, d });
  return d.promise;
};
const resend = async () => {
  resent++;
  return failed('Too many requests.');
};
const gdao = (quantity: number, extra = [] as ReturnType<typeof makeItem>[]) =>
  $game.set({
    status: 'ready',
    game: makeGame([], undefined, { items: [makeItem({ id: 4, type: 'Cooptoken', quantity }), ...extra] }),
    clockOffsetMs: 0,
  });

beforeEach(() => {
  vi.useFakeTimers();
  drops = [];
  resent = 0;
  refreshed = 0;
  history.replaceState(null, '', '/onboardingecto');
  $session.set({ status: 'user', user: makeUser({ email_confirmed: true }), authError: false });
  gdao(7);
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const action = () => mounted!.container.querySelector<HTMLButtonElement>('[data-testid="quest-action"]')!;
const show = () => render(<EctoQuestline drop={drop as never} resend={resend} onRefresh={() => void refreshed++} />);

describe('EctoQuestline', () => {
  it('an unconfirmed e-mail: Confirm Email resends and shows the failure', async () => {
    $session.set({ status: 'user', user: makeUser({ email_confirmed: false }), authError: false });
    mounted = await show();
    expect(action().textContent).toBe('Confirm Email');
    await click(action());
    expect(resent).toBe(1);
    expect(mounted.container.querySelector('[data-testid="quest-error"]')!.textContent).toBe('Too many requests.');
  });

  it('under 7 gDAO the claim waits; with 7 it claims the jar and says "Done, completing transaction"', async () => {
    gdao(6);
    mounted = await show();
    expect(action().textContent).toBe('7 gDAO tokens required');
    expect(action().disabled).toBe(true);
    await settle(() => gdao(7));
    expect(action().textContent).toBe('Claim Eggtoplasm Jar');
    await click(action());
    expect(drops.map((d) => d.id)).toEqual([5]);
    await settle(() => drops[0]!.d.resolve(ok({ item_id: 13, quantity: 1 })));
    expect(action().textContent).toBe('Done, completing transaction');
    await act(async () => void (await vi.advanceTimersByTimeAsync(750)));
    expect(refreshed).toBe(1);
  });

  it('with a jar: under 13 gDAO it waits, with 13 it goes to the enchant screen', async () => {
    gdao(12, [makeItem({ id: 13, type: 'Ectojar', quantity: 1 })]);
    mounted = await show();
    expect(action().textContent).toBe('13 gDAO tokens required');
    await settle(() => gdao(13, [makeItem({ id: 13, type: 'Ectojar', quantity: 1 })]));
    await click(action());
    expect(location.pathname).toBe('/ecto');
  });
});
