/// <reference types="vitest/config" />
// One config for the client build (Vite) and both test suites (Vitest projects `unit` and `integration`).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir } from './src/server/http/precompress.js';
import { pwaPlugins } from './scripts/build/pwaPlugins.js';
import {
  PIXI_CHUNK_GROUPS,
  pixiBrowserExtensionsPlugin,
  pixiReactSideEffectsPlugin,
} from './src/client/engine/pixi-internals/buildPlugins.js';
import { catalogueHtmlPlugin } from './scripts/build/catalogueHtml.js';
import { firstScreenPreloadPlugin } from './scripts/build/firstScreenPreload.js';

// Only under Vitest: the client build need not load Vitest's node API.
const slowFirst = process.env.VITEST ? (await import('./tests/support/slowFirstSequencer.js')).default : undefined;

const ATLAS_TYPES: Record<string, string> = { '.json': 'application/json', '.png': 'image/png', '.ogg': 'audio/ogg', '.mp3': 'audio/mpeg' };

/** Serves the top-level `atlases/` folder at `/atlases/` in dev and copies it into the build output, so
 *  designers swap one folder and both modes pick it up. */
function atlasesPlugin(dir = 'atlases'): Plugin {
  let root = process.cwd();
  let outDir = 'dist/client';
  return {
    name: 'aeon-atlases',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const base = path.resolve(root, dir);
      server.middlewares.use('/atlases', (req, res, next) => {
        const file = path.resolve(base, '.' + decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
        // refuse anything outside the folder (../) and fall through for directories
        if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', ATLAS_TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(file).pipe(res);
      });
    },
    async writeBundle() {
      const src = path.resolve(root, dir);
      if (existsSync(src)) await cp(src, path.join(outDir, dir), { recursive: true });
    },
  };
}

/** After the build (and the atlas copy, which runs in writeBundle) writes `.br`/`.gz` siblings of every
 *  compressible file, so the server sends precompressed bytes (src/server/http/staticFiles.ts). */
function precompressPlugin(): Plugin {
  let outDir = 'dist/client';
  return {
    name: 'aeon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!existsSync(outDir)) return;
      const r = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`precompressed ${r.files} files: ${kb(r.rawBytes)} raw, ${kb(r.gzBytes)} gzip, ${kb(r.brBytes)} brotli`);
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: false,
  plugins: [
    react(),
    catalogueHtmlPlugin(),
    firstScreenPreloadPlugin(),
    pixiBrowserExtensionsPlugin(),
    pixiReactSideEffectsPlugin(),
    atlasesPlugin(),
    precompressPlugin(),
    ...pwaPlugins(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // scripts/sizeReport.mjs reads the chunk graph from it
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The schemas live in chunks shared with lazy screens, which run before the entry's own code; zod's
          // chunk also holds its setting (src/shared/zod.ts: the message locale), so it is in force before any
          // schema exists. zod/mini's object parser never compiles code, so nothing probes eval under the CSP
          // (tests/e2e/security.spec.ts fails on a report).
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]zod\.ts$/ }, ...PIXI_CHUNK_GROUPS],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/manifest.webmanifest': 'http://127.0.0.1:8080',
      '/sanctum': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true },
      '/ws/': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    sequence: { sequencer: slowFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/support/freshModules.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/integration/globalSetup.ts'],
          // Its files mostly wait (PostgreSQL, sockets, child processes) and each has its own databases, servers
          // on port 0 and temp dirs, so two run at a time (INTEGRATION_WORKERS sets it; 1 for a quiet log).
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 2,
        },
      },
    ],
  },
});
