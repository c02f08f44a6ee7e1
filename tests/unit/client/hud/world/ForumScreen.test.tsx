// @vitest-environment jsdom
/**
 * /forum in the DOM over a fake world API: the loading overlay until the room loads, verse mode (empty not
 * sent, a verse sent and its answer shown), an empty yell closing, the button's sending / complete / error
 * texts, Send Coins from the list view opening /send/{address}, a luv on the button, leaving on unmount.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { RoomState } from '../../../../../src/shared/api/rooms';
import ForumScreen, { LOADING_TEXT } from '../../../../../src/client/hud/screens/world/ForumScreen';
import { $worldListOpen } from '../../../../../src/client/hud/screens/world/WorldListView';
import { createWorldApi, type WorldApi } from '../../../../../src/client/net/worldApi';
import { followWorldNotices } from '../../../../../src/client/net/worldNotices';
import { publishServerEvent } from '../../../../../src/client/net/serverEvents';
import { $chatLog, $worldRoom } from '../../../../../src/client/game/world/worldStores';
import { $router } from '../../../../../src/client/stores/router';
import { $session } from '../../../../../src/client/stores/session';
import { $config } from '../../../../../src/client/stores/config';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { click, render, settle, typeInto, type Mounted } from '../render';
import { makeChat, makeObject, makeState } from '../../game/world/worldFixtures';

let mounted: Mounted | undefined;
let calls: string[];
let enter: Deferred<ApiResult<RoomState>>;
let acts: Deferred<ApiResult<unknown>>[];

const pending = (name: string) => () => {
  calls.push(name);
  const d = deferred<ApiResult<unknown>>();
  acts.push(d);
  return d.promise as never;
};
// The real client shape, every call answered by the test.
const api: WorldApi = {
  ...createWorldApi({ get: async () => ok(null as never), post: async () => ok(null as never) }),
  enter: () => (calls.push('enter'), enter.promise),
  leave: async () => (calls.push('leave'), ok(null)),
  telemetry: async () => ok({ total_pool: '1', totalNodes: 1, total_mined: '1', total_users: 1, emit: '1' }),
  verse: (text: string) => pending(`verse ${text}`)(),
  yell: (text: string) => pending(`yell ${text}`)(),
  send: (id: number) => pending(`send ${id}`)(),
  like: (id: number) => pending(`like ${id}`)(),
};
const byId = <T extends HTMLElement = HTMLElement>(id: string) => mounted!.container.querySelector<T>(`[data-testid="${id}"]`);
const labels = () => [...mounted!.container.querySelectorAll('[data-testid="world-action"]')].map((b) => b.textContent);
const state = (ts: number) =>
  makeState(
    ts,
    [makeObject({ id: 5, user_id: 7, coordinate: 12000 }), makeObject({ id: 6, user_id: 8, name: 'Bo', coordinate: 12300 })],
    [makeChat()],
  );

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  acts = [];
  enter = deferred();
  $worldListOpen.set(false);
  $session.set({ status: 'user', user: makeUser({ id: 7 }), authError: false });
  $config.set({ product_name: 'P', admin_name: 'GoldenStern', round_open_seconds: 60, round_locked_seconds: 10 });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

async function mountLoaded() {
  mounted = await render(<ForumScreen room={1} api={api} />);
  await settle(() => enter.resolve(ok(state(100))));
}

describe('ForumScreen', () => {
  it('shows the loading overlay until the room has loaded, then the lane controls', async () => {
    mounted = await render(<ForumScreen room={1} api={api} />);
    expect(byId('world-loading')!.textContent).toBe(LOADING_TEXT);
    expect($worldRoom.get()).toBe(1);
    await settle(() => enter.resolve(ok(state(100))));
    expect(byId('world-loading')).toBeNull();
    expect(labels()).toEqual(['Verse', 'Yell']);
    expect(byId('world-top')!.textContent).toContain('Masters here2');
  });

  it('verse mode: the chat log, an empty verse not sent, a verse sent and its answer shown', async () => {
    await mountLoaded();
    await click(mounted!.button('Verse'));
    expect(byId('world-chat')!.textContent).toContain('hello');
    await click(byId('world-input-send')!);
    expect(calls.filter((c) => c.startsWith('verse'))).toEqual([]);
    typeInto(byId<HTMLInputElement>('world-input-verse')!, '  ave  ');
    await click(byId('world-input-send')!);
    expect(calls).toContain('verse ave');
    expect(byId('world-action')!.textContent).toBe('Processing action...');
    await settle(() => acts[0]!.resolve(ok(makeState(200, state(200).data, [makeChat(), makeChat({ id: 2, content: 'ave' })]))));
    expect(byId('world-action')!.textContent).toBe('Action Complete!');
    expect($chatLog.get().map((c) => c.content)).toEqual(['hello', 'ave']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(labels()).toEqual(['Verse', 'Yell']);
    expect(byId('world-input-verse')).not.toBeNull();
  });

  it('an empty yell just closes its input', async () => {
    await mountLoaded();
    await click(mounted!.button('Yell'));
    expect(byId('world-input-yell')).not.toBeNull();
    await click(byId('world-input-send')!);
    expect(byId('world-input-yell')).toBeNull();
    expect(calls.filter((c) => c.startsWith('yell'))).toEqual([]);
  });

  it('keeps a failure on the button until tapped', async () => {
    await mountLoaded();
    await click(mounted!.button('Yell'));
    typeInto(byId<HTMLInputElement>('world-input-yell')!, 'hey');
    await click(byId('world-input-send')!);
    await settle(() => acts[0]!.resolve(failed('Wait a moment before yelling again')));
    expect(byId('world-action')!.textContent).toBe('Wait a moment before yelling again');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(byId('world-action')!.textContent).toBe('Wait a moment before yelling again');
    await click(byId('world-action')!);
    expect(labels()).toEqual(['Verse', 'Yell']);
  });

  it('sends coins to a master chosen in the list view: /send/{address}', async () => {
    await mountLoaded();
    await click(byId('world-list-toggle')!);
    expect(byId('world-nearby')!.textContent).toContain('Bo');
    await click(mounted!.button('Send Coins: Bo'));
    expect(calls).toContain('send 6');
    await settle(() => acts[0]!.resolve(ok('0xabc')));
    expect($router.get()?.path).toBe('/send/0xabc');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(labels()).toEqual(['Send Coins', 'Like']);
    expect(byId('world-selected')!.textContent).toContain('Bo');
    await click(mounted!.button('Deselect'));
    expect(labels()).toEqual(['Verse', 'Yell']);
  });

  it('shows a luv on the button for 5 s; a tap dismisses it', async () => {
    const toasts: string[] = [];
    const stopNotices = followWorldNotices({ toast: (text) => void toasts.push(text) });
    await mountLoaded();
    await act(async () => publishServerEvent({ event: 'forumlike', _nonce: 'fs1', id: 7, id_from: 8, name_from: 'Bo' }));
    expect(byId('world-action')!.textContent).toBe('Bo luves you!');
    await click(byId('world-action')!);
    expect(labels()).toEqual(['Verse', 'Yell']);
    expect(toasts).toEqual([]);
    stopNotices();
  });

  it('leaves the room when the screen goes away', async () => {
    await mountLoaded();
    mounted!.unmount();
    mounted = undefined;
    expect(calls.at(-1)).toBe('leave');
    expect($worldRoom.get()).toBe(null);
  });
});
