/**
 * The API scope: an encapsulated Fastify plugin whose hooks run for every route registered inside it and
 * only for those. Whether a request needs its session and its CSRF token is decided by the route it
 * matched, never by the raw URL, so `/%61pi/…`, absolute-form targets and the like get the same checks.
 * Inside the scope: the session is loaded, state-changing calls need a same-site origin and a valid CSRF
 * token (the session's, or a guest's signed token), listed GETs that change state need a same-origin
 * caller, and every answer is `Cache-Control: no-store` (they carry e-mails, socket tokens, balances).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';
import { createSessionLoader } from '../domain/auth/sessionLoader';
import { isGuestCsrfToken } from '../domain/auth/guestCsrf';
import { safeEqual } from '../domain/auth/secrets';
import type { App, AppContext } from '../app/context';
import { guestNonceOf, sessionCookieName } from './sessionCookies';
import { isForeign, isSameOriginCall } from './requestOrigin';

/** Laravel's text for a missing or wrong CSRF token (HTTP 419). */
export const CSRF_MISMATCH = 'CSRF token mismatch.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * GET routes that change state (the original product's API shape) and so may only be called by this
 * site's own pages; matched by route pattern. A GET route gets a HEAD twin, covered as well.
 */
export const SAME_ORIGIN_GETS: ReadonlySet<string> = new Set([
  '/api/auth/resend-email',
  // The dev faucet (a gift per call), presence in the worlds (enter and leave move the player).
  '/api/test-coin',
  '/api/rooms/enter/:room',
  '/api/rooms/enter/:room/',
  '/api/rooms/leave',
  '/api/rooms/leave/',
  // Creates the player's deposit address on first call (harmless, but a cross-site link must change nothing).
  '/api/wallet',
]);

/** Paths the scope may hold: the API and Sanctum's CSRF cookie endpoint. */
function inScope(url: string): boolean {
  return url.startsWith('/api/') || url === '/sanctum/csrf-cookie';
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function csrfValid(ctx: AppContext, request: FastifyRequest): boolean {
  const sent = headerValue(request.headers['x-xsrf-token']) ?? headerValue(request.headers['x-csrf-token']);
  if (sent === undefined) return false;
  // Browsers may send the cookie value URL-encoded; ours is base64url, so decoding is a no-op for it.
  const token = safeDecode(sent);
  const session = request.authSession;
  if (session) return safeEqual(token, session.csrf);
  const nonce = guestNonceOf(ctx, request);
  return nonce !== undefined && isGuestCsrfToken(ctx.signingKey, nonce, token);
}

/** Registers `routes` inside the API scope of `app`. */
export async function registerApiScope(app: App, ctx: AppContext, routes: (api: App) => void | Promise<void>): Promise<void> {
  // The requests of one event-loop turn share one session query (sessionLoader.ts).
  const loadSession = createSessionLoader(ctx.db.kysely);
  await app.register(async (api: App) => {
    api.decorateRequest('authSession', null);
    // A route outside /api would silently get (or, moved out, silently lose) these checks: refuse it.
    api.addHook('onRoute', (route) => {
      if (!inScope(route.url ?? route.path)) throw new Error(`route ${route.url ?? route.path} does not belong in the API scope`);
    });
    api.addHook('onRequest', async (request) => {
      const method = request.method;
      const pattern = request.routeOptions.url ?? '';
      if (STATE_CHANGING.has(method) && isForeign(request, ctx.config.publicUrl)) throw new AppError(419, CSRF_MISMATCH);
      if (SAME_ORIGIN_GETS.has(pattern) && !isSameOriginCall(request, ctx.config.publicUrl)) throw new AppError(419, CSRF_MISMATCH);
      const id = request.cookies[sessionCookieName(ctx.config)];
      request.authSession = id ? ((await loadSession(id, ctx.clock.now())) ?? null) : null;
      if (STATE_CHANGING.has(method) && !csrfValid(ctx, request)) throw new AppError(419, CSRF_MISMATCH);
    });
    api.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
    await routes(api);
  });
}
