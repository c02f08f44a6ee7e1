// @vitest-environment jsdom
/** The session list in the DOM: loading, load error, "this device", End per session, ending this device. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import type { SessionInfo } from '../../../../src/shared/api/sessions';
import { deferred, type Deferred } from '../machines/deferred';
import { failed, makeUser, ok } from '../machines/fixtures';
import { click, render, settle, type Mounted } from './render';

const net = vi.hoisted(() => ({
  lists: [] as Deferred<ApiResult<SessionInfo[]>>[],
  end: null as null | Deferred<ApiResult<unknown>>,
  ended: [] as string[],
  socketClosed: 0,
}));
vi.mock('../../../../src/client/net/api', () => ({
  api: {
    sessions: () => {
      const d = deferred<ApiResult<SessionInfo[]>>();
      net.lists.push(d);
      return d.promise;
    },
    endSession: (id: string) => {
      net.ended.push(id);
      return net.end!.promise;
    },
  },
}));
vi.mock('../../../../src/client/app/liveSocket', () => ({ closeLiveSocket: () => void net.socketClosed++ }));

import SessionsScreen from '../../../../src/client/hud/screens/SessionsScreen';
import { $session } from '../../../../src/client/stores/session';

const session = (id: string, device: string, current = false): SessionInfo => ({
  id,
  device,
  current,
  ip: '203.0.113.9',
  created_at: '2026-01-01T10:00:00.000Z',
  last_seen_at: '2026-01-02T10:00:00.000Z',
  expires_at: '2026-01-16T10:00:00.000Z',
});

let mounted: Mounted | undefined;
beforeEach(() => {
  net.lists = [];
  net.end = deferred();
  net.ended = [];
  net.socketClosed = 0;
  history.replaceState(null, '', '/sessions');
  $session.set({ status: 'user', user: makeUser(), authError: false });
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const items = () => [...mounted!.container.querySelectorAll<HTMLElement>('[data-testid="session-item"]')];

describe('SessionsScreen', () => {
  it('shows a loading state, then each session with "this device" marked and an End button', async () => {
    mounted = await render(<SessionsScreen />);
    expect(q('sessions-loading')?.textContent).toBe('Loading…');
    expect(items()).toHaveLength(0);
    await settle(() => net.lists[0]!.resolve(ok([session('a', 'Chrome on Android', true), session('b', 'Firefox on Windows')])));
    expect(q('sessions-loading')).toBeNull();
    expect(items().map((li) => li.querySelector('strong')?.textContent)).toEqual(['Chrome on Android · this device', 'Firefox on Windows']);
    expect(items()[0]!.dataset.current).toBe('true');
    expect(items()[1]!.dataset.current).toBeUndefined();
    expect(items()[1]!.textContent).toContain('203.0.113.9');
    expect(mounted.button('End Firefox on Windows').textContent).toBe('End');
    expect(mounted.button('End Chrome on Android (this device)').textContent).toBe('End');
  });

  it('shows the error text when the list cannot be loaded', async () => {
    mounted = await render(<SessionsScreen />);
    await settle(() => net.lists[0]!.resolve(failed('Unauthenticated.')));
    expect(q('sessions-load-error')?.textContent).toBe('Unauthenticated.');
    expect(q('sessions-loading')).toBeNull();
  });

  it('ends another session by its id, then reloads the list; stays logged in', async () => {
    mounted = await render(<SessionsScreen />);
    await settle(() => net.lists[0]!.resolve(ok([session('a', 'Chrome on Android', true), session('b', 'Firefox on Windows')])));
    await click(mounted.button('End Firefox on Windows'));
    expect(net.ended).toEqual(['b']);
    expect(mounted.button('End Firefox on Windows').textContent).toBe('Ending…');
    expect(mounted.button('End Chrome on Android (this device)').disabled).toBe(true);
    await settle(() => net.end!.resolve(ok(null, 'Session ended.')));
    await settle(() => net.lists[1]!.resolve(ok([session('a', 'Chrome on Android', true)])));
    expect(items()).toHaveLength(1);
    expect($session.get().status).toBe('user');
    expect(net.socketClosed).toBe(0);
  });

  it('shows the error of a failed End and keeps the list', async () => {
    mounted = await render(<SessionsScreen />);
    await settle(() => net.lists[0]!.resolve(ok([session('a', 'Chrome on Android', true), session('b', 'Firefox on Windows')])));
    await click(mounted.button('End Firefox on Windows'));
    await settle(() => net.end!.resolve(failed('Session not found.')));
    expect(q('sessions-error')?.textContent).toBe('Session not found.');
    expect(items()).toHaveLength(2);
    expect(mounted.button('End Firefox on Windows').textContent).toBe('End');
  });

  it('ending this device logs this browser out: socket closed, guest, /login', async () => {
    mounted = await render(<SessionsScreen />);
    await settle(() => net.lists[0]!.resolve(ok([session('a', 'Chrome on Android', true)])));
    await click(mounted.button('End Chrome on Android (this device)'));
    await settle(() => net.end!.resolve(ok(null)));
    expect(net.ended).toEqual(['a']);
    expect(net.socketClosed).toBe(1);
    expect($session.get()).toMatchObject({ status: 'guest', user: null });
    expect(location.pathname).toBe('/login');
  });
});
