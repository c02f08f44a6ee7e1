/**
 * Session and CSRF cookies. The session cookie is HttpOnly; `XSRF-TOKEN` is readable by script so the
 * client can echo it in `X-XSRF-TOKEN` (Laravel Sanctum's scheme). Guests have no session row: their
 * `XSRF-TOKEN` is the signature of a random nonce kept in the HttpOnly guest cookie (guestCsrf.ts).
 *
 * Under an https PUBLIC_URL the session and guest cookies carry the `__Host-` prefix, which browsers
 * accept only with Secure, Path=/ and no Domain: no sibling subdomain or plain-http page can plant or
 * overwrite them. `XSRF-TOKEN` keeps its name because clients of the original product read it by that
 * name; it gets the same attributes (Secure, Path=/, no Domain) without the prefix.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { createSession, destroySession, SESSION_TTL_MS, type Session } from '../domain/auth/sessions';
import { guestCsrfToken, newGuestNonce } from '../domain/auth/guestCsrf';
import type { AppContext } from '../app/context';
import { announceSessionsEnded } from '../app/context';

import { SESSION_COOKIE, sessionCookieName } from '../domain/auth/sessionCookieName';

export { SESSION_COOKIE, sessionCookieName };
/** Name of the guest nonce cookie over plain http. */
export const GUEST_COOKIE = 'aeon_guest';
/** Name of the script-readable CSRF cookie (fixed: clients of the original product read it by name). */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The guest nonce cookie's name under `config`. */
export function guestCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? `__Host-${GUEST_COOKIE}` : GUEST_COOKIE;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's live session, if its cookie named one. */
    authSession: Session | null;
  }
}

function cookieOptions(ctx: AppContext) {
  // Path=/ and no Domain: required by `__Host-`, and what keeps the cookies to this one origin anyway.
  return { path: '/', sameSite: 'lax' as const, secure: ctx.config.secureCookies, maxAge: Math.floor(SESSION_TTL_MS / 1000) };
}

/** Sends both cookies of `session` (and drops the guest cookie, which a logged-in browser does not need). */
export function setSessionCookies(ctx: AppContext, reply: FastifyReply, session: Session): void {
  const common = cookieOptions(ctx);
  reply.setCookie(sessionCookieName(ctx.config), session.id, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, session.csrf, { ...common, httpOnly: false });
  reply.clearCookie(guestCookieName(ctx.config), { path: '/', secure: ctx.config.secureCookies });
}

/** Sends a guest's cookies: `nonce` (a fresh one when absent) and the CSRF token signed for it. No database write. */
export function setGuestCookies(ctx: AppContext, reply: FastifyReply, nonce?: string): void {
  const common = cookieOptions(ctx);
  const value = nonce ?? newGuestNonce();
  reply.setCookie(guestCookieName(ctx.config), value, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, guestCsrfToken(ctx.signingKey, value), { ...common, httpOnly: false });
}

/** The guest nonce cookie of the request, if any. */
export function guestNonceOf(ctx: AppContext, request: FastifyRequest): string | undefined {
  return request.cookies[guestCookieName(ctx.config)] || undefined;
}

async function dropCurrent(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const old = request.authSession;
  if (!old) return;
  await destroySession(ctx.db.kysely, old);
  announceSessionsEnded(ctx, [old.key]);
  request.authSession = null;
}

/** Replaces the request's session with a new one for `userId` (a new id at login: no fixation). */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<Session> {
  await dropCurrent(ctx, request);
  const ua = request.headers['user-agent'];
  const session = await createSession(ctx.db.kysely, userId, ctx.clock.now(), { userAgent: ua, ip: request.ip });
  request.authSession = session;
  setSessionCookies(ctx, reply, session);
  return session;
}

/** Ends the request's session and makes the browser a guest again (logout, e-mail verification). */
export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await dropCurrent(ctx, request);
  reply.clearCookie(sessionCookieName(ctx.config), { path: '/', secure: ctx.config.secureCookies });
  setGuestCookies(ctx, reply);
}
