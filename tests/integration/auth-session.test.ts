/** Sessions and Sanctum-style CSRF: cookies, 419s, login/logout, expiry, revocation, the user endpoints. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_TTL_MS } from '../../src/server/domain/auth/sessions';
import { sha256Hex } from '../../src/server/domain/auth/secrets';
import { dialectsFor } from '../support/testDb';
import { countRows, registerPlayer, startTestServer, type TestServer } from '../support/server';

const CSRF_419 = { success: false, message: 'CSRF token mismatch.' };
const UNAUTH = { success: false, message: 'Unauthenticated.' };
const DAY = 24 * 60 * 60 * 1000;

describe.each(dialectsFor(inject('pgAdminUrl')))('sessions and CSRF on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  it('hands out the CSRF cookie: 204, script-readable XSRF-TOKEN, HttpOnly guest nonce, no session', async () => {
    const res = await s.client().csrf();
    expect(res.status).toBe(204);
    const cookies = res.headers.getSetCookie();
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    const session = cookies.find((c) => c.startsWith('aeon_guest='))!;
    expect(cookies.some((c) => c.startsWith('aeon_session='))).toBe(false);
    expect(xsrf).toMatch(/Path=\//);
    expect(xsrf).toMatch(/SameSite=Lax/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
  });

  it("keeps the guest nonce and its token on a second CSRF cookie fetch, and a session's token once logged in", async () => {
    const c = s.client();
    await c.csrf();
    const [nonce, token] = [c.cookies.get('aeon_guest'), c.cookies.get('XSRF-TOKEN')];
    await c.csrf();
    expect([c.cookies.get('aeon_guest'), c.cookies.get('XSRF-TOKEN')]).toEqual([nonce, token]);
    const { client } = await registerPlayer(s, 'keep1');
    const [sid, sessionToken] = [client.cookies.get('aeon_session'), client.cookies.get('XSRF-TOKEN')];
    await client.csrf();
    expect([client.cookies.get('aeon_session'), client.cookies.get('XSRF-TOKEN')]).toEqual([sid, sessionToken]);
  });

  it('refuses state-changing API calls without a matching token with 419', async () => {
    const c = s.client();
    const none = await c.request('POST', '/api/auth/login', { body: { username: 'a@b.cd', password: 'x' }, csrf: false });
    expect(none.status).toBe(419);
    expect(none.body).toEqual(CSRF_419);
    await c.csrf();
    const noHeader = await c.request('POST', '/api/auth/login', { body: { username: 'a@b.cd', password: 'x' }, csrf: false });
    expect(noHeader.status).toBe(419);
    const wrong = await c.request('POST', '/api/auth/logout', { csrf: false, headers: { 'x-xsrf-token': 'wrong' } });
    expect(wrong.body).toEqual(CSRF_419);
    // A token that belongs to another session is refused too.
    const other = s.client();
    await other.csrf();
    const foreign = await c.request('POST', '/api/auth/logout', {
      csrf: false,
      headers: { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! },
    });
    expect(foreign.status).toBe(419);
    const viaCsrfHeader = await c.request('POST', '/api/auth/logout', {
      csrf: false,
      headers: { 'x-csrf-token': c.cookies.get('XSRF-TOKEN')! },
    });
    expect(viaCsrfHeader.status).toBe(200);
    expect((await s.client().request('DELETE', '/api/auth/sessions/x', { csrf: false })).status).toBe(419);
  });

  it('answers the same 422 for an unknown e-mail and a wrong password', async () => {
    await registerPlayer(s, 'login1');
    const wrong = await s.client().post('/api/auth/login', { username: 'playerlogin1@example.com', password: 'wrong1234' });
    const unknown = await s.client().post('/api/auth/login', { username: 'nobody@example.com', password: 'wrong1234' });
    const text = 'These credentials do not match our records.';
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ success: false, message: text, errors: { username: [text] } });
    }
    const empty = await s.client().post('/api/auth/login', { username: '', password: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ username: ['The username field is required.'], password: ['The password field is required.'] });
    const missing = await s.client().post('/api/auth/login', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ username: ['The username field is required.'], password: ['The password field is required.'] });
  });

  it('gives a new session id and CSRF token at login; the old session id is worthless', async () => {
    await registerPlayer(s, 'fix1');
    const c = s.client();
    await c.csrf();
    const before = { sid: c.cookies.get('aeon_session'), xsrf: c.cookies.get('XSRF-TOKEN')! };
    expect(before.sid).toBeUndefined();
    const login = await c.post('/api/auth/login', { username: 'playerfix1@example.com', password: 'sesame-otter-7' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ name: 'player_fix1', balance: '0.00000000', balance_ngls: '0.00000000' });
    expect(c.cookies.get('aeon_session')).toBeDefined();
    expect(c.cookies.get('XSRF-TOKEN')).not.toBe(before.xsrf);
    // Logging in again from the same browser replaces the session: the first id is worthless.
    const first = c.cookies.get('aeon_session')!;
    expect((await c.post('/api/auth/login', { username: 'playerfix1@example.com', password: 'sesame-otter-7' })).status).toBe(200);
    expect(c.cookies.get('aeon_session')).not.toBe(first);
    const stale = s.client();
    stale.cookies.set('aeon_session', first);
    expect((await stale.get('/api/auth/status')).status).toBe(401);
    const status = await c.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.body.data.name).toBe('player_fix1');
  });

  it('logs out: the session row is gone, the old cookie is refused, a fresh CSRF cookie comes along', async () => {
    const { client } = await registerPlayer(s, 'out1');
    const sid = client.cookies.get('aeon_session')!;
    const xsrf = client.cookies.get('XSRF-TOKEN')!;
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(xsrf);
    expect(client.cookies.get('aeon_session')).not.toBe(sid);
    const row = await s.testDb.db.kysely.selectFrom('sessions').select('id').where('id', '=', sha256Hex(sid)).executeTakeFirst();
    expect(row).toBeUndefined();
    const replay = s.client();
    replay.cookies.set('aeon_session', sid);
    expect((await replay.get('/api/auth/status')).body).toEqual(UNAUTH);
    expect((await client.get('/api/auth/status')).status).toBe(401);
    // The new guest session's token works for the next login.
    expect((await client.post('/api/auth/login', { username: 'playerout1@example.com', password: 'sesame-otter-7' })).status).toBe(200);
  });

  it('revokes a session when its row is deleted', async () => {
    const { client, user } = await registerPlayer(s, 'rev1');
    await s.testDb.db.kysely.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect((await client.get('/api/auth/status')).status).toBe(401);
  });

  // These two move the session's own times rather than the clock: advancing the app's clock by weeks
  // fires every periodic upkeep job of those weeks (tens of thousands of sweeps) and times the test out.
  it('expires idle sessions and sweeps their rows', async () => {
    const { client, user } = await registerPlayer(s, 'idle1');
    const key = sha256Hex(client.cookies.get('aeon_session')!);
    const now = s.clock.now();
    await s.testDb.db.kysely
      .updateTable('sessions')
      .set({ created_at: now - SESSION_TTL_MS - 1, last_seen_at: now - SESSION_TTL_MS - 1, expires_at: now - 1 })
      .where('id', '=', key)
      .execute();
    expect((await client.get('/api/auth/status')).status).toBe(401);
    const { sweepExpiredSessions } = await import('../../src/server/domain/auth/sessions');
    expect(await sweepExpiredSessions(s.testDb.db.kysely, s.clock.now())).toBeGreaterThan(0);
    const rows = await s.testDb.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('extends a session that is used', async () => {
    const { client } = await registerPlayer(s, 'slide1');
    const key = sha256Hex(client.cookies.get('aeon_session')!);
    const now = s.clock.now();
    // Logged in a week ago, last used 4 days ago: 10 days of its 14 left; a use now restarts the 14 days.
    await s.testDb.db.kysely
      .updateTable('sessions')
      .set({ created_at: now - 7 * DAY, last_seen_at: now - 4 * DAY, expires_at: now + 10 * DAY })
      .where('id', '=', key)
      .execute();
    expect((await client.get('/api/auth/status')).status).toBe(200);
    const row = await s.testDb.db.kysely.selectFrom('sessions').select('expires_at').where('id', '=', key).executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBe(now + SESSION_TTL_MS);
  });

  it('serves /api/user unwrapped and /api/auth/status wrapped; 401 when logged out', async () => {
    expect((await s.client().get('/api/user')).body).toEqual(UNAUTH);
    expect((await s.client().get('/api/auth/status')).status).toBe(401);
    const { client, user } = await registerPlayer(s, 'me1');
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(user);
    expect((await client.get('/api/auth/status')).body).toEqual({ success: true, data: user });
  });

  it('marks onboarding completed for a logged-in player', async () => {
    const guest = s.client();
    expect((await guest.post('/api/onboarding/completed')).body).toEqual(UNAUTH);
    const { client } = await registerPlayer(s, 'onb1');
    const res = await client.post('/api/onboarding/completed');
    expect(res.status).toBe(200);
    expect(res.body.data.completed_onboarding).toBe(true);
    expect((await client.get('/api/user')).body.completed_onboarding).toBe(true);
  });

  it('serves the public config and 404s unknown API paths as JSON', async () => {
    const cfg = await s.client().get('/api/config');
    expect(cfg.body).toEqual({
      success: true,
      data: { product_name: s.config.productName, admin_name: s.config.adminName, round_open_seconds: 600, round_locked_seconds: 60 },
    });
    const nf = await s.client().get('/api/no/such/thing');
    expect(nf.status).toBe(404);
    expect(nf.body).toEqual({ success: false, message: 'Not found' });
    const c = s.client();
    await c.csrf();
    expect((await c.post('/api/no/such/thing')).body).toEqual({ success: false, message: 'Not found' });
  });

  it('publishes an OpenAPI document of the API from the same schemas', async () => {
    const doc = (await s.client().get('/api/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/register/verify/{token}']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(doc.paths['/api/register/verify/{token}'].get.parameters).toEqual([
      { schema: { type: 'string' }, in: 'path', name: 'token', required: true },
    ]);
    // A path parameter the route's schema does not name is still listed; HEAD twins of GET routes are not.
    expect(doc.paths['/api/fairness/rounds/{id}'].get.parameters).toEqual([{ schema: {}, in: 'path', name: 'id', required: true }]);
    expect(Object.values(doc.paths).some((ops) => 'head' in (ops as object))).toBe(false);
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('creates no session row for plain API reads', async () => {
    const before = await countRows(s, 'sessions');
    await s.client().get('/api/config');
    await s.client().get('/api/auth/status');
    expect(await countRows(s, 'sessions')).toBe(before);
  });
});

describe('cookies behind https', () => {
  it('marks both cookies Secure when the public URL is https', async () => {
    const s = await startTestServer('sqlite', '', {}, { secureCookies: true });
    try {
      const res = await s.client().csrf();
      const cookies = res.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      for (const c of cookies) expect(c).toMatch(/; Secure/);
    } finally {
      await s.close();
    }
  });
});
