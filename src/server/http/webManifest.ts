/**
 * GET /manifest.webmanifest: the PWA's web manifest. The server makes it because the product name is
 * configuration (PRODUCT_NAME), which the client build cannot know; the icons it names are the build's
 * (scripts/art/appIcons.ts cuts them from the atlases). Revalidated on every load (ETag-less but tiny).
 */
import type { Config } from '../config';
import type { App } from '../app/context';
import { REVALIDATE } from './staticFiles';

/** The app's background and theme colour (styles.css `--bg`, index.html's theme-color). */
export const APP_COLOUR = '#120d1c';

/** The manifest's icons: paths under the client root, as the build emits them. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The manifest for `config`. */
export function webManifest(config: Pick<Config, 'productName'>) {
  return {
    id: '/',
    name: config.productName,
    short_name: config.productName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: APP_COLOUR,
    theme_color: APP_COLOUR,
    icons: MANIFEST_ICONS,
  };
}

/** Registers GET /manifest.webmanifest (outside the API scope: no session, no CSRF, cacheable). */
export function installWebManifest(app: App, config: Pick<Config, 'productName'>): void {
  const body = JSON.stringify(webManifest(config));
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', REVALIDATE).send(body),
  );
}
