/**
 * The HTTP client against a tiny real HTTP server: CSRF cookie round trip, headers, envelope errors
 * (422 with field errors, 401, 419, 429, success:false), CSRF failure and network failure.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttp, CSRF_FAILED, NETWORK_FAILED } from '../../../../src/client/net/http';
import { createApi } from '../../../../src/client/net/api';
import { makeUser } from '../machines/fixtures';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
let seen: Seen[];
let csrfMode: 'ok' | 'fail' | 'no-cookie';
const TOKEN = 'tok+en/=='; // characters that must survive cookie URL-encoding

function json(res: http.ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/sanctum/csrf-cookie') {
        if (csrfMode === 'fail') return json(res, 500, { message: 'down' });
        if (csrfMode === 'ok') res.setHeader('Set-Cookie', `XSRF-TOKEN=${encodeURIComponent(TOKEN)}; Path=/`);
        res.writeHead(204);
        return res.end();
      }
      const csrfOk = req.headers['x-xsrf-token'] === TOKEN;
      if (req.method === 'POST' && !csrfOk) return json(res, 419, { success: false, message: 'CSRF token mismatch.' });
      switch (req.url) {
        case '/api/auth/status':
          return req.headers.cookie?.includes('session=1')
            ? json(res, 200, { success: true, data: makeUser() })
            : json(res, 401, { success: false, message: 'Unauthenticated.' });
        case '/api/auth/login':
          if (JSON.parse(body).password === 'right') {
            res.setHeader('Set-Cookie', 'session=1; Path=/; HttpOnly');
            return json(res, 200, { success: true, data: makeUser(), message: 'Welcome' });
          }
          return json(res, 422, {
            success: false,
            message: 'The given data was invalid.',
            errors: { username: ['These credentials do not match our records.'], password: ['The password is wrong.'] },
          });
        case '/api/auth/reset-password':
          return json(res, 200, { success: false, message: 'We can not find a user with that e-mail address.' });
        case '/api/slow-down':
          return json(res, 429, { success: false, message: 'Too Many Attempts.' });
        case '/api/empty429':
          res.writeHead(429);
          return res.end();
        case '/api/user':
          return json(res, 200, { name: 'Ada' });
        case '/api/garbage':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          return res.end('<html>oops</html>');
        default:
          return json(res, 404, { success: false, message: 'Not Found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  csrfMode = 'ok';
});

/** Node's fetch keeps no cookies: a minimal jar plays the browser's part. */
function browserLike() {
  const jar = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!.trim(), v.join('='));
    }
    return res;
  };
  const readCookie = (name: string) => {
    const v = jar.get(name);
    return v === undefined ? undefined : decodeURIComponent(v);
  };
  return createHttp({ baseUrl: base, fetch: jarFetch, readCookie });
}

describe('http client', () => {
  it('fetches the CSRF cookie before a POST and echoes it with X-Requested-With', async () => {
    const api = createApi(browserLike());
    const r = await api.login({ username: 'ada@example.test', password: 'right' });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect('name' in r.data && r.data.name).toBe('Ada');
      expect(r.message).toBe('Welcome');
    }
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/auth/login']);
    const post = seen[1]!;
    expect(post.headers['x-xsrf-token']).toBe(TOKEN);
    expect(post.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(post.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual({ username: 'ada@example.test', password: 'right' });
  });

  it('keeps the session cookie: status is 401 before login and the user after', async () => {
    const api = createApi(browserLike());
    const before = await api.authStatus();
    expect(before).toMatchObject({ ok: false, status: 401, message: 'Unauthenticated.' });
    await api.login({ username: 'a', password: 'right' });
    const after = await api.authStatus();
    expect(after.ok && after.data.ws_auth_token).toBe('ws-token');
    expect(seen.filter((s) => s.method === 'GET' && s.url === '/api/auth/status').every((s) => !s.headers['x-xsrf-token'])).toBe(true);
  });

  it('joins a 422 message and field errors with semicolons', async () => {
    const r = await createApi(browserLike()).login({ username: 'a', password: 'wrong' });
    expect(r).toMatchObject({
      ok: false,
      status: 422,
      text: 'The given data was invalid.; These credentials do not match our records.; The password is wrong.',
    });
  });

  it('treats success:false with HTTP 200 as a failure carrying the server message', async () => {
    const r = await createApi(browserLike()).requestReset('nobody@example.test');
    expect(r).toMatchObject({ ok: false, status: 200, message: 'We can not find a user with that e-mail address.' });
  });

  it('reports CSRF fetch failed when the cookie call fails or sets no cookie', async () => {
    csrfMode = 'fail';
    const r1 = await createApi(browserLike()).logout();
    expect(r1).toMatchObject({ ok: false, status: 0, text: CSRF_FAILED });
    csrfMode = 'no-cookie';
    const r2 = await createApi(browserLike()).logout();
    expect(r2).toMatchObject({ ok: false, status: 0, text: CSRF_FAILED });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  it('passes a 419 mismatch and 429 rate limits through with their texts', async () => {
    const noCookieHttp = createHttp({ baseUrl: base, readCookie: () => 'stale' });
    expect(await noCookieHttp.post('/api/auth/logout')).toMatchObject({ ok: false, status: 419, message: 'CSRF token mismatch.' });
    const h = browserLike();
    expect(await h.get('/api/slow-down')).toMatchObject({ ok: false, status: 429, message: 'Too Many Attempts.' });
    expect(await h.get('/api/empty429')).toMatchObject({ ok: false, status: 429, message: 'Too many requests. Please wait a moment.' });
  });

  it('reads the unwrapped /api/user answer, and rejects a non-JSON answer', async () => {
    const h = browserLike();
    expect(await h.get('/api/user', { unwrapped: true })).toMatchObject({ ok: true, data: { name: 'Ada' } });
    expect(await h.get('/api/garbage')).toMatchObject({ ok: false, message: NETWORK_FAILED });
  });

  it('turns an unreachable server into a failure instead of a throw', async () => {
    const dead = createHttp({ baseUrl: 'http://127.0.0.1:1', readCookie: () => 'x' });
    expect(await dead.get('/api/auth/status')).toMatchObject({ ok: false, status: 0, text: NETWORK_FAILED });
    expect(await dead.post('/api/auth/logout')).toMatchObject({ ok: false, status: 0, text: CSRF_FAILED });
  });
});
