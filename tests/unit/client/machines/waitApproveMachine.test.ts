/** waitApproveMachine: every transition with fake timers (tap, hold, precalc starts; success, error, reset, lock). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  HOLD_MS,
  REFRESH_MS,
  SUCCESS_MS,
  WAIT_MS,
  waitApproveMachine,
  waitApproveTappable,
  type WaitApproveInput,
  type WaitApproveState,
} from '../../../../src/client/machines/waitApproveMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import { deferred, type Deferred } from './deferred';
import { failed, ok } from './fixtures';

describe('waitApproveMachine', () => {
  let prepares: Array<Deferred<ApiResult<unknown>>>;
  let sends: Array<{ prepared: unknown; d: Deferred<ApiResult<unknown>> }>;
  let log: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    prepares = [];
    sends = [];
    log = [];
  });
  afterEach(() => vi.useRealTimers());

  function start(input: WaitApproveInput = {}) {
    const actor = createActor(
      waitApproveMachine.provide({
        actors: {
          prepare: fromPromise(async () => {
            const d = deferred<ApiResult<unknown>>();
            prepares.push(d);
            return d.promise;
          }),
          send: fromPromise(async ({ input }) => {
            const d = deferred<ApiResult<unknown>>();
            sends.push({ prepared: input.prepared, d });
            return d.promise;
          }),
        },
        actions: {
          refresh: () => void log.push('refresh'),
          leave: () => void log.push('leave'),
          succeeded: (_, data) => void log.push(`succeeded ${JSON.stringify(data)}`),
        },
      }),
      { input },
    );
    actor.start();
    return actor;
  }
  const state = (a: ReturnType<typeof start>) => a.getSnapshot().value as WaitApproveState;
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it('tap: stage 0 → 3 s wait → approve → sending → success; refresh at 750 ms, home at 3 s', async () => {
    const a = start({ leaveHome: true });
    expect(state(a)).toBe('prepare');
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('waiting');
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(WAIT_MS - 1);
    expect(state(a)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(a)).toBe('approve');
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('sending');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.prepared).toBeNull();
    sends[0]!.d.resolve(ok({ oogle: { id: 1 } }));
    await flush();
    expect(state(a)).toBe('success');
    expect(log).toEqual(['succeeded {"oogle":{"id":1}}']);
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(log).toEqual(['succeeded {"oogle":{"id":1}}', 'refresh']);
    await vi.advanceTimersByTimeAsync(SUCCESS_MS - REFRESH_MS);
    expect(log.slice(1)).toEqual(['refresh', 'leave']);
    expect(state(a)).toBe('success');
  });

  it('without leaving home the success clears after 3 s, back to stage 0', async () => {
    const a = start({ leaveHome: false });
    a.send({ type: 'PRESS' });
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    a.send({ type: 'PRESS' });
    sends[0]!.d.resolve(ok({ burned: '5' }));
    await flush();
    await vi.advanceTimersByTimeAsync(SUCCESS_MS);
    expect(log).toContain('refresh');
    expect(log).not.toContain('leave');
    expect(state(a)).toBe('prepare');
    expect(a.getSnapshot().context.result).toBeNull();
  });

  it('an error shows the server message; the next tap clears it back to stage 0', async () => {
    const a = start();
    a.send({ type: 'PRESS' });
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    a.send({ type: 'PRESS' });
    sends[0]!.d.resolve(failed('Locked for Aeon Computing'));
    await flush();
    expect(state(a)).toBe('error');
    expect(a.getSnapshot().context.error).toBe('Locked for Aeon Computing');
    expect(waitApproveTappable('error', a.getSnapshot().context)).toBe(true);
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('prepare');
    expect(a.getSnapshot().context.error).toBe('');
  });

  it('a thrown request is an error too', async () => {
    const a = start();
    a.send({ type: 'PRESS' });
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    a.send({ type: 'PRESS' });
    sends[0]!.d.reject(new Error('boom'));
    await flush();
    expect(state(a)).toBe('error');
    expect(a.getSnapshot().context.error).toBe('boom');
  });

  it('hold: released before 3 s cancels; held 3 s starts the 3 s setup', async () => {
    const a = start({ start: 'hold' });
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('prepare');
    a.send({ type: 'HOLD' });
    expect(state(a)).toBe('holding');
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    a.send({ type: 'RELEASE' });
    expect(state(a)).toBe('prepare');
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    expect(state(a)).toBe('prepare');
    a.send({ type: 'HOLD' });
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    expect(state(a)).toBe('waiting');
    a.send({ type: 'RELEASE' });
    expect(state(a)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    expect(state(a)).toBe('approve');
  });

  it('hold: a lock arriving during the hold cancels it', async () => {
    const a = start({ start: 'hold' });
    a.send({ type: 'HOLD' });
    a.send({ type: 'STATUS', locked: true, invalid: false });
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    expect(state(a)).toBe('prepare');
  });

  it('precalc: the first tap requests, its answer is kept for the send; a refusal is an error', async () => {
    const a = start({ start: 'precalc' });
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('preparing');
    prepares[0]!.resolve(ok({ fee: '2', chance: 40, seed_hash: 'ab', attempt: 1 }));
    await flush();
    expect(state(a)).toBe('approve');
    a.send({ type: 'PRESS' });
    expect(sends[0]!.prepared).toEqual({ fee: '2', chance: 40, seed_hash: 'ab', attempt: 1 });
    const b = start({ start: 'precalc' });
    b.send({ type: 'PRESS' });
    prepares[1]!.resolve(failed('Insufficent ANGLS balance'));
    await flush();
    expect(state(b)).toBe('error');
    expect(b.getSnapshot().context.error).toBe('Insufficent ANGLS balance');
  });

  it('a locked round or an invalid input ignores taps in stage 0 and stage 1', async () => {
    const a = start({ locked: true });
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('prepare');
    a.send({ type: 'STATUS', locked: false, invalid: true });
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('prepare');
    a.send({ type: 'STATUS', locked: false, invalid: false });
    a.send({ type: 'PRESS' });
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    a.send({ type: 'STATUS', locked: true, invalid: false });
    expect(waitApproveTappable('approve', a.getSnapshot().context)).toBe(false);
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('approve');
    a.send({ type: 'STATUS', locked: false, invalid: false });
    a.send({ type: 'PRESS' });
    expect(state(a)).toBe('sending');
  });

  it('a slide change resets waiting, approve and error to stage 0, but not sending or success', async () => {
    const a = start({ start: 'precalc' });
    a.send({ type: 'PRESS' });
    a.send({ type: 'RESET' });
    expect(state(a)).toBe('prepare');
    const b = start();
    b.send({ type: 'PRESS' });
    b.send({ type: 'RESET' });
    expect(state(b)).toBe('prepare');
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    expect(state(b)).toBe('prepare');
    b.send({ type: 'PRESS' });
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    b.send({ type: 'RESET' });
    expect(state(b)).toBe('prepare');
    b.send({ type: 'PRESS' });
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    b.send({ type: 'PRESS' });
    b.send({ type: 'RESET' });
    expect(state(b)).toBe('sending');
    sends[0]!.d.resolve(ok({}));
    await flush();
    b.send({ type: 'RESET' });
    expect(state(b)).toBe('success');
  });

  it('tappable only in stage 0, the hold, stage 1 (unlocked, valid) and on an error', () => {
    const free = { locked: false, invalid: false };
    const states: WaitApproveState[] = ['prepare', 'holding', 'preparing', 'waiting', 'approve', 'sending', 'success', 'error'];
    expect(states.filter((s) => waitApproveTappable(s, free))).toEqual(['prepare', 'holding', 'approve', 'error']);
    expect(states.filter((s) => waitApproveTappable(s, { locked: true, invalid: false }))).toEqual(['error']);
  });
});
