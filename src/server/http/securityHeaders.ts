/**
 * Response headers of every answer (pages, bundles, atlases, API): a Content-Security-Policy the client
 * runs under, no framing, no MIME sniffing, no Referer to other sites, no powerful features, and HSTS when
 * served over https. Helmet sets them; what the app needs is listed here with why.
 */
import helmet from 'helmet';
import type { Config } from '../config';
import type { App } from '../app/context';

/**
 * The Permissions-Policy: the app uses none of these features. Only features browsers know: Chromium logs
 * an "Unrecognized feature" error on every page for any other (it did for `bluetooth`), and a player's
 * console should stay clean (tests/e2e/security.spec.ts).
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()';

/** The CSP directives for `config` (exported for tests and the e2e check). */
export function cspDirectives(config: Pick<Config, 'publicUrl' | 'secureCookies'>): Record<string, string[] | null> {
  const https = config.secureCookies;
  const host = new URL(config.publicUrl).host;
  return {
    'default-src': ["'self'"],
    // The bundle is a module script from our origin; nothing inline, no eval.
    'script-src': ["'self'"],
    // React, GSAP and Pixi set element.style (CSSOM, which CSP does not govern); the stylesheet is a file.
    'style-src': ["'self'"],
    // data: for the QR code of the wallet address; blob: for Pixi's decoded textures.
    'img-src': ["'self'", 'data:', 'blob:'],
    // Pixi decodes images in a blob: worker; the service worker (/sw.js) is ours.
    'worker-src': ["'self'", 'blob:'],
    // The web manifest comes from our origin (/manifest.webmanifest).
    'manifest-src': ["'self'"],
    // The API and the socket on this origin; ws(s) spelled out for browsers whose 'self' omits it.
    'connect-src': ["'self'", `${https ? 'wss' : 'ws'}://${host}`, 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (dev, tests) an upgrade would break every asset.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

/** Registers the headers on `app` (every route and the static files). */
export async function installSecurityHeaders(app: App, config: Pick<Config, 'publicUrl' | 'secureCookies'>): Promise<void> {
  // secureCookies is true exactly when PUBLIC_URL is https (config.ts): the site is served over https.
  const https = config.secureCookies;
  // Built once: @fastify/helmet rebuilt every middleware and re-serialised the CSP on each request (~6 % of
  // a join's CPU); the headers depend on the configuration only.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // The page never needs cross-origin isolation; requiring CORP of every subresource buys nothing here.
    crossOriginEmbedderPolicy: false,
    // 'same-origin' keeps reset and verification tokens in URLs out of other sites' logs, and, unlike
    // 'no-referrer', keeps the Origin header of our own POSTs (the origin check relies on it).
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
