import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SENDING_LABEL, submitLabel, submitMachine } from '../../../../src/client/machines/submitMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import { deferred, type Deferred } from './deferred';
import { failed, ok } from './fixtures';

describe('submitMachine', () => {
  let pending: Deferred<ApiResult<unknown>>;
  let done: unknown[];

  beforeEach(() => {
    vi.useFakeTimers();
    done = [];
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    pending = deferred();
    const actor = createActor(
      submitMachine().provide({
        actors: { submit: fromPromise(() => pending.promise) },
        actions: { succeeded: (_, result) => void done.push(result) },
      }),
    );
    actor.start();
    return actor;
  }

  it('reads Sending data... while busy and reports the data on success', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', body: { name: 'Ada' } });
    const snap = actor.getSnapshot();
    expect(submitLabel(String(snap.value), snap.context.error, 'Create Account')).toBe(SENDING_LABEL);
    pending.resolve(ok({ id: 1 }, 'Welcome'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.message).toBe('Welcome');
    expect(done).toEqual([{ data: { id: 1 }, message: 'Welcome' }]);
  });

  it('joins errors with semicolons into the label; a click returns to idle', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', body: {} });
    pending.resolve(failed('Invalid.', { email: ['E-mail taken.'], password: ['Too short.', 'Needs a digit.'] }));
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('error');
    expect(submitLabel('error', snap.context.error, 'Create Account')).toBe('Invalid.; E-mail taken.; Too short.; Needs a digit.');
    actor.send({ type: 'CLICK' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(submitLabel('idle', '', 'Create Account')).toBe('Create Account');
    expect(done).toEqual([]);
  });
});
