/**
 * The client's live socket (transport + machine, wired through liveSocket and $session) in Node against
 * the real server: subscribe with the real ws_auth_token, receive + ack a pushed event, drop a duplicate
 * nonce, reconnect and resubscribe after the server drops the socket, stop at logout; WebSocket first, and
 * long-polling behind a proxy that lets no WebSocket through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, afterAll, describe, expect, inject, it } from 'vitest';
import type { ClientMessage, ServerMessage } from '../../src/shared/api/socket';
import { closeLiveSocket, startLiveSocket } from '../../src/client/app/liveSocket';
import { createSocketTransport, type SocketTransport, type TransportListener } from '../../src/client/net/socket';
import { onResync, onServerEvent, type ResyncReason } from '../../src/client/net/serverEvents';
import { setGuest, setUser } from '../../src/client/stores/session';
import { $socketState } from '../../src/client/stores/socketState';
import type { SocketStatus } from '../../src/client/machines/socketMachine';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../support/server';

/** The real transport, recording what the client sends and able to replay a frame it received. */
class RecordingTransport implements SocketTransport {
  readonly sent: ClientMessage[] = [];
  readonly received: unknown[] = [];
  closed = false;
  private listener: TransportListener | undefined;

  constructor(private readonly real: SocketTransport) {}

  connect(listener: TransportListener): void {
    this.listener = listener;
    this.real.connect({ ...listener, message: (data) => this.receive(data) });
  }
  send(message: ClientMessage): void {
    this.sent.push(message);
    this.real.send(message);
  }
  close(): void {
    this.closed = true;
    this.real.close();
  }
  /** Delivers a frame exactly as the socket does; the test calls it again to re-deliver a frame it already got. */
  receive(data: unknown): void {
    this.received.push(data);
    this.listener?.message(data);
  }
}

const POLL = { timeout: 5000, interval: 10 };

