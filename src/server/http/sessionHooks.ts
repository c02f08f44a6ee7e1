/** Loads the session of every API request and enforces the CSRF token on state-changing API calls. */
import { AppError } from '../domain/errors';
import { loadSession } from '../domain/auth/sessions';
import { safeEqual } from '../domain/auth/secrets';
import type { App, AppContext } from './context';
import { SESSION_COOKIE } from './sessionCookies';

/** Laravel's text for a missing or wrong CSRF token (HTTP 419). */
export const CSRF_MISMATCH = 'CSRF token mismatch.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function needsSession(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/');
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Adds the session loader and the CSRF check to `app`. */
export function installSessionHooks(app: App, ctx: AppContext): void {
  app.decorateRequest('authSession', null);
  app.addHook('onRequest', async (request) => {
    if (!needsSession(request.url)) return;
    const id = request.cookies[SESSION_COOKIE];
    request.authSession = id ? ((await loadSession(ctx.db.kysely, id, ctx.clock.now())) ?? null) : null;
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api')) return;
    const sent = headerValue(request.headers['x-xsrf-token']) ?? headerValue(request.headers['x-csrf-token']);
    const session = request.authSession;
    // Browsers may send the cookie value URL-encoded; ours is base64url, so decoding is a no-op for it.
    const token = sent === undefined ? undefined : safeDecode(sent);
    if (!session || token === undefined || !safeEqual(token, session.csrf)) throw new AppError(419, CSRF_MISMATCH);
  });
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
