/** The built client with its SPA fallback, the atlases, and the JSON 404 of unknown API paths. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>aeon-index</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(atlasesDir, 'manifest.json'), '{"bundles":[]}');
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

  it('serves index.html at / and for every client route a browser loads', async () => {
    for (const p of ['/', '/login', '/register/code/abc', '/reset-password/tok?email=a%40b.cd', '/verify-email/t/Confirm%20it']) {
      const res = await s.client().get(p, html);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('aeon-index');
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
    }
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
