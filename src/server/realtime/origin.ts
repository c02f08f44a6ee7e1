/**
 * The handshake's `Origin` check: a browser page of another site must not open a socket that rides on the
 * player's cookies (cross-site WebSocket hijacking). Browsers always send `Origin` on a WebSocket;
 * non-browser clients (the original product's apps, tests) send none and are let through.
 */

/** True when `origin` is absent, the public URL's origin, or the origin of the request's own `Host`. */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // includes the opaque "null" origin of sandboxed frames and file pages
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === new URL(publicUrl).origin) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}
