/**
 * Whether a request comes from a page of this site. Browsers say where a request comes from in
 * `Sec-Fetch-Site` and (on state-changing calls) `Origin`; clients that are not browsers send neither and
 * are judged by the CSRF token alone.
 */
import type { FastifyRequest } from 'fastify';

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** True when the browser says the request was made by another site (or an opaque origin). */
export function isForeign(request: FastifyRequest, publicUrl: string): boolean {
  const site = header(request, 'sec-fetch-site');
  // `same-site` is a sibling subdomain: another origin, possibly someone else's.
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = header(request, 'origin');
  if (origin === undefined) return false;
  const own = originOf(publicUrl);
  if (origin === own) return false;
  // Same host as the request itself (a deployment reached by another name than PUBLIC_URL, e.g. in dev);
  // Fastify's `host` reads X-Forwarded-Host only from trusted proxies (TRUST_PROXY).
  const host = request.host;
  if (!host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" and garbage
  }
}

/**
 * True when a state-changing GET may run: the browser says same-origin (or user-initiated), or, from a
 * browser that does not send `Sec-Fetch-Site`, the request carries `X-Requested-With` — a header another
 * site cannot set without a CORS preflight this server never grants. A link or image on another site
 * sends neither.
 */
export function isSameOriginCall(request: FastifyRequest, publicUrl: string): boolean {
  if (isForeign(request, publicUrl)) return false;
  const site = header(request, 'sec-fetch-site');
  if (site === 'same-origin') return true;
  return (header(request, 'x-requested-with') ?? '').toLowerCase() === 'xmlhttprequest';
}
