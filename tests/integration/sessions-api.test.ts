/** A player's own sessions: list, end (owner only), the absolute lifetime, sockets told when one ends. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { ServerMessage } from '../../src/shared/api/socket';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_TOUCH_MS } from '../../src/server/domain/auth/sessions';
import { sha256Hex } from '../../src/server/domain/auth/secrets';
import { dialectsFor } from '../support/testDb';
import { countRows, registerPlayer, startTestServer, type TestClient, type TestServer } from '../support/server';

const PHONE = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(dialectsFor(inject('pgAdminUrl')))('session list on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  /** Logs `n`'s player in from a new client with `ua`. */
  async function loginFrom(n: string, ua: string) {
    const c = s.client();
    const res = await c.post(
      '/api/auth/login',
      { username: `player${n}@example.com`, password: 'sesame-otter-7' },
      { headers: { 'user-agent': ua } },
    );
    expect(res.status).toBe(200);
    return c;
  }

  it('lists the player\'s sessions with device, IP, times and "this device"; ids reveal nothing', async () => {
    await registerPlayer(s, 'list1');
    await registerPlayer(s, 'list1other');
    const phone = await loginFrom('list1', PHONE);
    const desktop = await loginFrom('list1', DESKTOP);
    const res = await phone.get('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = res.body.data as { id: string; device: string; ip: string; current: boolean; created_at: string; last_seen_at: string }[];
    // The registration's own session, the phone and the desktop; none of the other player's.
    expect(list).toHaveLength(3);
    const mine = list.find((x) => x.current)!;
    expect(mine.device).toBe('Chrome on Android');
    expect(list.filter((x) => x.current)).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
    expect(list.map((x) => x.device)).toContain('Firefox on Windows');
    expect(mine.ip).toBe('127.0.0.1');
    expect(new Date(mine.created_at).getTime()).toBe(s.clock.now());
    // The public id is neither the cookie nor its stored hash.
    const cookie = phone.cookies.get('aeon_session')!;
    for (const x of list) expect([cookie, sha256Hex(cookie)]).not.toContain(x.id);
    expect(JSON.stringify(res.body)).not.toContain(sha256Hex(cookie));
    const other = (await desktop.get('/api/auth/sessions')).body.data as { current: boolean; device: string }[];
    expect(other.find((x) => x.current)!.device).toBe('Firefox on Windows');
  });

  it("ends another of the player's sessions (DELETE and POST …/end): its cookie stops working and its sockets are told", async () => {
    await registerPlayer(s, 'end1');
    const phone = await loginFrom('end1', PHONE);
    const desktop = await loginFrom('end1', DESKTOP);
    const ended: string[][] = [];
    const listener = (keys: string[]) => void ended.push(keys);
    s.ctx.sessionsEnded.add(listener);
    try {
      const list = (await phone.get('/api/auth/sessions')).body.data as { id: string; device: string }[];
      const target = list.find((x) => x.device === 'Firefox on Windows')!;
      const res = await phone.request('DELETE', `/api/auth/sessions/${target.id}`);
      expect(res.status).toBe(200);
      expect(ended).toEqual([[sha256Hex(desktop.cookies.get('aeon_session')!)]]);
      expect((await desktop.get('/api/auth/status')).status).toBe(401);
      expect((await phone.get('/api/auth/status')).status).toBe(200);
      // Ending it again: gone.
      expect((await phone.request('DELETE', `/api/auth/sessions/${target.id}`)).status).toBe(404);

      const known = new Set(((await phone.get('/api/auth/sessions')).body.data as { id: string }[]).map((x) => x.id));
      const third = await loginFrom('end1', DESKTOP);
      const again = (await phone.get('/api/auth/sessions')).body.data as { id: string }[];
      const thirdId = again.find((x) => !known.has(x.id))!.id;
      const viaPost = await phone.post(`/api/auth/sessions/${thirdId}/end`);
      expect(viaPost.status).toBe(200);
      expect((await third.get('/api/auth/status')).status).toBe(401);
      expect((await phone.get('/api/auth/status')).status).toBe(200);
    } finally {
      s.ctx.sessionsEnded.delete(listener);
    }
  });

  it("disconnects the sockets of an ended session, not those of the player's other sessions", async () => {
    const { user } = await registerPlayer(s, 'sock1');
    const phone = await loginFrom('sock1', PHONE);
    const desktop = await loginFrom('sock1', DESKTOP);
    const subscribe = async (client: TestClient) => {
      const socket = connect(s.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: client.cookieHeader() } });
      const received: ServerMessage[] = [];
      socket.on('message', (m: ServerMessage) => received.push(m));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.send({ method: 'sync', token: user.ws_auth_token });
      await expect.poll(() => received.find((m) => m.event === 'subscribe')?.success, { timeout: 3000 }).toBe(true);
      return socket;
    };
    const phoneSocket = await subscribe(phone);
    const desktopSocket = await subscribe(desktop);
    try {
      const list = (await phone.get('/api/auth/sessions')).body.data as { id: string; device: string }[];
      const target = list.find((x) => x.device === 'Firefox on Windows')!;
      expect((await phone.request('DELETE', `/api/auth/sessions/${target.id}`)).status).toBe(200);
      await expect.poll(() => desktopSocket.connected, { timeout: 3000 }).toBe(false);
      expect(phoneSocket.connected).toBe(true);
    } finally {
      phoneSocket.close();
      desktopSocket.close();
    }
  });

  it("ends this device's own session: cookies become a guest's", async () => {
    await registerPlayer(s, 'self1');
    const phone = await loginFrom('self1', PHONE);
    const me = ((await phone.get('/api/auth/sessions')).body.data as { id: string; current: boolean }[]).find((x) => x.current)!;
    const res = await phone.request('DELETE', `/api/auth/sessions/${me.id}`);
    expect(res.status).toBe(200);
    expect(phone.cookies.has('aeon_session')).toBe(false);
    expect(phone.cookies.has('aeon_guest')).toBe(true);
    expect((await phone.get('/api/auth/status')).status).toBe(401);
  });

  it("answers 404 for another player's session and leaves it alive; 401 for guests", async () => {
    await registerPlayer(s, 'own1');
    await registerPlayer(s, 'own2');
    const victim = await loginFrom('own1', PHONE);
    const attacker = await loginFrom('own2', DESKTOP);
    const victimId = ((await victim.get('/api/auth/sessions')).body.data as { id: string; current: boolean }[]).find((x) => x.current)!.id;
    const before = await countRows(s, 'sessions');
    const del = await attacker.request('DELETE', `/api/auth/sessions/${victimId}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ success: false, message: 'Session not found.' });
    expect((await attacker.post(`/api/auth/sessions/${victimId}/end`)).status).toBe(404);
    // Ids that cannot be one (a NUL byte PostgreSQL would refuse, overlong, odd) are the same 404.
    for (const odd of ['%00', `${victimId}%00`, 'x'.repeat(150), 'x'.repeat(2000), '%C3%A9t%C3%A9']) {
      const res = await attacker.request('DELETE', `/api/auth/sessions/${odd}`);
      expect([odd, res.status, res.body]).toEqual([odd, 404, del.body]);
    }
    expect(await countRows(s, 'sessions')).toBe(before);
    expect((await victim.get('/api/auth/status')).status).toBe(200);
    const guest = s.client();
    await guest.csrf();
    expect((await guest.get('/api/auth/sessions')).status).toBe(401);
    expect((await guest.request('DELETE', `/api/auth/sessions/${victimId}`)).status).toBe(401);
    expect((await victim.get('/api/auth/status')).status).toBe(200);
  });

  it('ends a session at its absolute lifetime however active it was; the sweep removes it', async () => {
    const { client, user } = await registerPlayer(s, 'abs1');
    const key = sha256Hex(client.cookies.get('aeon_session')!);
    // Active all along: seen a moment ago, sliding expiry far ahead, but logged in 30 days ago.
    const now = s.clock.now();
    await s.testDb.db.kysely
      .updateTable('sessions')
      .set({ created_at: now - SESSION_ABSOLUTE_TTL_MS, last_seen_at: now - 1000, expires_at: now + 10 * SESSION_TOUCH_MS })
      .where('id', '=', key)
      .execute();
    expect((await client.get('/api/auth/status')).status).toBe(401);
    await s.upkeep();
    const rows = await s.testDb.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('writes "last seen" at most every few minutes: plain reads stay reads', async () => {
    const { client } = await registerPlayer(s, 'touch1');
    const key = sha256Hex(client.cookies.get('aeon_session')!);
    const seen = async () =>
      Number(
        (await s.testDb.db.kysely.selectFrom('sessions').select('last_seen_at').where('id', '=', key).executeTakeFirstOrThrow())
          .last_seen_at,
      );
    const first = await seen();
    s.clock.advance(1000);
    await client.get('/api/auth/status');
    expect(await seen()).toBe(first);
    s.clock.advance(SESSION_TOUCH_MS);
    await client.get('/api/auth/status');
    expect(await seen()).toBe(s.clock.now());
  });
});
