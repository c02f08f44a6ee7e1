/**
 * Two nodes on one PostgreSQL database: a player's socket on node B hears what node A sends (per-player
 * `seq` consecutive, the same order everywhere), is ended when A disconnects the player or the player logs
 * out through A, receives a payload larger than a NOTIFY can carry, and comes back after the bus
 * connection dies. PostgreSQL only: on SQLite there is one process and the bus is in-process.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUS_APPLICATION_NAME } from '../../src/server/realtime/postgresBus';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';
import { openSocket, settle, type TestSocket, type TransportName } from '../support/sockets';

const pgAdminUrl = inject('pgAdminUrl');

describe.runIf(pgAdminUrl)('the realtime bus across two nodes on postgres', () => {
  let a: TestServer;
  let b: TestServer;
  const open: TestSocket[] = [];
  // Every message of the stream on both transports: /ws/ coalescing (coalesce.ts, tested on its own) off here.
  const limits = { realtimeLimits: { handshakeBurst: 10_000, socketsPerAddress: 1_000, coalesceMs: 0 } };
  beforeAll(async () => {
    a = await startTestServer('postgres', pgAdminUrl, limits);
    b = await startTestServer('postgres', pgAdminUrl, limits, {}, { beside: a });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  let n = 0;
  /** A player registered through node A, with a socket subscribed on `node`. */
  async function subscribed(transport: TransportName, node: TestServer) {
    const player = await registerPlayer(a, `bus${n++}`);
    const socket = await subscribe(transport, node, player);
    return { ...player, socket };
  }
  async function subscribe(transport: TransportName, node: TestServer, player: Awaited<ReturnType<typeof registerPlayer>>) {
    const socket = await openSocket(transport, node.url, { cookie: player.client.cookieHeader() });
    open.push(socket);
    socket.send({ method: 'sync', x: Math.random(), token: player.user.ws_auth_token });
    expect(await socket.next('subscribe')).toMatchObject({ success: true });
    return socket;
  }
  const ended = (s: TestSocket) => Promise.race([s.ended, settle(3000).then(() => 'still open')]);

  describe.each(['socket.io', 'ws'] as const)('over %s', (transport) => {
    it('delivers sends and broadcasts from node A to a socket on node B, seq consecutive and in send order', async () => {
      const { user, socket: onB, client } = await subscribed(transport, b);
      const onA = await subscribe(transport, a, { client, user, form: {} });
      const count = 200;
      for (let i = 1; i <= count; i++) {
        a.realtime.sendToUser(user.id, 'item_arrived', { i });
        if (i % 50 === 0) a.realtime.broadcast('yell', { after: i });
      }
      for (const socket of [onB, onA]) {
        await socket.next('item_arrived', count);
        await socket.next('yell', count / 50);
        const pushed = socket.received.filter((m) => m.event !== 'subscribe');
        // The same order on both nodes: each broadcast right after the send it followed.
        expect(pushed.map((m) => (m.event === 'item_arrived' ? m.i : `b${String(m.after)}`))).toEqual(
          Array.from({ length: count }, (_, k) => ((k + 1) % 50 === 0 ? [k + 1, `b${k + 1}`] : [k + 1])).flat(),
        );
        const seqs = pushed.filter((m) => m.event === 'item_arrived').map((m) => m.seq);
        expect(seqs).toEqual(Array.from({ length: count }, (_, k) => k + 1));
        expect(pushed.filter((m) => m.event === 'yell').every((m) => m.seq === undefined)).toBe(true);
      }
      // One message, one nonce, on every node.
      const nonces = (s: TestSocket) => s.received.filter((m) => m.event === 'item_arrived').map((m) => m._nonce);
      expect(nonces(onB)).toEqual(nonces(onA));
    });

    it('a payload larger than a NOTIFY can carry arrives whole, in its place', async () => {
      const { user, socket } = await subscribed(transport, b);
      // Multi-byte characters across chunk edges; well past PostgreSQL's 8000-byte payload limit.
      const big = 'Ω€😀 eidol '.repeat(3000);
      a.realtime.sendToUser(user.id, 'item_arrived', { k: 1 });
      a.realtime.sendToUser(user.id, 'item_arrived', { k: 2, big });
      a.realtime.sendToUser(user.id, 'item_arrived', { k: 3 });
      const third = await socket.next('item_arrived', 3);
      const got = socket.received.filter((m) => m.event === 'item_arrived');
      expect(got.map((m) => [m.k, m.seq])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      expect(got[1]!.big).toBe(big);
      expect(third.seq).toBe(3);
    });

    it("disconnectUser on node A ends the player's socket on node B (uncleanly: the client comes back)", async () => {
      const { user, socket } = await subscribed(transport, b);
      const other = await subscribed(transport, b);
      a.realtime.disconnectUser(user.id);
      expect(await ended(socket)).toMatchObject({ clean: false });
      await settle(100);
      expect(other.socket.isEnded()).toBe(false);
    });

    it("a logout through node A ends that session's socket on node B", async () => {
      const { client, socket } = await subscribed(transport, b);
      const other = await subscribed(transport, b);
      expect((await client.post('/api/auth/logout')).status).toBe(200);
      expect(await ended(socket)).toMatchObject({ clean: false });
      await settle(100);
      expect(other.socket.isEnded()).toBe(false);
    });
  });

  it('a node that closes ends its bus connection, and what it sent just before still goes out', async () => {
    const busConnections = async () => {
      const admin = new pg.Client({ connectionString: a.testDb.location });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
          [BUS_APPLICATION_NAME],
        );
        return rows[0]!.n;
      } finally {
        await admin.end();
      }
    };
    const c = await startTestServer('postgres', pgAdminUrl, limits, {}, { beside: a });
    const player = await subscribed('ws', b);
    expect(await busConnections()).toBe(3);
    c.realtime.sendToUser(player.user.id, 'item_arrived', { from: 'closing node' });
    await c.close();
    expect(await player.socket.next('item_arrived')).toMatchObject({ from: 'closing node', seq: 1 });
    await expect.poll(busConnections, { timeout: 3000, interval: 50 }).toBe(2);
  });

  it('after its bus connection dies a node ends its sockets (their clients resync) and hears the bus again', async () => {
    const player = await subscribed('ws', b);
    const admin = new pg.Client({ connectionString: b.testDb.location });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and datname = current_database()',
        [BUS_APPLICATION_NAME],
      );
      expect(rows.length).toBe(2); // one listening connection per node
    } finally {
      await admin.end();
    }
    expect(await ended(player.socket)).toMatchObject({ clean: false });
    // The client comes back and resubscribes; node A's sends reach it through the reopened connections.
    const again = await subscribe('ws', b, player);
    await expect
      .poll(
        async () => {
          a.realtime.broadcast('yell', { probe: true });
          await settle(50);
          return again.received.some((m) => m.event === 'yell');
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe(true);
    a.realtime.sendToUser(player.user.id, 'item_arrived', { after: 'reconnect' });
    expect(await again.next('item_arrived')).toMatchObject({ after: 'reconnect', seq: 1 });
  });
});
