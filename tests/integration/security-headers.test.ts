/**
 * Response headers: CSP, framing, sniffing, Referer, permissions on pages, files and the API; no-store on
 * private API answers; HSTS and `__Host-` cookies only when the public URL is https.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';
import { PERMISSIONS_POLICY } from '../../src/server/http/securityHeaders';

function staticDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-headers-'));
  const clientDir = path.join(dir, 'client');
  const atlasesDir = path.join(dir, 'atlases');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.mkdirSync(atlasesDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>aeon-index</title>');
  fs.writeFileSync(path.join(atlasesDir, 'manifest.json'), '{"bundles":[]}');
  return { dir, clientDir, atlasesDir };
}

/** The CSP as a map of directive → sources. */
function csp(headers: Headers): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('security headers over http', () => {
  let s: TestServer;
  let dir: ReturnType<typeof staticDir>;
  beforeAll(async () => {
    dir = staticDir();
    s = await startTestServer('sqlite', '', { staticPaths: { clientDir: dir.clientDir, atlasesDir: dir.atlasesDir } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir.dir, { recursive: true, force: true });
  });

  it('sends the CSP and the hardening headers on the page, the atlases, the API and its 404s', async () => {
    const html = { headers: { accept: 'text/html' } };
    for (const [p, opts] of [
      ['/', html],
      ['/login', html],
      ['/atlases/manifest.json', {}],
      ['/api/config', {}],
      ['/api/nothing', {}],
      ['/sanctum/csrf-cookie', {}],
    ] as const) {
      const res = await s.client().get(p, opts);
      const h = res.headers;
      const policy = csp(h);
      expect(policy.get('default-src'), p).toEqual(["'self'"]);
      expect(policy.get('script-src'), p).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(policy.get('object-src'), p).toEqual(["'none'"]);
      expect(policy.get('worker-src'), p).toEqual(["'self'", 'blob:']);
      expect(policy.get('img-src'), p).toEqual(expect.arrayContaining(["'self'", 'data:']));
      expect(policy.has('upgrade-insecure-requests'), p).toBe(false);
      expect(h.get('x-content-type-options'), p).toBe('nosniff');
      expect(h.get('x-frame-options'), p).toBe('DENY');
      expect(h.get('referrer-policy'), p).toBe('same-origin');
      expect(h.get('permissions-policy'), p).toBe(PERMISSIONS_POLICY);
      expect(h.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('marks every API answer no-store (status carries the e-mail and the socket token), not the bundles', async () => {
    const { client } = await registerPlayer(s, 'hdr1');
    const status = await client.get('/api/auth/status');
    expect(status.body.data.ws_auth_token).toBeTruthy();
    expect(status.headers.get('cache-control')).toBe('no-store');
    for (const p of ['/api/user', '/api/auth/sessions', '/api/config'])
      expect((await client.get(p)).headers.get('cache-control'), p).toBe('no-store');
    expect((await s.client().get('/api/auth/status')).headers.get('cache-control')).toBe('no-store');
    expect((await client.post('/api/auth/logout')).headers.get('cache-control')).toBe('no-store');
    expect((await s.client().csrf()).headers.get('cache-control')).toBe('no-store');
    expect((await s.client().get('/', { headers: { accept: 'text/html' } })).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('security headers and cookies over https', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', '', {}, { secureCookies: true });
  });
  afterAll(() => s?.close());

  it('sends HSTS and upgrade-insecure-requests', async () => {
    const res = await s.client().get('/api/config');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res.headers).has('upgrade-insecure-requests')).toBe(true);
    expect(csp(res.headers).get('connect-src')).toContain('wss://aeon.example');
  });

  it('names the session and guest cookies __Host- (Secure, Path=/, no Domain); XSRF-TOKEN keeps its name, Secure', async () => {
    const c = s.client();
    const guest = (await c.csrf()).headers.getSetCookie();
    expect(guest.map((x) => x.split('=')[0]).sort()).toEqual(['XSRF-TOKEN', '__Host-aeon_guest']);
    for (const x of guest) {
      expect(x).toMatch(/; Secure/);
      expect(x).toMatch(/; Path=\//);
      expect(x).not.toMatch(/Domain=/i);
    }
    // A plain-named session cookie is not honoured under https: it could have been planted.
    const { client } = await registerPlayer(s, 'host1');
    expect([...client.cookies.keys()].sort()).toEqual(['XSRF-TOKEN', '__Host-aeon_device', '__Host-aeon_session']);
    expect((await client.get('/api/auth/status')).status).toBe(200);
    const planted = s.client();
    planted.cookies.set('aeon_session', client.cookies.get('__Host-aeon_session')!);
    expect((await planted.get('/api/auth/status')).status).toBe(401);
  });
});
