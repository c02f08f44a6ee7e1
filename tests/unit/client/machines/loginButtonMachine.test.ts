import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginButtonLabel, loginButtonMachine, LOGGING_LABEL, type LoginAnswer } from '../../../../src/client/machines/loginButtonMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import type { User } from '../../../../src/shared/api/user';
import type { LoginBody } from '../../../../src/shared/api/auth';
import { deferred, type Deferred } from './deferred';
import { failed, makeUser, ok } from './fixtures';

describe('loginButtonMachine', () => {
  let pending: Deferred<ApiResult<User>>;
  let sent: LoginBody[];
  let loggedIn: LoginAnswer[];

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    loggedIn = [];
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    pending = deferred();
    const actor = createActor(
      loginButtonMachine().provide({
        actors: {
          login: fromPromise(async ({ input }) => {
            sent.push(input);
            return pending.promise;
          }),
        },
        actions: { loggedIn: (_, user) => void loggedIn.push(user) },
      }),
    );
    actor.start();
    return actor;
  }

  it('shows Fetching data... while logging and finishes on success', async () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SUBMIT', body: { username: 'ada@example.test', password: 'pw' } });
    expect(actor.getSnapshot().value).toBe('logging');
    expect(loginButtonLabel('logging', '')).toBe(LOGGING_LABEL);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ username: 'ada@example.test', password: 'pw' }]);
    pending.resolve(ok(makeUser()));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('done');
    expect(loggedIn.map((u) => ('name' in u ? u.name : u))).toEqual(['Ada']);
  });

  it('shows the joined error, and a click returns to idle', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', body: { username: 'x', password: 'y' } });
    pending.resolve(failed('The given data was invalid.', { username: ['The e-mail is unknown.'] }));
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('error');
    expect(snap.context.error).toBe('The given data was invalid.; The e-mail is unknown.');
    // The red line says the text; the button only offers to try again.
    expect(loginButtonLabel('error', snap.context.error)).toBe('Try again');
    expect(loggedIn).toEqual([]);
    actor.send({ type: 'CLICK' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('');
  });

  it('ignores clicks and submits while logging', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', body: { username: 'a', password: 'b' } });
    actor.send({ type: 'CLICK' });
    actor.send({ type: 'SUBMIT', body: { username: 'c', password: 'd' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('logging');
    expect(sent).toHaveLength(1);
  });

  it('turns a thrown request into the error state', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', body: { username: 'a', password: 'b' } });
    pending.reject(new Error('boom'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('boom');
  });
});
