/**
 * The round clock on fake time: fetching until the first answer; open with an mm:ss countdown that changes
 * on the server's second; locked at can_act_before to the millisecond; reloading at ends_at and on a 404;
 * open again only when a running round arrives; a device clock that runs ahead or behind is corrected by
 * the offset measured from server_time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  FETCHING_TEXT,
  formatCountdown,
  LOCKED_TEXT,
  RELOADING_TEXT,
  roundClockMachine,
  roundClockText,
  roundClockView,
} from '../../../../src/client/machines/roundClockMachine';
import type { GameState } from '../../../../src/client/stores/game';
import { makeGame } from '../gameFixtures';

const SERVER_T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('roundClockMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(SERVER_T0);
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    const actor = createActor(roundClockMachine, { input: { now: () => Date.now() } });
    actor.start();
    const text = () => roundClockText(roundClockView(actor.getSnapshot()));
    const send = (game: GameState) => actor.send({ type: 'GAME', game });
    return { actor, text, send };
  }

  /** A ready game whose round opens for `openS` s and is locked for `lockedS` s, answered now on a server `offsetMs` ahead. */
  function ready(openS: number, lockedS: number, offsetMs = 0, id = 41): GameState {
    const serverNow = Date.now() + offsetMs;
    const game = makeGame(
      { id },
      { serverMs: serverNow, canActMs: serverNow + openS * 1000, endsMs: serverNow + (openS + lockedS) * 1000 },
    );
    return { status: 'ready', game, clockOffsetMs: offsetMs };
  }

  it('reads Fetching Aeon Data... until the game first loads', () => {
    const { text, send } = start();
    expect(text()).toBe(FETCHING_TEXT);
    send({ status: 'loading', game: null, clockOffsetMs: 0 });
    expect(text()).toBe(FETCHING_TEXT);
  });

  it('counts down to can_act_before, locks on its millisecond, then reloads at ends_at', async () => {
    const { actor, text, send } = start();
    send(ready(90, 60));
    expect(actor.getSnapshot().value).toBe('open');
    expect(text()).toBe('Next Crypto Aeon Block in 01:30');
    await vi.advanceTimersByTimeAsync(1000);
    expect(text()).toBe('Next Crypto Aeon Block in 01:29');
    await vi.advanceTimersByTimeAsync(88_000);
    expect(text()).toBe('Next Crypto Aeon Block in 00:01');
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().value).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('locked');
    expect(text()).toBe(LOCKED_TEXT);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(actor.getSnapshot().value).toBe('locked');
    await vi.advanceTimersByTimeAsync(1);
    expect(text()).toBe(RELOADING_TEXT);
    // It stays there however long the server takes: no guessed next round.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(text()).toBe(RELOADING_TEXT);
    actor.stop();
  });

  it('stays reloading for the ended round re-fetched, and opens for the next one', async () => {
    const { actor, text, send } = start();
    const first = ready(1, 1);
    send(first);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(text()).toBe(RELOADING_TEXT);
    send({ ...first });
    expect(text()).toBe(RELOADING_TEXT);
    send(ready(600, 60, 0, 42));
    expect(text()).toBe('Next Crypto Aeon Block in 10:00');
    actor.stop();
  });

  it('reads Starting new Crypto Aeon on a 404 (status reloading), then open when the round arrives', () => {
    const { actor, text, send } = start();
    send({ status: 'reloading', game: null, clockOffsetMs: 0 });
    expect(text()).toBe(RELOADING_TEXT);
    const running = ready(30, 10);
    send({ ...running, status: 'reloading' });
    expect(text()).toBe(RELOADING_TEXT);
    send(running);
    expect(text()).toBe('Next Crypto Aeon Block in 00:30');
    actor.stop();
  });

  it('joins a round already locked, and corrects a device clock running behind the server', async () => {
    const { actor, text, send } = start();
    // The server is 5 s ahead: 3 s of open time left on its clock means locked 3 s from now, not 8.
    const serverNow = Date.now() + 5_000;
    send({
      status: 'ready',
      clockOffsetMs: 5_000,
      game: makeGame({}, { serverMs: serverNow, canActMs: serverNow + 3_000, endsMs: serverNow + 10_000 }),
    });
    expect(text()).toBe('Next Crypto Aeon Block in 00:03');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(text()).toBe(LOCKED_TEXT);
    // Locked already on arrival: straight to locked.
    const late = Date.now() + 5_000;
    send({
      status: 'ready',
      clockOffsetMs: 5_000,
      game: makeGame({ id: 50 }, { serverMs: late, canActMs: late - 1_000, endsMs: late + 2_000 }),
    });
    expect(text()).toBe(LOCKED_TEXT);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(text()).toBe(RELOADING_TEXT);
    actor.stop();
  });

  it('keeps the display on the server second when the offset is fractional', async () => {
    const { text, send, actor } = start();
    const serverNow = Date.now() + 400;
    send({
      status: 'ready',
      clockOffsetMs: 400,
      game: makeGame({}, { serverMs: serverNow, canActMs: SERVER_T0 + 10_000, endsMs: SERVER_T0 + 20_000 }),
    });
    // 9.6 s left on the server's clock shows as 00:10 until 0.6 s pass.
    expect(text()).toBe('Next Crypto Aeon Block in 00:10');
    await vi.advanceTimersByTimeAsync(599);
    expect(text()).toBe('Next Crypto Aeon Block in 00:10');
    await vi.advanceTimersByTimeAsync(1);
    expect(text()).toBe('Next Crypto Aeon Block in 00:09');
    actor.stop();
  });

  it('formats mm:ss, rounding up to the second', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(roundClockText({ state: 'open', remainingMs: 61_000 }, 'area')).toBe('Next Crypto Aeon in 01:01');
    expect(roundClockText({ state: 'locked', remainingMs: 0 }, 'area')).toBe('Computing Crypto Aeon');
    expect(roundClockText({ state: 'open', remainingMs: 61_000 }, 'world')).toBe('Next Crypto Aeon in 01:01');
    expect(roundClockText({ state: 'locked', remainingMs: 0 }, 'world')).toBe('Computing Crypto Aeon');
    expect(roundClockText({ state: 'reloading', remainingMs: 0 }, 'world')).toBe('Starting new Crypto Aeon');
  });
});
