/** worldActionMachine with fake timers: sending, the 1 s success, errors kept until tapped, luv for 5 s, selection clears. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  DONE_MS,
  DONE_TEXT,
  LUV_MS,
  SENDING_TEXT,
  worldActionMachine,
  worldActionText,
  type WorldAction,
  type WorldActionState,
} from '../../../../src/client/machines/worldActionMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import { deferred, type Deferred } from './deferred';
import { failed, ok } from './fixtures';

describe('worldActionMachine', () => {
  let sends: Array<{ action: WorldAction; d: Deferred<ApiResult<unknown>> }>;
  let log: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    sends = [];
    log = [];
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    const actor = createActor(
      worldActionMachine.provide({
        actors: {
          perform: fromPromise(async ({ input }) => {
            const d = deferred<ApiResult<unknown>>();
            sends.push({ action: input, d });
            return d.promise;
          }),
        },
        actions: { succeeded: (_, p) => void log.push(`${p.action.kind} ${JSON.stringify(p.data)}`) },
      }),
    );
    actor.start();
    return actor;
  }
  const state = (a: ReturnType<typeof start>) => a.getSnapshot().value as WorldActionState;
  const text = (a: ReturnType<typeof start>) => worldActionText(state(a), a.getSnapshot().context);
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const vote: WorldAction = { kind: 'vote', id: 4 };

  it('sends, shows "Action Complete!" for 1 s, then the label again', async () => {
    const a = start();
    expect(text(a)).toBe(null);
    a.send({ type: 'TAP', action: vote });
    expect(text(a)).toBe(SENDING_TEXT);
    sends[0]!.d.resolve(ok('addr'));
    await flush();
    expect(text(a)).toBe(DONE_TEXT);
    expect(log).toEqual(['vote "addr"']);
    await vi.advanceTimersByTimeAsync(DONE_MS - 1);
    expect(state(a)).toBe('done');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(a)).toBe('idle');
  });

  it('ignores taps, luvs and selections while sending', async () => {
    const a = start();
    a.send({ type: 'TAP', action: vote });
    a.send({ type: 'TAP', action: { kind: 'like', id: 2 } });
    a.send({ type: 'LUV', name: 'Bo' });
    a.send({ type: 'SELECT' });
    expect(state(a)).toBe('sending');
    expect(sends).toHaveLength(1);
    sends[0]!.d.resolve(ok(null));
    await flush();
    expect(state(a)).toBe('done');
  });

  it('keeps the server message until a tap clears it; that tap sends nothing', async () => {
    const a = start();
    a.send({ type: 'TAP', action: vote });
    sends[0]!.d.resolve(failed('You already voted for this inscription'));
    await flush();
    expect(text(a)).toBe('You already voted for this inscription');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state(a)).toBe('error');
    a.send({ type: 'TAP', action: vote });
    expect(state(a)).toBe('idle');
    expect(sends).toHaveLength(1);
    expect(log).toEqual([]);
  });

  it('shows a thrown error like a server message', async () => {
    const a = start();
    a.send({ type: 'TAP', action: { kind: 'caravan' } });
    sends[0]!.d.reject(new Error('offline'));
    await flush();
    expect(text(a)).toBe('offline');
  });

  it('shows "{name} luves you!" for 5 s', async () => {
    const a = start();
    a.send({ type: 'LUV', name: 'Bo' });
    expect(text(a)).toBe('Bo luves you!');
    await vi.advanceTimersByTimeAsync(LUV_MS - 1);
    expect(state(a)).toBe('luv');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(a)).toBe('idle');
  });

  it('dismisses a luv with a tap, without sending', () => {
    const a = start();
    a.send({ type: 'LUV', name: 'Bo' });
    a.send({ type: 'TAP', action: vote });
    expect(state(a)).toBe('idle');
    expect(sends).toHaveLength(0);
  });

  it('a new selection clears an error or a success', async () => {
    const a = start();
    a.send({ type: 'TAP', action: vote });
    sends[0]!.d.resolve(failed('Nope'));
    await flush();
    a.send({ type: 'SELECT' });
    expect(state(a)).toBe('idle');
    expect(a.getSnapshot().context.error).toBe('');
    a.send({ type: 'TAP', action: vote });
    sends[1]!.d.resolve(ok(null));
    await flush();
    a.send({ type: 'SELECT' });
    expect(state(a)).toBe('idle');
  });

  it('a tap without an action does nothing when idle', () => {
    const a = start();
    a.send({ type: 'TAP' });
    expect(state(a)).toBe('idle');
  });
});
