/**
 * The live socket machine against a fake transport (its injected boundary): subscribe, ack + dedupe,
 * the outbox, reconnect after 300 ms, refusal without retries, and clean stops.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ClientMessage, ServerMessage } from '../../../../src/shared/api/socket';
import { OUTBOX_LIMIT, RECONNECT_MS, socketMachine, socketStatus } from '../../../../src/client/machines/socketMachine';
import type { SocketTransport, TransportListener } from '../../../../src/client/net/socket';

/** A transport the test drives: it records what the machine sends and when it closes. */
class FakeTransport implements SocketTransport {
  listener: TransportListener | undefined;
  readonly log: string[] = [];
  readonly sent: ClientMessage[] = [];
  closed = false;

  connect(listener: TransportListener): void {
    this.listener = listener;
  }
  send(message: ClientMessage): void {
    if (this.closed) throw new Error('send after close');
    this.sent.push(message);
    this.log.push(message.method === 'sync' ? `sync ${message.token}` : `ack ${message.nonce}`);
  }
  close(): void {
    this.closed = true;
    this.log.push('close');
  }
  /** The server accepted the connection. */
  accept(): void {
    this.listener!.open();
  }
  /** A server message arrives. */
  deliver(message: unknown): void {
    this.listener!.message(message);
  }
  /** The connection is lost (or never opened). */
  drop(clean = false): void {
    this.listener!.closed(clean, clean ? 'io client disconnect' : 'transport close');
  }
}

const msg = (event: string, nonce: string, fields: Record<string, unknown> = {}): ServerMessage => ({ ...fields, event, _nonce: nonce });

