/**
 * A socket is cut when its session expires, not only at logout: the gateway knows each socket's session
 * expiry, rechecks the session when that time comes (requests may have slid it forward), and ends the
 * socket uncleanly (ws: no close frame) once it has passed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { manualClock, type Clock, type ManualClock } from '../../src/server/clock';
import { SESSION_TTL_MS } from '../../src/server/domain/auth/sessions';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';
import { openSocket, settle, type TestSocket } from '../support/sockets';

describe.each(dialectsFor(inject('pgAdminUrl')))('socket session expiry on %s', (dialect) => {
  let s: TestServer;
  let clock: ManualClock;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    clock = manualClock(Date.now());
    // Periodic upkeep (a ledger sweep every minute) would run 20,000 times over two weeks of fake time;
    // it is not under test here, so this clock's intervals never fire. One-shot timers are the real thing.
    const quiet: Clock = { now: clock.now, setTimeout: clock.setTimeout, setInterval: () => ({ cancel() {} }) };
    s = await startTestServer(dialect, inject('pgAdminUrl'), { clock: quiet });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await s?.close();
  });

  let n = 0;
  it.each(['socket.io', 'ws'] as const)(
    'over %s: ends the socket at expiry, keeps one whose session requests slid forward',
    async (transport) => {
      const sub = async () => {
        const player = await registerPlayer(s, `ex${transport === 'ws' ? 'w' : 's'}${n++}`);
        const socket = await openSocket(transport, s.url, { cookie: player.client.cookieHeader() });
        open.push(socket);
        socket.send({ method: 'sync', token: player.user.ws_auth_token });
        expect(await socket.next('subscribe')).toMatchObject({ success: true });
        return { ...player, socket };
      };
      const idle = await sub();
      const busy = await sub();
      clock.advance(SESSION_TTL_MS * 0.75);
      // A request in the second half of the lifetime slides the busy session to 1.75 TTL from the start.
      expect((await busy.client.get('/api/auth/status')).status).toBe(200);
      clock.advance(SESSION_TTL_MS * 0.25 - 1_000);
      await settle();
      expect(idle.socket.isEnded()).toBe(false);
      clock.advance(1_001);
      const ended = await idle.socket.ended;
      expect(ended.clean).toBe(false);
      if (transport === 'ws') expect(ended.code).toBe(1006);
      await settle();
      expect(busy.socket.isEnded()).toBe(false);
      clock.advance(SESSION_TTL_MS * 0.75);
      expect((await busy.socket.ended).clean).toBe(false);
      expect((await busy.client.get('/api/auth/status')).status).toBe(401);
    },
  );
});
