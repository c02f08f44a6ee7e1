/**
 * The installable app's server side: the web manifest made from config, the service worker and its
 * runtime served as revalidated JavaScript (never immutable: a new worker must be found), the icons, the
 * build id header on pages and API answers, and a CSP that lets the worker and the manifest load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { precompressDir } from '../../src/server/http/precompress';
import { BUILD_HEADER } from '../../src/server/http/buildId';
import { dialectsFor } from '../support/testDb';
import { startTestServer, type TestServer } from '../support/server';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SW = `importScripts('./workbox-abc123.js');\n${'self.addEventListener("fetch", () => {});\n'.repeat(40)}`;

/** The shape of a built client: index.html, the worker with its runtime, build.json and the icons. */
async function fixture() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-pwa-'));
  const clientDir = path.join(dir, 'client');
  const atlasesDir = path.join(dir, 'atlases');
  fs.mkdirSync(path.join(clientDir, 'icons'), { recursive: true });
  fs.mkdirSync(atlasesDir);
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><title>aeon-index</title>',
  );
  fs.writeFileSync(path.join(clientDir, 'sw.js'), SW);
  fs.writeFileSync(path.join(clientDir, 'workbox-abc123.js'), SW);
  fs.writeFileSync(path.join(clientDir, 'build.json'), JSON.stringify({ build: 'build-42' }));
  for (const name of ['icon-192', 'icon-512', 'maskable-192', 'maskable-512', 'apple-touch-icon', 'favicon-32'])
    fs.writeFileSync(path.join(clientDir, 'icons', `${name}.png`), PNG);
  fs.writeFileSync(path.join(atlasesDir, 'manifest.json'), '{"bundles":[]}');
  await precompressDir(clientDir);
  return { dir, clientDir, atlasesDir };
}

describe.each(dialectsFor(inject('pgAdminUrl')))('installable app on %s', (dialect) => {
  let s: TestServer;
  let dir: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    dir = await fixture();
    s = await startTestServer(
      dialect,
      inject('pgAdminUrl'),
      { staticPaths: { clientDir: dir.clientDir, atlasesDir: dir.atlasesDir } },
      { productName: 'Shardwise' },
    );
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir.dir, { recursive: true, force: true });
  });

  it('serves the manifest from config: the product name, standalone, portrait, the colours and the icons', async () => {
    const res = await s.client().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const m = JSON.parse(res.text) as {
      name: string;
      short_name: string;
      display: string;
      orientation: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(m).toMatchObject({
      name: 'Shardwise',
      short_name: 'Shardwise',
      display: 'standalone',
      orientation: 'portrait',
      start_url: '/',
      theme_color: '#120d1c',
      background_color: '#120d1c',
    });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...m.icons.map((i) => i.src), '/icons/apple-touch-icon.png', '/icons/favicon-32.png']) {
      const r = await s.client().get(icon);
      expect(r.status, icon).toBe(200);
      expect(r.headers.get('content-type'), icon).toBe('image/png');
    }
  });

  it('serves the worker and its runtime as JavaScript that is revalidated, never cached for good', async () => {
    for (const p of ['/sw.js', '/workbox-abc123.js']) {
      for (const encoding of ['br', 'identity']) {
        const res = await s.client().get(p, { headers: { 'accept-encoding': encoding } });
        expect(res.status, p).toBe(200);
        expect(res.headers.get('content-type'), p).toMatch(/^(application|text)\/javascript/);
        expect(res.headers.get('cache-control'), p).toBe('no-cache');
        expect(res.text, p).toBe(SW);
      }
    }
  });

  it('tells the served build on pages, files and API answers', async () => {
    const page = await s.client().get('/login', { headers: { accept: 'text/html' } });
    expect(page.headers.get(BUILD_HEADER)).toBe('build-42');
    expect((await s.client().get('/sw.js')).headers.get(BUILD_HEADER)).toBe('build-42');
    const config = await s.client().get('/api/config');
    expect(config.status).toBe(200);
    expect(config.headers.get(BUILD_HEADER)).toBe('build-42');
    expect((await s.client().get('/api/nope')).headers.get(BUILD_HEADER)).toBe('build-42');
  });

  it("lets the page load the worker and the manifest from its own origin (CSP worker-src, manifest-src 'self')", async () => {
    const policy = new Map<string, string[]>();
    for (const part of ((await s.client().get('/')).headers.get('content-security-policy') ?? '').split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name) policy.set(name, values);
    }
    expect(policy.get('worker-src')).toContain("'self'");
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
  });
});
