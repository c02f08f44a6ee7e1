/**
 * One gateway, two transports: the same protocol over Socket.IO and over the original product's plain
 * WebSocket at /ws/ — subscribe at `sync` time with token + the handshake's session cookie, per-player
 * sequence numbers, and sockets ended uncleanly (ws: no close frame) when their session ends or expires,
 * so clients of the original product come back and resync.
 */
import { io as connectSio } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/api/socket';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, registration, startTestServer, type TestServer } from '../support/server';
import { openSocket, settle, type TestSocket, type TransportName } from '../support/sockets';

describe.each(dialectsFor(inject('pgAdminUrl')))('realtime transports on %s', (dialect) => {
  let s: TestServer;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'), { realtimeLimits: { handshakeBurst: 10_000 } });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await s?.close();
  });

  let n = 0;
  async function socket(transport: TransportName, cookie?: string) {
    const t = await openSocket(transport, s.url, { cookie });
    open.push(t);
    return t;
  }
  async function subscribed(transport: TransportName) {
    const player = await registerPlayer(s, `tr${n++}`);
    const t = await socket(transport, player.client.cookieHeader());
    t.send({ method: 'sync', x: Math.random(), token: player.user.ws_auth_token });
    expect(await t.next('subscribe')).toMatchObject({ success: true });
    return { ...player, socket: t };
  }

  describe.each(['socket.io', 'ws'] as const)('over %s', (transport) => {
    it('numbers each message to a player, and the subscribe answer says where the sequence stands', async () => {
      const { user, client, socket: first } = await subscribed(transport);
      expect(first.received[0]).toMatchObject({ event: 'subscribe', success: true, seq: 0 });
      s.realtime.sendToUser(user.id, 'item_arrived', { id: 1 });
      s.realtime.sendToUser(user.id, 'transaction_update', { status: 'pending', id: 9 });
      if (transport === 'ws') {
        // The original's client gets one frame for both (coalesce.ts): the transaction folded into the item.
        expect(await first.next('item_arrived')).toMatchObject({ seq: 1, id: 1, transaction: { status: 'pending', id: 9 } });
        expect(first.received.some((m) => m.event === 'transaction_update')).toBe(false);
      } else {
        expect(await first.next('transaction_update')).toMatchObject({ seq: 2, status: 'pending', id: 9 });
        expect(await first.next('item_arrived')).toMatchObject({ seq: 1, id: 1 });
      }

      // A second tab joins mid-stream: told seq 2, then both get 3 (the same message, one nonce).
      const second = await socket(transport, client.cookieHeader());
      second.send({ method: 'sync', token: user.ws_auth_token });
      expect(await second.next('subscribe')).toMatchObject({ success: true, seq: 2 });
      s.realtime.sendToUser(user.id, 'forumlike', { id: user.id, id_from: 7, name_from: 'someone' });
      const [a, b] = await Promise.all([first.next('forumlike'), second.next('forumlike')]);
      expect(a).toMatchObject({ seq: 3, id_from: 7, name_from: 'someone' });
      expect(b._nonce).toBe(a._nonce);

      // Broadcasts are not sequenced and do not move the player's sequence.
      s.realtime.broadcast('yell');
      expect((await first.next('yell')).seq).toBeUndefined();
      s.realtime.sendToUser(user.id, 'game_ended', { game_id: 1, threshold: '0.5', hash: 'ab'.repeat(32), next_game_id: 2 });
      expect(await first.next('game_ended')).toMatchObject({ seq: 4 });
      first.send({ method: 'ack', nonce: a._nonce });
      await settle();
      expect(first.isEnded()).toBe(false);
    });

    it('refuses a token without a live session of its player, and delivers nothing to that socket', async () => {
      const { user } = await subscribed(transport);
      const other = await registerPlayer(s, `tr${n++}`);
      const bare = await socket(transport);
      bare.send({ method: 'sync', token: user.ws_auth_token });
      const wrong = await socket(transport, other.client.cookieHeader());
      wrong.send({ method: 'sync', token: user.ws_auth_token });
      expect(await bare.next('subscribe')).toMatchObject({ success: false });
      expect(await wrong.next('subscribe')).toMatchObject({ success: false });
      expect((await wrong.next('subscribe')).seq).toBeUndefined();
      s.realtime.sendToUser(user.id, 'item_arrived');
      await settle();
      expect([...bare.received, ...wrong.received].some((m) => m.event === 'item_arrived')).toBe(false);
    });

    it('a socket opened before login is refused at sync, then ended uncleanly so it returns with the new cookie', async () => {
      const client = s.client();
      await client.csrf();
      const early = await socket(transport, client.cookieHeader() || undefined);
      const form = registration(`tr${n++}`);
      const res = await client.post('/api/auth/register', form);
      expect(res.status).toBe(200);
      early.send({ method: 'sync', x: 1, token: res.body.data.ws_auth_token });
      expect(await early.next('subscribe')).toMatchObject({ success: false });
      s.clock.advance(2_000);
      expect((await early.ended).clean).toBe(false);

      const again = await socket(transport, client.cookieHeader());
      again.send({ method: 'sync', x: 2, token: res.body.data.ws_auth_token });
      expect(await again.next('subscribe')).toMatchObject({ success: true });
    });

    it('ends the sockets of a session at logout without a close frame', async () => {
      const { client, socket: live } = await subscribed(transport);
      await client.post('/api/auth/logout');
      const ended = await live.ended;
      expect(ended.clean).toBe(false);
      if (transport === 'ws') expect(ended.code).toBe(1006);
      else expect(ended.reason).toBe('io server disconnect');
    });

    it('drops a socket that does not subscribe within 30 s, uncleanly', async () => {
      const silent = await socket(transport);
      // The original client, logged out, may sync with no token: refused, and left to the same deadline.
      const loggedOut = await socket(transport);
      loggedOut.send({ method: 'sync', x: 5, token: null });
      expect(await loggedOut.next('subscribe')).toMatchObject({ success: false });
      // Refused with a live session behind its cookie: reconnecting would not help, so it gets the full 30 s.
      const other = await registerPlayer(s, `tr${n++}`);
      const refused = await socket(transport, other.client.cookieHeader());
      refused.send({ method: 'sync', token: 'nope' });
      await refused.next('subscribe');
      s.clock.advance(29_000);
      await settle();
      expect(silent.isEnded()).toBe(false);
      expect(loggedOut.isEnded()).toBe(false);
      expect(refused.isEnded()).toBe(false);
      const { socket: good } = await subscribed(transport);
      s.clock.advance(1_001);
      expect((await silent.ended).clean).toBe(false);
      expect((await refused.ended).clean).toBe(false);
      expect((await loggedOut.ended).clean).toBe(false);
      await settle();
      expect(good.isEnded()).toBe(false);
    });
  });

  it("over socket.io, the product client's way in: long-polling, then the upgrade to WebSocket, events on both", async () => {
    const player = await registerPlayer(s, `tr${n++}`);
    // Default transports, as the product's client connects: polling first, then the upgrade.
    const sio = connectSio(s.url, { reconnection: false, forceNew: true, extraHeaders: { cookie: player.client.cookieHeader() } });
    const received: ServerMessage[] = [];
    sio.on('message', (m: ServerMessage) => received.push(m));
    const seen = (event: string) => expect.poll(() => received.filter((m) => m.event === event).length, { timeout: 3000, interval: 10 });
    try {
      await new Promise<void>((resolve, reject) => {
        sio.once('connect', resolve);
        sio.once('connect_error', reject);
      });
      sio.send({ method: 'sync', x: 1, token: player.user.ws_auth_token });
      await seen('subscribe').toBe(1);
      expect(received[0]).toMatchObject({ success: true });
      s.realtime.sendToUser(player.user.id, 'item_arrived', { id: 1 });
      await seen('item_arrived').toBe(1);
      await expect.poll(() => sio.io.engine.transport.name, { timeout: 5000, interval: 20 }).toBe('websocket');
      s.realtime.sendToUser(player.user.id, 'item_arrived', { id: 2 });
      await seen('item_arrived').toBe(2);

      // A binary packet (the product's client never sends one) is reassembled and, not being the protocol,
      // dropped; the socket stays, and text packets after it are read as before.
      sio.emit('message', Buffer.from([1, 2, 3]));
      sio.send({ method: 'sync', x: 2, token: player.user.ws_auth_token });
      await seen('subscribe').toBe(2);
      expect(received.filter((m) => m.event === 'subscribe')[1]).toMatchObject({ success: true });
      expect(sio.connected).toBe(true);
    } finally {
      sio.close();
    }
  });
});

/** Compile-time checks of the typed `sendToUser` (never run: a wrong payload must not compile). */
export function typedSendToUserExamples(s: TestServer): void {
  s.realtime.sendToUser(1, 'game_ended', { game_id: 1, threshold: '0.5', hash: 'ab'.repeat(32), next_game_id: 2 });
  s.realtime.sendToUser(1, 'transaction_update', { status: 'success', id: 3 });
  // @ts-expect-error a transaction status outside new/pending/success/fail
  s.realtime.sendToUser(1, 'transaction_update', { status: 'done' });
  // @ts-expect-error forumlike needs id, id_from and name_from
  s.realtime.sendToUser(1, 'forumlike', { id: 1 });
  // @ts-expect-error `subscribe` is the answer to sync, never pushed
  s.realtime.sendToUser(1, 'subscribe', { success: true });
  // @ts-expect-error not an event of the protocol
  s.realtime.broadcast('forumdance');
}
