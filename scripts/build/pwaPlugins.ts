/**
 * The build's PWA pieces (README "Installable app"): the home-screen icons cut from the atlases, the build
 * id the server reports so an old client knows it is old, and the service worker (vite-plugin-pwa,
 * generateSW). The web manifest is not built: it carries the product name, which is configuration, so the
 * server answers `/manifest.webmanifest` from config (src/server/http/webManifest.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { drawAppIcons, ICONS } from '../art/appIcons.js';

/** The file the build writes its id into (read by src/server/http/buildId.ts). */
export const BUILD_ID_FILE = 'build.json';

/** Paths the service worker never answers: the API, the sockets and the server-made manifest. */
export const NEVER_CACHED = [/^\/api(\/|$)/, /^\/sanctum\//, /^\/socket\.io(\/|$)/, /^\/ws\//, /^\/manifest\.webmanifest$/];

/** Emits the icons into the build output (`icons/`), and serves them in dev. */
function appIconsPlugin(atlasesDir = 'atlases'): Plugin {
  let root = process.cwd();
  return {
    name: 'aeon-app-icons',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use('/icons', (req, res, next) => {
        const name = `icons${(req.url ?? '').split('?')[0]}`;
        if (!ICONS.some((i) => i.fileName === name)) return next();
        drawAppIcons(path.resolve(root, atlasesDir)).then((icons) => {
          res.setHeader('Content-Type', 'image/png');
          res.end(icons.find((i) => i.fileName === name)?.source);
        }, next);
      });
    },
    async generateBundle() {
      for (const icon of await drawAppIcons(path.resolve(root, atlasesDir)))
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: icon.source });
    },
  };
}

/** Gives the client its build id (`__APP_BUILD__`) and writes the same id to `build.json` for the server. */
function buildIdPlugin(id: string): Plugin {
  return {
    name: 'aeon-build-id',
    apply: 'build',
    config: () => ({ define: { __APP_BUILD__: JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_ID_FILE, source: JSON.stringify({ build: id }) });
    },
  };
}

interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Output files the shell needs offline: the entry and its static imports, and the PWA layer (the offline
 * banner) with its own, read from the Vite manifest the build wrote (build.manifest is on).
 */
export function shellFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || key === 'src/client/pwa/PwaLayer.tsx') visit(key);
  return files;
}

/** The PWA plugins of the client build (none under Vitest, which shares the config, nor with NO_PWA=1: bench pages). */
export function pwaPlugins(outDir = 'dist/client'): PluginOption[] {
  if (process.env.VITEST || process.env.NO_PWA === '1') return [];
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return [
    appIconsPlugin(),
    buildIdPlugin(id),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      manifest: false,
      // The client registers the worker itself, after the first paint (src/client/pwa/serviceWorker.ts).
      injectRegister: false,
      registerType: 'prompt',
      // Before the precompression step (closeBundle too), so sw.js and the workbox runtime get .br/.gz siblings.
      integration: { closeBundleOrder: 'pre' },
      workbox: {
        // The shell: index.html (with the inline splash), the entry's JS and CSS, the offline banner's chunk,
        // the icons. Other hashed chunks are cached as they are used; the sheets too (runtimeCaching).
        globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png'],
        manifestTransforms: [
          async (entries) => {
            const manifestFile = path.resolve(outDir, '.vite/manifest.json');
            const shell = shellFiles(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>);
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
          },
        ],
        // A page load offline (or before the network answers) gets the cached shell, never a browser error.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [...NEVER_CACHED, /^\/atlases\//],
        // Waiting workers take over when the client says so, at a safe moment (skipWaiting message).
        skipWaiting: false,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          // Hashed bundles never change under their name.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'bundles', expiration: { maxEntries: 200 } },
          },
          // The atlas manifest names the sheets: fresh when online, cached when not.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/atlases/manifest.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'atlases-manifest', networkTimeoutSeconds: 3 },
          },
          // The sheets keep their names when designers swap them: served from cache, refreshed behind.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/atlases/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'atlases', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
  ];
}
