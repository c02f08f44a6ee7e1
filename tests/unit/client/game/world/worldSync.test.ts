/**
 * The world sync with a fake API and fake timers: the first enter fills the stores and places the avatar,
 * the 60 s refresh with telemetry, the debounced walk and its clamped answer, forumupd merging (newer ts
 * only, channel filter), the resync refetch, and leaving on stop.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { RoomState } from '../../../../../src/shared/api/rooms';
import { publishServerEvent } from '../../../../../src/client/net/serverEvents';
import {
  createWorldSync,
  ENTER_RETRY_MS,
  NUMBERS_DELAY_MS,
  WALK_DELAY_MS,
  WORLD_REFRESH_MS,
  $walkError,
  $worldTelemetry,
  type WorldSync,
} from '../../../../../src/client/game/world/worldSync';
import {
  $chatLog,
  $ownObjectId,
  $ownPosition,
  $worldObjects,
  $worldReady,
  $worldRoom,
} from '../../../../../src/client/game/world/worldStores';
import { $numberSamples } from '../../../../../src/client/game/eidol/eidolStores';
import { makeChat, makeObject, makeState } from './worldFixtures';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data, message: '' });
const telemetry = { total_pool: '1', totalNodes: 2, total_mined: '3', total_users: 4, emit: '5' };

describe('worldSync', () => {
  let calls: string[];
  let enterAnswer: RoomState;
  let walkAnswer: ApiResult<RoomState>;
  let sync: WorldSync | undefined;
  let api: {
    enter: (room: 1 | 2) => Promise<ApiResult<RoomState>>;
    leave: () => Promise<ApiResult<unknown>>;
    walk: (c: number, f: boolean) => Promise<ApiResult<RoomState>>;
    telemetry: () => Promise<ApiResult<typeof telemetry>>;
  };
  const freshApi = () => ({
    enter: async (room: 1 | 2) => (calls.push(`enter ${room}`), ok(enterAnswer)),
    leave: async () => (calls.push('leave'), ok(null)),
    walk: async (c: number, f: boolean) => (calls.push(`walk ${c} ${f}`), walkAnswer),
    telemetry: async () => (calls.push('telemetry'), ok(telemetry)),
  });
  const numbers = async () => (calls.push('numbers'), ok([{ amount: '0.5', created_at: '2026-11-25 20:00:00' }]));
  const start = () => (sync = createWorldSync(1, { api, userId: () => 7, numbers }));
  const stopAt = (coordinate: number) => $ownPosition.set({ coordinate, flip: true, moving: false });

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    api = freshApi();
    enterAnswer = makeState(100, [makeObject({ id: 5, coordinate: 12000 }), makeObject({ id: 6, user_id: 8, name: 'Bo' })], [makeChat()]);
    walkAnswer = ok(makeState(200, [makeObject({ id: 5, coordinate: 10631 })]));
    $ownPosition.set({ coordinate: 0, flip: false, moving: false });
  });
  afterEach(() => {
    sync?.stop();
    sync = undefined;
    vi.useRealTimers();
  });

  it('enters at once and fills the stores, placing the own avatar', async () => {
    start();
    expect($worldRoom.get()).toBe(1);
    expect($worldReady.get()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect([...calls].sort()).toEqual(['enter 1', 'telemetry']);
    expect($worldReady.get()).toBe(true);
    expect($worldObjects.get().ts).toBe(100);
    expect([...$worldObjects.get().byId.keys()]).toEqual([5, 6]);
    expect($chatLog.get()).toHaveLength(1);
    expect($ownObjectId.get()).toBe(5);
    expect($ownPosition.get()).toEqual({ coordinate: 12000, flip: false, moving: false });
    expect($worldTelemetry.get()).toEqual(telemetry);
  });

  it('enters again with the telemetry every 60 s and on a socket resync', async () => {
    start();
    await vi.advanceTimersByTimeAsync(WORLD_REFRESH_MS);
    expect([...calls].sort()).toEqual(['enter 1', 'enter 1', 'numbers', 'telemetry', 'telemetry']);
    await vi.advanceTimersByTimeAsync(NUMBERS_DELAY_MS);
    expect($numberSamples.get()).toHaveLength(1);
    publishServerEvent({ event: 'subscribe', _nonce: 'w1', success: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c === 'enter 1')).toHaveLength(3);
  });

  it('walks 500 ms after the avatar stops, once per new coordinate, and takes the clamped answer', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    $ownPosition.set({ coordinate: 9000, flip: true, moving: true });
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS * 2);
    expect(calls.some((c) => c.startsWith('walk'))).toBe(false);
    stopAt(9000);
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS - 1);
    expect(calls.some((c) => c.startsWith('walk'))).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.filter((c) => c.startsWith('walk'))).toEqual(['walk 9000 true']);
    expect($ownPosition.get()).toEqual({ coordinate: 10631, flip: true, moving: false });
    expect($worldObjects.get().ts).toBe(200);
    // Setting the clamped coordinate is no new stop: no second walk.
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS * 2);
    expect(calls.filter((c) => c.startsWith('walk'))).toHaveLength(1);
  });

  it('restarts the delay when the avatar moves again before it runs out', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    stopAt(13000);
    await vi.advanceTimersByTimeAsync(300);
    $ownPosition.set({ coordinate: 13100, flip: true, moving: true });
    stopAt(13200);
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS);
    expect(calls.filter((c) => c.startsWith('walk'))).toEqual(['walk 13200 true']);
  });

  it('stores a walk failure message and tries again on the next stop', async () => {
    walkAnswer = { ok: false, status: 422, message: 'The coordinate field is invalid.', text: 'x' };
    start();
    await vi.advanceTimersByTimeAsync(0);
    stopAt(13000);
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS);
    expect($walkError.get()).toBe('The coordinate field is invalid.');
    walkAnswer = ok(makeState(300, [makeObject({ id: 5, coordinate: 13000 })]));
    stopAt(13000);
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS);
    expect(calls.filter((c) => c.startsWith('walk'))).toHaveLength(2);
    expect($walkError.get()).toBe('');
  });

  it('merges a newer forumupd, ignores older ones and other rooms, and filters chat by channel', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    const moved = makeObject({ id: 6, user_id: 8, coordinate: 15000 });
    const newcomer = makeObject({ id: 9, user_id: 9, type: 'scribe' });
    publishServerEvent({
      event: 'forumupd',
      _nonce: 'u1',
      room: 1,
      ts: 150,
      data: [moved, newcomer],
      removed: [5],
      chat: [makeChat({ id: 2, content: 'square' }), makeChat({ id: 3, channel: 2, content: 'deep' })],
    });
    expect($worldObjects.get().ts).toBe(150);
    expect($worldObjects.get().byId.get(6)?.coordinate).toBe(15000);
    expect($worldObjects.get().byId.has(9)).toBe(true);
    expect($worldObjects.get().byId.has(5)).toBe(false);
    // The own avatar stands at 12000 (channel 0): the deep channel 2 is not heard.
    expect($chatLog.get().map((c) => c.id)).toEqual([1, 2]);
    publishServerEvent({ event: 'forumupd', _nonce: 'u2', room: 1, ts: 150, data: [], removed: [6], chat: [] });
    publishServerEvent({ event: 'forumupd', _nonce: 'u3', room: 2, ts: 999, data: [], removed: [6], chat: [] });
    expect($worldObjects.get().byId.has(6)).toBe(true);
    expect($worldObjects.get().ts).toBe(150);
  });

  it("follows the server's correction of the own master when standing where it last synced", async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    // The own avatar stands at 12000 (its enter): the server clamps it to 10631 (a Puff spent elsewhere).
    publishServerEvent({
      event: 'forumupd',
      _nonce: 'c1',
      room: 1,
      ts: 150,
      data: [makeObject({ id: 5, coordinate: 10631 })],
      removed: [],
      chat: [],
    });
    expect($ownPosition.get()).toEqual({ coordinate: 10631, flip: false, moving: false });
    // Following it is no stop of the player's: no walk.
    await vi.advanceTimersByTimeAsync(WALK_DELAY_MS * 2);
    expect(calls.some((c) => c.startsWith('walk'))).toBe(false);
    // One that moved since keeps its own position (its walk will take the clamped answer).
    $ownPosition.set({ coordinate: 14000, flip: false, moving: true });
    publishServerEvent({
      event: 'forumupd',
      _nonce: 'c2',
      room: 1,
      ts: 160,
      data: [makeObject({ id: 5, coordinate: 11000 })],
      removed: [],
      chat: [],
    });
    expect($ownPosition.get().coordinate).toBe(14000);
  });

  it('hears the deeper channels from deep inside the Forum', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    $ownPosition.set({ coordinate: 100, flip: false, moving: true });
    publishServerEvent({
      event: 'forumupd',
      _nonce: 'u4',
      room: 1,
      ts: 160,
      data: [],
      removed: [],
      chat: [makeChat({ id: 4, channel: 2 })],
    });
    expect($chatLog.get().map((c) => c.id)).toEqual([1, 4]);
  });

  it("takes a whole state as of the ts of a delta already shown (its own enter's delta can come first)", async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    const ts = $worldObjects.get().ts;
    const other = makeObject({ id: 12, user_id: 12, coordinate: 10700 });
    sync!.apply(makeState(ts, [...$worldObjects.get().byId.values(), other]));
    expect($worldObjects.get().byId.get(12)?.coordinate).toBe(10700);
  });

  it('ignores an answer older than what is shown', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    sync!.apply(makeState(50, []));
    expect($worldObjects.get().byId.size).toBe(2);
  });

  it('retries a failed first enter after 5 s, keeping the loading overlay meanwhile', async () => {
    const answer = enterAnswer;
    api.enter = async (room: 1 | 2) => (calls.push(`enter ${room}`), { ok: false, status: 500, message: 'down', text: 'down' });
    start();
    await vi.advanceTimersByTimeAsync(ENTER_RETRY_MS - 1);
    expect($worldReady.get()).toBe(false);
    api.enter = async (room: 1 | 2) => (calls.push(`enter ${room}`), ok(answer));
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.filter((c) => c === 'enter 1')).toHaveLength(2);
    expect($worldReady.get()).toBe(true);
  });

  it('enters the next room only once the previous leave has answered', async () => {
    let leaveDone!: () => void;
    api.leave = () => (calls.push('leave'), new Promise((res) => (leaveDone = () => res(ok(null)))));
    start();
    await vi.advanceTimersByTimeAsync(0);
    sync!.stop();
    sync = createWorldSync(2, { api, userId: () => 7, numbers });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.startsWith('enter'))).toEqual(['enter 1']);
    leaveDone();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.startsWith('enter') || c === 'leave')).toEqual(['enter 1', 'leave', 'enter 2']);
  });

  it('leaves and clears the stores on stop', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    sync!.stop();
    sync = undefined;
    expect(calls.at(-1)).toBe('leave');
    expect($worldRoom.get()).toBe(null);
    expect($worldReady.get()).toBe(false);
    expect($worldObjects.get().byId.size).toBe(0);
    await vi.advanceTimersByTimeAsync(WORLD_REFRESH_MS);
    expect(calls.at(-1)).toBe('leave');
  });
});
