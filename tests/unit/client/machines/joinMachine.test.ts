/** joinMachine: a bid sent, success shown then cleared, a refusal kept until the next bid, bids made meanwhile sent in turn. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { JOINED_MS, REFUSED_MS, joinMachine, type JoinBid } from '../../../../src/client/machines/joinMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import { deferred, type Deferred } from './deferred';
import { failed, ok } from './fixtures';
import { joinErrors } from '../../../../src/shared/api/envelope';

describe('joinMachine', () => {
  let sent: Array<{ bid: JoinBid; d: Deferred<ApiResult<unknown>> }>;
  let joined: JoinBid[];
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    joined = [];
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    const actor = createActor(
      joinMachine.provide({
        actors: {
          join: fromPromise(async ({ input }) => {
            const d = deferred<ApiResult<unknown>>();
            sent.push({ bid: input, d });
            return d.promise;
          }),
        },
        actions: { joined: (_, bid) => void joined.push(bid) },
      }),
    );
    actor.start();
    return actor;
  }
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const bid = (risk: string): JoinBid => ({ risk, oogle_id: 7 });

  it('sends a bid, marks the round joined and clears the success after JOINED_MS', async () => {
    const a = start();
    a.send({ type: 'SEND', bid: bid('0.25') });
    expect(a.getSnapshot().value).toBe('sending');
    await flush();
    sent[0]!.d.resolve(ok({ game_id: 1 }));
    await flush();
    expect(a.getSnapshot().value).toBe('joined');
    expect(joined).toEqual([bid('0.25')]);
    await vi.advanceTimersByTimeAsync(JOINED_MS - 1);
    expect(a.getSnapshot().value).toBe('joined');
    await vi.advanceTimersByTimeAsync(1);
    expect(a.getSnapshot().value).toBe('idle');
  });

  it('keeps the server’s refusal on screen until the next bid or REFUSED_MS; nothing is marked joined', async () => {
    const a = start();
    a.send({ type: 'SEND', bid: bid('0.9') });
    await flush();
    const text = 'This Crypto Aeon has room for this Eidol up to risk 0.42 (37.8°)';
    // As the HTTP client makes it: the message and the field error joined without repeating (joinErrors).
    sent[0]!.d.resolve({ ...failed(text, { risk: [text] }), text: joinErrors({ message: text, errors: { risk: [text] } }) });
    await flush();
    expect(a.getSnapshot().value).toBe('refused');
    expect(a.getSnapshot().context.error).toBe(text);
    expect(joined).toEqual([]);
    await vi.advanceTimersByTimeAsync(REFUSED_MS - 1);
    expect(a.getSnapshot().context.error).toBe(text);
    // The next bid replaces it at once.
    a.send({ type: 'SEND', bid: bid('0.42') });
    expect(a.getSnapshot().value).toBe('sending');
    expect(a.getSnapshot().context.error).toBe('');
    await flush();
    sent[1]!.d.reject(new Error('Network error'));
    await flush();
    expect(a.getSnapshot().context.error).toBe('Network error');
    await vi.advanceTimersByTimeAsync(REFUSED_MS);
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.error).toBe('');
  });

  it('sends a bid made while another is on its way next, only the newest, and answers for that one', async () => {
    const a = start();
    a.send({ type: 'SEND', bid: bid('0.1') });
    await flush();
    a.send({ type: 'SEND', bid: bid('0.2') });
    a.send({ type: 'SEND', bid: bid('0.3') });
    sent[0]!.d.resolve(ok({}));
    await flush();
    expect(sent.map((s) => s.bid.risk)).toEqual(['0.1', '0.3']);
    expect(joined).toEqual([]);
    sent[1]!.d.resolve(ok({}));
    await flush();
    expect(joined).toEqual([bid('0.3')]);
    expect(a.getSnapshot().value).toBe('joined');
  });

  it('CLEAR drops a refusal when the player turns to another eidol', async () => {
    const a = start();
    a.send({ type: 'SEND', bid: bid('0.9') });
    await flush();
    sent[0]!.d.resolve(failed('Locked for Aeon Computing'));
    await flush();
    a.send({ type: 'CLEAR' });
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.error).toBe('');
  });
});
