/**
 * The game sync over the real HTTP client with a fake fetch: the first fetch, the 60 s poll, 404 → reloading
 * with a retry after 1 s, 401 → logged out, game_ended and resync refetches, refreshSoon after 750 ms, the
 * clock offset, a valid selected eidol, and stopping on logout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../../../src/client/net/http';
import { createGameApi } from '../../../../src/client/net/gameApi';
import {
  createGameSync,
  GAME_AFTER_END_MS,
  GAME_POLL_MS,
  nextFetchMs,
  GAME_REFRESH_SOON_MS,
  GAME_RELOAD_RETRY_MS,
  refreshGameSoon,
  startGameSync,
  validSelection,
  type GameSync,
} from '../../../../src/client/net/gameSync';
import { publishServerEvent } from '../../../../src/client/net/serverEvents';
import { $game, $selectedEidolId } from '../../../../src/client/stores/game';
import { setGuest, setUser } from '../../../../src/client/stores/session';
import { makeUser } from '../machines/fixtures';
import { makeEidol, makeGame } from '../gameFixtures';

type Answer = { status: number; body: unknown };

describe('gameSync', () => {
  let answers: Answer[];
  let calls: string[];
  let deviceNow: number;
  let loggedOut: number;
  let sync: GameSync | undefined;

  const fakeFetch = (async (input: string | URL | Request) => {
    calls.push(String(input));
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const api = createGameApi(createHttp({ fetch: fakeFetch, readCookie: () => 'x' }));
  const ok = (game = makeGame()): Answer => ({ status: 200, body: { success: true, data: game, message: '' } });
  const start = () => (sync = createGameSync({ api, now: () => deviceNow, loggedOut: () => void loggedOut++ }));

  beforeEach(() => {
    vi.useFakeTimers();
    answers = [ok()];
    calls = [];
    deviceNow = Date.UTC(2026, 10, 23, 12, 0, 0) - 2_500;
    loggedOut = 0;
    $game.set({ status: 'loading', game: null, clockOffsetMs: 0 });
    $selectedEidolId.set(null);
  });
  afterEach(() => {
    sync?.stop();
    sync = undefined;
    vi.useRealTimers();
  });

  it('fetches at once, stores the game and the clock offset, and selects the first eidol', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['/api/game']);
    const state = $game.get();
    expect(state.status).toBe('ready');
    expect(state.game?.id).toBe(41);
    expect(state.clockOffsetMs).toBe(2_500);
    expect($selectedEidolId.get()).toBe(1);
  });

  it('polls every 60 s', async () => {
    start();
    await vi.advanceTimersByTimeAsync(GAME_POLL_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(GAME_POLL_MS);
    expect(calls).toHaveLength(3);
  });

  it('looks for the next round 3 s after the current one ends, then every 3 s while the old one is answered', async () => {
    const t0 = Date.UTC(2026, 10, 23, 12, 0, 0);
    const ending = makeGame({}, { serverMs: t0, canActMs: t0 + 20_000, endsMs: t0 + 30_000 });
    const ended = { ...ending, server_time: t0 + 33_000 };
    answers = [ok(ending), ok(ended), ok(makeGame({ id: 42 }))];
    start();
    await vi.advanceTimersByTimeAsync(30_000 + GAME_AFTER_END_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(GAME_AFTER_END_MS);
    expect(calls).toHaveLength(3);
    expect($game.get().game?.id).toBe(42);
    expect(nextFetchMs({ ends_at: 'garbage', server_time: t0 })).toBe(GAME_POLL_MS);
  });

  it('polls the user every 60 s with the game, and no more after stopping', async () => {
    let users = 0;
    sync = createGameSync({ api, now: () => deviceNow, loggedOut: () => void loggedOut++, refreshUser: () => void users++ });
    await vi.advanceTimersByTimeAsync(GAME_POLL_MS * 2);
    expect(users).toBe(2);
    sync.stop();
    await vi.advanceTimersByTimeAsync(GAME_POLL_MS * 2);
    expect(users).toBe(2);
  });

  it('marks a 404 as reloading, keeps the known eidols and retries after 1 s', async () => {
    answers = [ok(), { status: 404, body: { success: false, message: 'No round' } }, ok(makeGame({ id: 42 }))];
    start();
    await vi.advanceTimersByTimeAsync(0);
    sync!.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect($game.get().status).toBe('reloading');
    expect($game.get().game?.oogles).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(GAME_RELOAD_RETRY_MS - 1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    expect($game.get()).toMatchObject({ status: 'ready', game: { id: 42 } });
  });

  it('logs out on 401 and stops polling', async () => {
    answers = [{ status: 401, body: { success: false, message: 'Unauthenticated.' } }];
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(loggedOut).toBe(1);
    expect($game.get().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(GAME_POLL_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('refetches on game_ended and on a resync', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    publishServerEvent({ event: 'game_ended', _nonce: 'n1', game_id: 41, threshold: '0.5', hash: 'ab', next_game_id: 42 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    publishServerEvent({ event: 'subscribe', _nonce: 'n2', success: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
  });

  it('refetches the user with the game after an action and after a round', async () => {
    let users = 0;
    sync = createGameSync({ api, now: () => deviceNow, loggedOut: () => void loggedOut++, refreshUser: () => void users++ });
    await vi.advanceTimersByTimeAsync(0);
    sync.refreshSoon();
    await vi.advanceTimersByTimeAsync(GAME_REFRESH_SOON_MS);
    expect(users).toBe(1);
    publishServerEvent({ event: 'game_ended', _nonce: 'u1', game_id: 41, threshold: '0.5', hash: 'ab', next_game_id: 42 });
    await vi.advanceTimersByTimeAsync(0);
    expect(users).toBe(2);
    expect(calls).toHaveLength(3);
  });

  it('refreshSoon fetches 750 ms later, once for a burst', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    sync!.refreshSoon();
    await vi.advanceTimersByTimeAsync(300);
    sync!.refreshSoon();
    await vi.advanceTimersByTimeAsync(GAME_REFRESH_SOON_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('keeps a still-owned selection and replaces a gone one', async () => {
    answers = [ok(makeGame({ oogles: [makeEidol({ id: 5 }), makeEidol({ id: 9 })] })), ok(makeGame({ oogles: [makeEidol({ id: 5 })] }))];
    $selectedEidolId.set(9);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect($selectedEidolId.get()).toBe(9);
    sync!.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect($selectedEidolId.get()).toBe(5);
    expect(validSelection(3, { oogles: [] })).toBeNull();
  });

  it('retries an unreadable answer instead of storing it', async () => {
    answers = [{ status: 200, body: { success: true, data: { id: 'nope' } } }, ok()];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect($game.get().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(5_000);
    expect($game.get().status).toBe('ready');
    warn.mockRestore();
  });

  it('follows the session: starts for a user, restarts for another account, stops and forgets for a guest', async () => {
    const stopFollowing = startGameSync({ api, now: () => deviceNow, loggedOut: () => void loggedOut++ });
    try {
      setGuest();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(0);
      setUser(makeUser());
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      expect($game.get().status).toBe('ready');
      refreshGameSoon();
      await vi.advanceTimersByTimeAsync(GAME_REFRESH_SOON_MS);
      expect(calls).toHaveLength(2);
      setUser(makeUser({ id: 8 }));
      expect($game.get().status).toBe('loading');
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(3);
      setGuest();
      expect($game.get()).toEqual({ status: 'loading', game: null, clockOffsetMs: 0 });
      expect($selectedEidolId.get()).toBeNull();
      await vi.advanceTimersByTimeAsync(GAME_POLL_MS * 2);
      expect(calls).toHaveLength(3);
    } finally {
      stopFollowing();
    }
  });
});
