/**
 * The front door under misuse: CSRF and session checks decided by the matched route (percent-encoded,
 * differently cased, doubled-slash and absolute-form targets), foreign origins refused, the
 * state-changing GET same-origin only, and guests costing no database write.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../support/testDb';
import { countRows, registerPlayer, registration, startTestServer, TEST_PUBLIC_URL, type TestServer } from '../support/server';
import { guestCsrfToken } from '../../src/server/domain/auth/guestCsrf';
import { loadSigningKey } from '../../src/server/domain/auth/serverSecret';

/** Sends one raw request (the target exactly as given, no URL normalisation); returns status and body. */
function raw(s: TestServer, method: string, target: string, body: unknown, headers: Record<string, string> = {}) {
  const { port } = new URL(s.url);
  const text = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let out = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (out += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: out }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe.each(dialectsFor(inject('pgAdminUrl')))('the front door on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  const targets = (path: string) => {
    const host = new URL(s.url).host;
    return [
      path.replace('/api/', '/%61pi/'),
      path.replace('/api/', '/%61%70%69/'),
      path.replace('/auth/', '/%61uth/'),
      `http://${host}${path}`,
      `http://evil.example${path}`,
      path.replace('/api/', '/API/'),
      path.replace('/api/', '//api/'),
      path.replace('/api/', '/api//'),
      `${path}?x=1`,
      `${path}/`,
      path.replace('/api/', '/./api/'),
      path.replace('/api/', '/x/../api/'),
    ];
  };

  it('refuses registration without a CSRF token whatever the spelling of the target; nothing is written', async () => {
    const [users, sessions] = [await countRows(s, 'users'), await countRows(s, 'sessions')];
    for (const [i, target] of targets('/api/auth/register').entries()) {
      const res = await raw(s, 'POST', target, registration(`enc${i}`));
      // Either the route matched and its checks ran (419), or nothing matched at all (404).
      expect([419, 404], `${target}: ${res.status} ${res.body}`).toContain(res.status);
      if (res.status === 419) expect(JSON.parse(res.body)).toEqual({ success: false, message: 'CSRF token mismatch.' });
    }
    // The spellings the router does resolve to the route meet the check (the attack of the issue).
    for (const target of targets('/api/auth/register').slice(0, 5))
      expect((await raw(s, 'POST', target, registration('x'))).status).toBe(419);
    expect(await countRows(s, 'users')).toBe(users);
    expect(await countRows(s, 'sessions')).toBe(sessions);
  });

  it('refuses login without a CSRF token through encoded and absolute-form targets; no session is created', async () => {
    await registerPlayer(s, 'enclogin');
    const sessions = await countRows(s, 'sessions');
    const body = { username: 'playerenclogin@example.com', password: 'sesame-otter-7' };
    for (const target of targets('/api/auth/login')) {
      const res = await raw(s, 'POST', target, body);
      expect([419, 404], `${target}: ${res.status}`).toContain(res.status);
    }
    for (const target of targets('/api/auth/login').slice(0, 5)) expect((await raw(s, 'POST', target, body)).status).toBe(419);
    expect(await countRows(s, 'sessions')).toBe(sessions);
  });

  it('refuses state-changing calls from a foreign origin even with a valid token; allows its own', async () => {
    await registerPlayer(s, 'orig1');
    const login = { username: 'playerorig1@example.com', password: 'sesame-otter-7' };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://aeon.example' }, // scheme differs from PUBLIC_URL
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    const sessions = await countRows(s, 'sessions');
    for (const headers of foreign) {
      const c = s.client();
      const res = await c.post('/api/auth/login', login, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(419);
    }
    expect(await countRows(s, 'sessions')).toBe(sessions);
    const host = new URL(s.url).host;
    const own: Record<string, string>[] = [
      {},
      { origin: TEST_PUBLIC_URL },
      { origin: `http://${host}` },
      { 'sec-fetch-site': 'same-origin', origin: TEST_PUBLIC_URL },
    ];
    for (const headers of own)
      expect((await s.client().post('/api/auth/login', login, { headers })).status, JSON.stringify(headers)).toBe(200);
  });

  it('serves the state-changing GET /api/auth/resend-email only to same-origin callers', async () => {
    const { client } = await registerPlayer(s, 'resendo');
    await s.smtp.waitFor('playerresendo@example.com');
    const count = () => s.smtp.mails.filter((m) => m.to.includes('playerresendo@')).length;
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' },
      // A link or an <img> from another site in a browser without Sec-Fetch-Site: no custom header.
      { 'x-requested-with': '' },
    ];
    for (const headers of refused) {
      expect((await client.get('/api/auth/resend-email', { headers })).status, JSON.stringify(headers)).toBe(419);
      expect((await client.request('HEAD', '/api/auth/resend-email', { headers })).status).toBe(419);
    }
    expect(
      (await client.get('/api/auth/resend-email', { headers: { 'x-requested-with': '', 'sec-fetch-site': 'same-origin' } })).status,
    ).toBe(200);
    expect((await client.get('/api/auth/resend-email')).status).toBe(200);
    await expect.poll(count).toBe(3);
  });

  it('hands guests stateless CSRF tokens: no session row; login works with one; forged or unbound ones fail', async () => {
    await registerPlayer(s, 'guest1');
    const before = await countRows(s, 'sessions');
    const c = s.client();
    for (let i = 0; i < 25; i++) expect((await s.client().csrf()).status).toBe(204);
    await c.csrf();
    expect(await countRows(s, 'sessions')).toBe(before);
    const login = { username: 'playerguest1@example.com', password: 'sesame-otter-7' };

    // Absent, forged, and another guest's token with this guest's nonce.
    expect((await c.request('POST', '/api/auth/login', { body: login, csrf: false })).status).toBe(419);
    const forged = guestCsrfToken(Buffer.alloc(32), c.cookies.get('aeon_guest')!);
    expect((await c.request('POST', '/api/auth/login', { body: login, csrf: false, headers: { 'x-xsrf-token': forged } })).status).toBe(
      419,
    );
    const other = s.client();
    await other.csrf();
    const stolen = other.cookies.get('XSRF-TOKEN')!;
    expect((await c.request('POST', '/api/auth/login', { body: login, csrf: false, headers: { 'x-xsrf-token': stolen } })).status).toBe(
      419,
    );
    // A token without its nonce cookie.
    const bare = s.client();
    expect(
      (
        await bare.request('POST', '/api/auth/login', {
          body: login,
          csrf: false,
          headers: { 'x-xsrf-token': c.cookies.get('XSRF-TOKEN')! },
        })
      ).status,
    ).toBe(419);
    expect(await countRows(s, 'sessions')).toBe(before);

    const ok = await c.post('/api/auth/login', login);
    expect(ok.status).toBe(200);
    expect(await countRows(s, 'sessions')).toBe(before + 1);
    // Logging out makes the browser a guest again, still without a row.
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect(await countRows(s, 'sessions')).toBe(before);
    expect((await c.post('/api/auth/login', login)).status).toBe(200);
  });

  it('keeps one signing key in the database for every node; APP_KEY replaces it', async () => {
    const db = s.testDb.db.kysely;
    const a = await loadSigningKey(db, 1);
    const b = await loadSigningKey(db, 2);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(s.ctx.signingKey)).toBe(true);
    const fromEnv = await loadSigningKey(db, 3, 'operator-key');
    expect(fromEnv.equals(a)).toBe(false);
    expect(fromEnv.equals(await loadSigningKey(db, 4, 'operator-key'))).toBe(true);
  });
});