describe.each(dialectsFor(inject('pgAdminUrl')))('socket client on %s', (dialect) => {
  let s: TestServer;
  let stop: (() => void) | undefined;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    for (const c of cleanups.splice(0)) c();
    setGuest();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Starts the live socket for `client`'s cookies (its default transports); returns every transport it creates and the state history. */
  function live(client: TestClient, url = s.url) {
    const transports: RecordingTransport[] = [];
    const states: SocketStatus[] = [];
    cleanups.push($socketState.subscribe((v) => void states.push(v)));
    stop = startLiveSocket(() => {
      const t = new RecordingTransport(createSocketTransport({ url, extraHeaders: { cookie: client.cookieHeader() } }));
      transports.push(t);
      return t;
    });
    return { transports, states };
  }

  /** Every message of `event` the bus publishes. */
  function collect(event: 'subscribe' | 'item_arrived' | 'game_ended'): ServerMessage[] {
    const got: ServerMessage[] = [];
    cleanups.push(onServerEvent(event, (m) => void got.push(m)));
    return got;
  }

  it('subscribes, acks a pushed event, drops its duplicate, and resubscribes after the server drops the socket', async () => {
    const { client, user } = await registerPlayer(s, `sc1${dialect}`);
    const subscribes = collect('subscribe');
    const items = collect('item_arrived');
    const resyncs: ResyncReason[] = [];
    cleanups.push(onResync((reason) => void resyncs.push(reason)));
    const { transports, states } = live(client);
    expect($socketState.get()).toBe('stopped');

    setUser(user);
    await expect.poll(() => $socketState.get(), POLL).toBe('subscribed');
    const first = transports[0]!;
    expect(first.sent[0]).toEqual({ method: 'sync', token: user.ws_auth_token });
    expect(subscribes).toHaveLength(1);
    expect(subscribes[0]).toMatchObject({ event: 'subscribe', success: true });
    expect(first.sent).toContainEqual({ method: 'ack', nonce: subscribes[0]!._nonce });
    expect(resyncs).toEqual(['subscribed']);

    s.realtime.sendToUser(user.id, 'item_arrived', { id: 6 });
    await expect.poll(() => items.length, POLL).toBe(1);
    const item = items[0]!;
    expect(item).toMatchObject({ event: 'item_arrived', id: 6 });
    expect(first.sent.at(-1)).toEqual({ method: 'ack', nonce: item._nonce });

    // The server gives every message a fresh nonce, so the duplicate is the same frame delivered again.
    const frame = first.received.find((d) => (d as ServerMessage)._nonce === item._nonce);
    first.receive(frame);
    expect(items).toHaveLength(1);
    expect(first.sent.filter((m) => m.method === 'ack' && m.nonce === item._nonce)).toHaveLength(2);

    s.realtime.disconnectUser(user.id);
    await expect.poll(() => transports.length, POLL).toBe(2);
    await expect.poll(() => $socketState.get(), POLL).toBe('subscribed');
    expect(first.closed).toBe(true);
    expect(states).toEqual(['stopped', 'connecting', 'ready', 'subscribed', 'reconnecting', 'connecting', 'ready', 'subscribed']);
    const second = transports[1]!;
    expect(second.sent[0]).toEqual({ method: 'sync', token: user.ws_auth_token });
    expect(subscribes).toHaveLength(2);
    // Features refetch after the resubscription: events sent while the socket was down are not lost to them.
    expect(resyncs).toEqual(['subscribed', 'subscribed']);

    s.realtime.sendToUser(user.id, 'item_arrived', { id: 7 });
    await expect.poll(() => items.length, POLL).toBe(2);
    expect(items[1]).toMatchObject({ id: 7 });
    expect(second.sent.at(-1)).toEqual({ method: 'ack', nonce: items[1]!._nonce });
    expect(items.map((m) => m.seq)).toEqual([1, 1]);
    expect(resyncs).toHaveLength(2);
  });

  it('subscribes over long-polling behind a proxy that refuses WebSocket upgrades', async () => {
    const { client, user } = await registerPlayer(s, `sc4${dialect}`);
    const target = new URL(s.url);
    let refused = 0;
    const proxy = http.createServer((req, res) => {
      const forward = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    proxy.on('upgrade', (_req, socket) => {
      refused++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      proxy.closeAllConnections();
      proxy.close();
    });
    const subscribes = collect('subscribe');
    const { transports } = live(client, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    setUser(user);
    await expect.poll(() => $socketState.get(), POLL).toBe('subscribed');
    expect(refused).toBeGreaterThan(0);
    expect(transports).toHaveLength(1);
    expect(subscribes[0]).toMatchObject({ event: 'subscribe', success: true });
    const items = collect('item_arrived');
    s.realtime.sendToUser(user.id, 'item_arrived', { id: 8 });
    await expect.poll(() => items.length, POLL).toBe(1);
  });

  it('stops in unauthorised on a refused token without retrying', async () => {
    const { client, user } = await registerPlayer(s, `sc2${dialect}`);
    const { transports } = live(client);
    setUser({ ...user, ws_auth_token: 'not-a-token' });
    await expect.poll(() => $socketState.get(), POLL).toBe('unauthorised');
    await new Promise((r) => setTimeout(r, 1000));
    expect(transports).toHaveLength(1);
    expect(transports[0]!.closed).toBe(true);

    // A fresh token (as after logging in again) subscribes.
    setUser(user);
    await expect.poll(() => $socketState.get(), POLL).toBe('subscribed');
  });

  it('closes cleanly at logout and does not reconnect when the server drops the ended session', async () => {
    const { client, user } = await registerPlayer(s, `sc3${dialect}`);
    const { transports } = live(client);
    setUser(user);
    await expect.poll(() => $socketState.get(), POLL).toBe('subscribed');
    closeLiveSocket();
    expect($socketState.get()).toBe('stopped');
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    setGuest();
    await new Promise((r) => setTimeout(r, 1000));
    expect(transports).toHaveLength(1);
    expect($socketState.get()).toBe('stopped');
  });
});
