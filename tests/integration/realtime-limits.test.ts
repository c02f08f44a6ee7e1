/**
 * What one client may cost the socket gateway: live sockets and new connections per address (both
 * transports together), the handshake's Origin, message size, message and `sync` rates with one `sync`
 * in flight, and disconnection of a socket that keeps sending over its limit.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_REALTIME_LIMITS as L } from '../../src/server/realtime/limits';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, TEST_PUBLIC_URL, type TestServer } from '../support/server';
import { openSocket, settle, type OpenOptions, type TestSocket, type TransportName } from '../support/sockets';

const TRANSPORTS = ['socket.io', 'ws'] as const;

describe.each(dialectsFor(inject('pgAdminUrl')))('socket limits on %s', (dialect) => {
  let s: TestServer;
  let lax: TestServer;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
    // Rates lifted, to see the one-`sync`-in-flight rule on its own (the default `syncsInFlight: 1`).
    lax = await startTestServer(dialect, inject('pgAdminUrl'), { realtimeLimits: { syncBurst: 1e6, messageBurst: 1e6, abuseBurst: 1e6 } });
  });
  beforeEach(() => {
    // A minute later every address's connection rate has refilled (sockets of earlier tests are gone).
    s.clock.advance(60_000);
  });
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close();
    await settle(50);
  });
  afterAll(async () => {
    await s?.close();
    await lax?.close();
  });

  async function socket(transport: TransportName, opts: OpenOptions = {}, server = s) {
    const t = await openSocket(transport, server.url, opts);
    open.push(t);
    return t;
  }

  it(`holds at most ${L.socketsPerAddress} live sockets per address across both transports`, async () => {
    for (let i = 0; i < L.socketsPerAddress; i++) await socket(TRANSPORTS[i % 2]!);
    await expect(socket('ws')).rejects.toThrow(/refused: 429/);
    await expect(socket('socket.io')).rejects.toThrow(/refused/);
    open.shift()!.close();
    await settle();
    await socket('ws');
  });

  it(`accepts at most ${L.handshakeBurst} new connections per address at once, then ${L.handshakesPerSecond} a second`, async () => {
    for (let i = 0; i < L.handshakeBurst; i++) (await openSocket(TRANSPORTS[i % 2]!, s.url)).close();
    await expect(socket('ws')).rejects.toThrow(/refused: 429/);
    await expect(socket('socket.io')).rejects.toThrow(/refused/);
    s.clock.advance(1_000);
    await socket('socket.io');
  });

  describe.each(TRANSPORTS)('over %s', (transport) => {
    it('refuses a foreign Origin; accepts the public URL, the Host, and no Origin', async () => {
      await expect(socket(transport, { origin: 'https://evil.example' })).rejects.toThrow(/refused/);
      await expect(socket(transport, { origin: 'null' })).rejects.toThrow(/refused/);
      await socket(transport, { origin: TEST_PUBLIC_URL });
      await socket(transport, { origin: s.url });
      await socket(transport);
    });

    it(`drops a message over ${L.maxMessageBytes} bytes with its socket`, async () => {
      const small = await socket(transport);
      small.send({ method: 'ack', nonce: 'x'.repeat(L.maxMessageBytes / 2) });
      const big = await socket(transport);
      big.send({ method: 'ack', nonce: 'x'.repeat(L.maxMessageBytes * 2) });
      const ended = await big.ended;
      if (transport === 'ws') expect(ended.code).toBe(1009);
      await settle();
      expect(small.isEnded()).toBe(false);
    });

    it(`answers at most ${L.syncBurst} syncs of a burst, however many are sent`, async () => {
      const { client, user } = await registerPlayer(s, `lim${transport === 'ws' ? 'w' : 's'}${dialect}`);
      const t = await socket(transport, { cookie: client.cookieHeader() });
      for (let i = 0; i < 50; i++) t.send({ method: 'sync', token: user.ws_auth_token });
      await t.next('subscribe');
      await settle(300);
      const answers = t.received.filter((m) => m.event === 'subscribe').length;
      expect(answers).toBeGreaterThan(0);
      expect(answers).toBeLessThanOrEqual(L.syncBurst);
    });

    it('handles one sync at a time per socket', async () => {
      const { client, user } = await registerPlayer(lax, `one${transport === 'ws' ? 'w' : 's'}${dialect}`);
      const t = await socket(transport, { cookie: client.cookieHeader() }, lax);
      for (let i = 0; i < 50; i++) t.send({ method: 'sync', token: user.ws_auth_token });
      await t.next('subscribe');
      await settle(300);
      // Without the rule every one of the 50 is answered; with it, the ones sent while one was in flight are dropped.
      expect(t.received.filter((m) => m.event === 'subscribe').length).toBeLessThan(50);
    });

    it('ends a socket that keeps sending over its rate (a policy close: not to be retried)', async () => {
      const { client, user } = await registerPlayer(s, `fl${transport === 'ws' ? 'w' : 's'}${dialect}`);
      const victim = await socket(transport, { cookie: client.cookieHeader() });
      victim.send({ method: 'sync', token: user.ws_auth_token });
      await victim.next('subscribe');
      const flood = await socket(transport);
      for (let i = 0; i < L.messageBurst + L.abuseBurst + 50; i++) flood.send({ method: 'ack', nonce: String(i) });
      const ended = await flood.ended;
      if (transport === 'ws') expect(ended).toMatchObject({ clean: true, code: 1008 });
      else expect(ended.reason).toBe('io server disconnect');
      // Everyone else is untouched.
      s.realtime.sendToUser(user.id, 'item_arrived');
      expect(await victim.next('item_arrived')).toMatchObject({ seq: 1 });
    });
  });
});