describe('socketMachine', () => {
  let transports: FakeTransport[];
  let published: ServerMessage[];

  beforeEach(() => {
    vi.useFakeTimers();
    transports = [];
    published = [];
  });
  afterEach(() => vi.useRealTimers());

  function start(token = 'tok') {
    const actor = createActor(socketMachine, {
      input: {
        createTransport: () => {
          const t = new FakeTransport();
          transports.push(t);
          return t;
        },
        // Fake timers also fake Date.now, so the nonce window follows the test's clock.
        now: () => Date.now(),
      },
    });
    actor.on('server', ({ message }) => published.push(message));
    actor.start();
    actor.send({ type: 'START', token });
    return actor;
  }
  const status = (actor: ReturnType<typeof start>) => socketStatus(actor.getSnapshot());
  const last = () => transports.at(-1)!;

  /** Starts and completes the handshake. */
  function subscribed(token = 'tok') {
    const actor = start(token);
    last().accept();
    last().deliver(msg('subscribe', 'sub-1', { success: true }));
    expect(status(actor)).toBe('subscribed');
    return actor;
  }

  it('starts stopped and connects lazily on START', () => {
    const actor = createActor(socketMachine, { input: { createTransport: () => new FakeTransport(), now: () => 0 } }).start();
    expect(socketStatus(actor.getSnapshot())).toBe('stopped');
    const started = start();
    expect(status(started)).toBe('connecting');
    expect(transports).toHaveLength(1);
    expect(last().listener).toBeDefined();
  });

  it('sends sync with the token on open, then subscribes on success and acks the answer', () => {
    const actor = start('secret');
    expect(last().sent).toEqual([]);
    last().accept();
    expect(status(actor)).toBe('ready');
    expect(last().sent).toEqual([{ method: 'sync', token: 'secret' }]);
    last().deliver(msg('subscribe', 'n1', { success: true }));
    expect(status(actor)).toBe('subscribed');
    expect(last().sent.at(-1)).toEqual({ method: 'ack', nonce: 'n1' });
    expect(published.map((m) => m.event)).toEqual(['subscribe']);
  });

  it('acks and publishes every fresh message, and drops a nonce seen within 60 s (acking it again)', async () => {
    const actor = subscribed();
    last().deliver(msg('game_ended', 'g1', { game_id: 5 }));
    last().deliver(msg('item_arrived', 'i1', { id: 6 }));
    last().deliver(msg('game_ended', 'g1', { game_id: 5 }));
    expect(published.map((m) => m._nonce)).toEqual(['sub-1', 'g1', 'i1']);
    expect(published[1]).toEqual({ event: 'game_ended', _nonce: 'g1', game_id: 5 });
    expect(last().log.slice(-3)).toEqual(['ack g1', 'ack i1', 'ack g1']);

    await vi.advanceTimersByTimeAsync(59_999);
    last().deliver(msg('item_arrived', 'i1', { id: 6 }));
    expect(published).toHaveLength(3);
    // The duplicate refreshed i1's window; g1 was last seen at 0 and expires at 60 s.
    await vi.advanceTimersByTimeAsync(1);
    last().deliver(msg('game_ended', 'g1', { game_id: 5 }));
    expect(published.map((m) => m._nonce)).toEqual(['sub-1', 'g1', 'i1', 'g1']);
    expect(status(actor)).toBe('subscribed');
  });

  it('ignores malformed messages without acking them', () => {
    subscribed();
    const before = last().sent.length;
    for (const bad of [null, 'text', 42, { event: 'x' }, { _nonce: 'n' }, { event: 1, _nonce: 'n' }]) last().deliver(bad);
    expect(last().sent).toHaveLength(before);
    expect(published).toHaveLength(1);
  });

  it('reconnects 300 ms after an unclean close and subscribes again, keeping the nonce memory', async () => {
    const actor = subscribed();
    last().deliver(msg('game_ended', 'g1'));
    const first = last();
    first.drop();
    expect(status(actor)).toBe('reconnecting');
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MS - 1);
    expect(transports).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(transports).toHaveLength(2);
    expect(status(actor)).toBe('connecting');
    last().accept();
    expect(last().sent).toEqual([{ method: 'sync', token: 'tok' }]);
    last().deliver(msg('subscribe', 'sub-2', { success: true }));
    expect(status(actor)).toBe('subscribed');
    // A message re-sent across the reconnect is still a duplicate.
    last().deliver(msg('game_ended', 'g1'));
    expect(published.map((m) => m._nonce)).toEqual(['sub-1', 'g1', 'sub-2']);
    expect(last().sent.at(-1)).toEqual({ method: 'ack', nonce: 'g1' });
  });

  it('retries a connection that never opens every 300 ms', async () => {
    const actor = start();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(transports).toHaveLength(attempt);
      last().drop();
      expect(status(actor)).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(RECONNECT_MS);
    }
    expect(transports).toHaveLength(4);
    expect(transports.slice(0, 3).every((t) => t.closed)).toBe(true);
  });

  it('queues outbound messages until the socket is open, sync first', async () => {
    const actor = start();
    actor.send({ type: 'SEND', message: { method: 'ack', nonce: 'early' } });
    expect(last().sent).toEqual([]);
    last().accept();
    expect(last().sent).toEqual([
      { method: 'sync', token: 'tok' },
      { method: 'ack', nonce: 'early' },
    ]);
    expect(actor.getSnapshot().context.outbox).toEqual([]);

    // Open: straight out. Reconnecting: queued for the next connection.
    actor.send({ type: 'SEND', message: { method: 'ack', nonce: 'now' } });
    expect(last().sent.at(-1)).toEqual({ method: 'ack', nonce: 'now' });
    last().drop();
    actor.send({ type: 'SEND', message: { method: 'ack', nonce: 'later' } });
    await vi.advanceTimersByTimeAsync(RECONNECT_MS);
    last().accept();
    expect(last().sent).toEqual([
      { method: 'sync', token: 'tok' },
      { method: 'ack', nonce: 'later' },
    ]);
  });

  it('keeps at most OUTBOX_LIMIT queued messages, dropping the oldest', () => {
    const actor = start();
    for (let i = 0; i < OUTBOX_LIMIT + 5; i++) actor.send({ type: 'SEND', message: { method: 'ack', nonce: `q${i}` } });
    const outbox = actor.getSnapshot().context.outbox;
    expect(outbox).toHaveLength(OUTBOX_LIMIT);
    expect(outbox[0]).toEqual({ method: 'ack', nonce: 'q5' });
  });

  it('stops in unauthorised on subscribe success:false: acks, closes, and never retries the same token', async () => {
    const actor = start('stale');
    last().accept();
    last().deliver(msg('subscribe', 'no-1', { success: false }));
    expect(status(actor)).toBe('unauthorised');
    expect(last().log).toEqual(['sync stale', 'ack no-1', 'close']);
    expect(published).toEqual([{ event: 'subscribe', _nonce: 'no-1', success: false }]);
    await vi.advanceTimersByTimeAsync(60_000);
    actor.send({ type: 'START', token: 'stale' });
    expect(transports).toHaveLength(1);

    actor.send({ type: 'START', token: 'fresh' });
    expect(transports).toHaveLength(2);
    last().accept();
    expect(last().sent).toEqual([{ method: 'sync', token: 'fresh' }]);
  });

  it('STOP closes cleanly and does not reconnect; START resumes', async () => {
    const actor = subscribed();
    actor.send({ type: 'STOP' });
    expect(status(actor)).toBe('stopped');
    expect(last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(transports).toHaveLength(1);
    actor.send({ type: 'START', token: 'tok' });
    expect(transports).toHaveLength(2);
  });

  it('STOP while reconnecting cancels the retry and forgets the outbox', async () => {
    const actor = subscribed();
    last().drop();
    actor.send({ type: 'SEND', message: { method: 'ack', nonce: 'x' } });
    actor.send({ type: 'STOP' });
    await vi.advanceTimersByTimeAsync(RECONNECT_MS * 10);
    expect(transports).toHaveLength(1);
    expect(status(actor)).toBe('stopped');
    expect(actor.getSnapshot().context.outbox).toEqual([]);
  });

  it('a clean close reported by the transport stops without retrying', async () => {
    const actor = subscribed();
    last().drop(true);
    expect(status(actor)).toBe('stopped');
    await vi.advanceTimersByTimeAsync(RECONNECT_MS * 10);
    expect(transports).toHaveLength(1);
  });

  it('restarts with a new token (another user) but ignores the same token', () => {
    const actor = subscribed('alice');
    actor.send({ type: 'START', token: 'alice' });
    expect(transports).toHaveLength(1);
    actor.send({ type: 'START', token: 'bob' });
    expect(transports).toHaveLength(2);
    expect(transports[0]!.closed).toBe(true);
    expect(status(actor)).toBe('connecting');
    last().accept();
    expect(last().sent).toEqual([{ method: 'sync', token: 'bob' }]);
  });

  it('a new token while reconnecting connects at once', () => {
    const actor = subscribed('alice');
    last().drop();
    actor.send({ type: 'START', token: 'bob' });
    expect(status(actor)).toBe('connecting');
    last().accept();
    expect(last().sent).toEqual([{ method: 'sync', token: 'bob' }]);
  });
});
