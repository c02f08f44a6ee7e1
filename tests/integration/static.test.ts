/** The built client with its SPA fallback, the atlases, and the JSON 404 of unknown API paths; the
 *  precompressed siblings sent by Accept-Encoding, and the caching of each kind of file. */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { precompressDir } from '../../src/server/http/precompress';
import { dialectsFor } from '../support/testDb';
import { startTestServer, type TestServer } from '../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('static files on %s', (dialect) => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-static-'));
    const clientDir = path.join(dir, 'client');
    const atlasesDir = path.join(dir, 'atlases');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.mkdirSync(atlasesDir);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(atlasesDir, 'manifest.json'), '{"bundles":[]}');
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-abcd.js'), BIG_JS);
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-abcd.css'), BIG_CSS);
    fs.writeFileSync(path.join(clientDir, 'assets', 'sheet-abcd.png'), PNG);
    fs.writeFileSync(path.join(atlasesDir, 'hero.json'), ATLAS);
    fs.writeFileSync(path.join(atlasesDir, 'hero.png'), PNG);
    // The same function the Vite build runs, over this small client.
    await precompressDir(clientDir);
    await precompressDir(atlasesDir);
    s = await startTestServer(dialect, inject('pgAdminUrl'), {
      staticPaths: { clientDir, atlasesDir },
      routes: [(app) => void app.get('/api/ping', async () => ({ success: true, data: 'pong' }))],
    });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const html = { headers: { accept: 'text/html,application/xhtml+xml' } };

  /** A raw request: no client-side decompression, so the bytes and headers are what the server sent. */
  function raw(p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const req = http.request(s.url + p, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('serves index.html at / and for every client route a browser loads', async () => {
    for (const p of ['/', '/login', '/register/code/abc', '/reset-password/tok?email=a%40b.cd', '/verify-email/t/Confirm%20it']) {
      const res = await s.client().get(p, html);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('aeon-index');
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
    }
  });

  it('sends brotli when accepted, gzip when brotli is refused or absent, identity otherwise', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['BR;Q=0, GZIP;Q=0', undefined],
      ['identity', undefined],
      ['deflate', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await raw('/assets/main-abcd.js', accept === undefined ? {} : { 'accept-encoding': accept });
      const label = String(accept);
      expect(res.status, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBe(expected);
      expect(res.headers['content-type'], label).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary, label).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length']), label).toBe(res.body.length);
      expect(decode(res).toString(), label).toBe(BIG_JS);
      if (expected) expect(res.body.length, label).toBeLessThan(BIG_JS.length / 4);
    }
    const css = await raw('/assets/main-abcd.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(decode(css).toString()).toBe(BIG_CSS);
  });

  it('answers HEAD with the headers and length of the representation a GET would send', async () => {
    for (const enc of ['br', 'gzip']) {
      const get = await raw('/assets/main-abcd.js', { 'accept-encoding': enc });
      const head = await raw('/assets/main-abcd.js', { 'accept-encoding': enc }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-encoding']).toBe(enc);
      expect(head.headers['content-length']).toBe(String(get.body.length));
      expect(head.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('never sends a precompressed sibling as itself, and sends images as they are', async () => {
    expect((await raw('/assets/main-abcd.js.br', { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await raw('/assets/main-abcd.js.gz')).status).toBe(404);
    expect((await raw('/atlases/hero.json.br', { 'accept-encoding': 'br' })).status).toBe(404);
    expect(fs.existsSync(path.join(dir, 'client', 'assets', 'sheet-abcd.png.br'))).toBe(false);
    const png = await raw('/assets/sheet-abcd.png', { 'accept-encoding': 'br, gzip' });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);
    // A file too small to gain from compression has no siblings but still varies, as a cache must know.
    const tiny = await raw('/assets/app-1234.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toMatch(/accept-encoding/i);
    expect(tiny.body.toString()).toBe('console.log(1)');
  });

  it('caches hashed bundles for good, revalidates index.html, the SPA fallback and the atlases', async () => {
    const br = { 'accept-encoding': 'br' };
    expect((await raw('/assets/main-abcd.js', br)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw('/assets/sheet-abcd.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/index.html', '/login']) {
      const res = await raw(p, { ...br, accept: 'text/html' });
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers['content-type'], p).toMatch(/^text\/html/);
      expect(res.headers.vary, p).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length']), p).toBe(res.body.length);
      expect(decode(res).toString(), p).toBe(INDEX);
    }
    const fallback = await raw('/wallet', { accept: 'text/html', 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(fallback.headers['content-encoding']).toBeUndefined();
    expect(fallback.body.toString()).toBe(INDEX);
    for (const p of ['/atlases/hero.json', '/atlases/hero.png']) {
      const res = await raw(p, br);
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      const etag = res.headers.etag;
      expect(etag, p).toBeTruthy();
      const again = await raw(p, { ...br, 'if-none-match': String(etag) });
      expect(again.status, p).toBe(304);
      expect(again.body.length, p).toBe(0);
    }
    const atlas = await raw('/atlases/hero.json', br);
    expect(atlas.headers['content-encoding']).toBe('br');
    expect(atlas.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decode(atlas).toString())).toEqual(JSON.parse(ATLAS));
  });

  it('keeps the security headers on precompressed answers', async () => {
    const res = await raw('/assets/main-abcd.js', { 'accept-encoding': 'br' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('writes the same siblings on every run', async () => {
    const file = path.join(dir, 'client', 'assets', 'main-abcd.js');
    const before = [fs.readFileSync(file + '.br'), fs.readFileSync(file + '.gz')];
    await precompressDir(path.join(dir, 'client'));
    expect(fs.readFileSync(file + '.br').equals(before[0]!)).toBe(true);
    expect(fs.readFileSync(file + '.gz').equals(before[1]!)).toBe(true);
    expect(fs.existsSync(file + '.br.br')).toBe(false);
  });

  it('serves built assets and atlases', async () => {
    const js = await s.client().get('/assets/app-1234.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log(1)');
    expect(js.headers.get('cache-control')).toMatch(/immutable/);
    const atlas = await s.client().get('/atlases/manifest.json');
    expect(atlas.status).toBe(200);
    expect(atlas.body).toEqual({ bundles: [] });
  });

  it('mounts route modules of other domains under /api', async () => {
    expect((await s.client().get('/api/ping', html)).body).toEqual({ success: true, data: 'pong' });
  });

  it('answers JSON 404 for unknown API paths, missing atlases and non-page requests', async () => {
    const api = await s.client().get('/api/nothing', html);
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ success: false, message: 'Not found' });
    expect((await s.client().get('/atlases/missing.png', html)).status).toBe(404);
    expect((await s.client().get('/missing.js')).status).toBe(404);
  });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function decode(res: Raw): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.body);
  if (enc === 'gzip') return zlib.gunzipSync(res.body);
  return res.body;
}

const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>aeon-index</title></head>
<body><div id="splash">${'<p class="splash-line">Crypto Aeon is loading</p>'.repeat(20)}</div></body></html>`;
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export function f${i}(x) { return x * ${i} + ${i % 7}; }`).join('\n');
const BIG_CSS = Array.from(
  { length: 200 },
  (_, i) => `.c${i} { margin: ${i}px; color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }`,
).join('\n');
const ATLAS = JSON.stringify({
  frames: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`hero_${i}.png`, { frame: { x: i * 32, y: 0, w: 32, h: 32 } }])),
});
// Random bytes stand in for an image: already compressed, so the build leaves it alone by its extension.
const PNG = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 2654435761) % 251));
