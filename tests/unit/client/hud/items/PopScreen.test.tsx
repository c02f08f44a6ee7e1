// @vitest-environment jsdom
/** The pop screen in the DOM: figures, hold 3 s, "Setting up lab", "Approve Pop", Done, refresh, home; cancel, error, swipe. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import PopScreen from '../../../../../src/client/hud/screens/items/PopScreen';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { makeEidol, makeGame } from '../../game/eidol/fixtures';
import { click, render, settle, type Mounted } from '../render';

let mounted: Mounted | undefined;
let pops: Array<{ id: number; d: Deferred<ApiResult<unknown>> }>;
let refreshed: number;
const api = {
  pop: (id: number) => {
    const d = deferred<ApiResult<unknown>>();
    pops.push({ id, d });
    return d.promise;
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  pops = [];
  refreshed = 0;
  history.replaceState(null, '', '/pop');
  $session.set({ status: 'user', user: makeUser({ level: 1, start_gas: true, start_pack: true }), authError: false });
  $game.set({
    status: 'ready',
    game: makeGame([
      makeEidol({ id: 1, level: 3, value: '100', experience: 6, next_level_experience: 24 }),
      makeEidol({ id: 2, level: 0 }),
    ]),
    clockOffsetMs: 0,
  });
  $selectedEidolId.set(1);
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const submit = () => byId('pop-submit') as HTMLButtonElement;
const show = () => render(<PopScreen api={api as never} onRefresh={() => void refreshed++} />);
const pointer = (type: 'pointerdown' | 'pointerup') => settle(() => submit().dispatchEvent(new MouseEvent(type, { bubbles: true })));
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('PopScreen', () => {
  it('shows Pop Potency, Next Level Potency, Eidol Level and the XP bar', async () => {
    mounted = await show();
    expect(byId('pop-potency').textContent).toBe('80 %');
    expect(byId('pop-next-potency').textContent).toBe('82 %');
    expect(byId('pop-level').textContent).toBe('3');
    expect(byId('pop-income').textContent).toBe('80 ANGLS');
    expect(byId('pop-xp').getAttribute('aria-valuenow')).toBe('6');
    expect(byId('round-countdown')).not.toBeNull();
  });

  it('hold 3 s, 3 s "Setting up lab", "Approve Pop", Done; refresh after 750 ms, home after 3 s', async () => {
    mounted = await show();
    expect(submit().textContent).toBe('Hold to Pop Eidol');
    await click(submit());
    expect(submit().textContent).toBe('Hold to Pop Eidol');
    await pointer('pointerdown');
    expect(submit().textContent).toBe('Keep holding...');
    await advance(3000);
    expect(submit().textContent).toBe('Setting up lab');
    expect(submit().disabled).toBe(true);
    await pointer('pointerup');
    await advance(3000);
    expect(submit().textContent).toBe('Approve Pop');
    await click(submit());
    expect(submit().textContent).toBe('Processing Pop');
    expect(pops.map((p) => p.id)).toEqual([1]);
    await settle(() => pops[0]!.d.resolve(ok({ oogle: makeEidol({ id: 1 }), paid: '80' })));
    expect(submit().textContent).toBe('Done');
    expect(byId('paid-line').textContent).toBe('+80 ANGLS');
    await advance(750);
    expect(refreshed).toBe(1);
    expect(location.pathname).toBe('/pop');
    await advance(2250);
    expect(location.pathname).toBe('/');
  });

  it('releasing before 3 s cancels', async () => {
    mounted = await show();
    await pointer('pointerdown');
    await advance(2000);
    await pointer('pointerup');
    expect(submit().textContent).toBe('Hold to Pop Eidol');
    await advance(5000);
    expect(submit().textContent).toBe('Hold to Pop Eidol');
    expect(pops).toEqual([]);
  });

  it('shows the server message on the button; a tap clears it', async () => {
    mounted = await show();
    await pointer('pointerdown');
    await advance(6000);
    await click(submit());
    await settle(() => pops[0]!.d.resolve(failed('Locked for Aeon Computing')));
    expect(submit().textContent).toBe('Locked for Aeon Computing');
    expect(submit().className).toContain('error');
    await click(submit());
    expect(submit().textContent).toBe('Hold to Pop Eidol');
  });

  it('swiping to another eidol resets the stage', async () => {
    mounted = await show();
    await pointer('pointerdown');
    await advance(6000);
    expect(submit().textContent).toBe('Approve Pop');
    await click(byId('eidol-next'));
    expect($selectedEidolId.get()).toBe(2);
    expect(byId('pop-level').textContent).toBe('0');
    expect(submit().textContent).toBe('Hold to Pop Eidol');
  });

  it('reads "Locked for Aeon Computing" while the round is locked', async () => {
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 1 })], '2000-01-01 00:00:00'), clockOffsetMs: 0 });
    mounted = await show();
    await advance(10);
    expect(submit().textContent).toBe('Locked for Aeon Computing');
    expect(submit().disabled).toBe(true);
  });
});
