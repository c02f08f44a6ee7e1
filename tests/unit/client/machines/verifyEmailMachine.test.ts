import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { VERIFY_FALLBACK_ERROR, verifyEmailMachine } from '../../../../src/client/machines/verifyEmailMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import { failed, ok } from './fixtures';

describe('verifyEmailMachine', () => {
  let log: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    log = [];
  });
  afterEach(() => vi.useRealTimers());

  function start(status: ApiResult<{ email_confirmed: boolean }>, confirm: () => Promise<ApiResult<unknown>>) {
    const actor = createActor(
      verifyEmailMachine().provide({
        actors: {
          checkStatus: fromPromise(async ({ input }) => {
            log.push(`check ${input}`);
            return status;
          }),
          confirm: fromPromise(async ({ input }) => {
            log.push(`confirm ${input}`);
            return confirm();
          }),
        },
        actions: { clearStorage: () => void log.push('clear'), goToLogin: () => void log.push('login') },
      }),
      { input: { token: 'tok' } },
    );
    actor.start();
    return actor;
  }

  it('confirms, clears storage, and goes to /login after exactly 1 s', async () => {
    const actor = start(ok({ email_confirmed: false }), async () => ok(null));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('fetching');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(log).toEqual(['check tok', 'confirm tok', 'clear']);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).not.toContain('login');
    await vi.advanceTimersByTimeAsync(1);
    expect(log.at(-1)).toBe('login');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes straight to /login when the e-mail is already confirmed', async () => {
    const actor = start(ok({ email_confirmed: true }), async () => ok(null));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'APPLY' });
    expect(log).toEqual(['check tok', 'login']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows the server message on failure, and may retry', async () => {
    let answer: ApiResult<unknown> = failed('This link has expired.', undefined, 404);
    const actor = start(failed('Not found', undefined, 404), async () => answer);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'APPLY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('This link has expired.');
    answer = ok(null);
    actor.send({ type: 'APPLY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('falls back to Something went wrong without a server message or on a throw', async () => {
    const actor = start(ok({ email_confirmed: false }), async () => failed('', undefined, 500));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'APPLY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe(VERIFY_FALLBACK_ERROR);
    const thrower = start(ok({ email_confirmed: false }), async () => {
      throw new Error('network');
    });
    await vi.advanceTimersByTimeAsync(0);
    thrower.send({ type: 'APPLY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(thrower.getSnapshot().context.error).toBe(VERIFY_FALLBACK_ERROR);
  });

  it('lets Apply KYC start the confirmation while the status check is still running', async () => {
    const actor = createActor(
      verifyEmailMachine().provide({
        actors: {
          checkStatus: fromPromise<ApiResult<{ email_confirmed: boolean }>, string>(() => new Promise(() => {})),
          confirm: fromPromise<ApiResult<unknown>, string>(async () => ok(null)),
        },
      }),
      { input: { token: 't' } },
    );
    actor.start();
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().value).toBe('fetching');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
  });
});
