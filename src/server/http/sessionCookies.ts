/**
 * Session and CSRF cookies. The session cookie is HttpOnly; `XSRF-TOKEN` is readable by script so the
 * client can echo it in `X-XSRF-TOKEN` (Laravel Sanctum's scheme).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSession, destroySession, SESSION_TTL_MS, type Session } from '../domain/auth/sessions';
import type { AppContext } from './context';
import { announceSessionsEnded } from './context';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'aeon_session';
/** Name of the script-readable CSRF cookie. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's live session, if its cookie named one. */
    authSession: Session | null;
  }
}

/** Sends both cookies of `session`. */
export function setSessionCookies(ctx: AppContext, reply: FastifyReply, session: Session): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: ctx.config.secureCookies, maxAge: Math.floor(SESSION_TTL_MS / 1000) };
  reply.setCookie(SESSION_COOKIE, session.id, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, session.csrf, { ...common, httpOnly: false });
}

/** Replaces the request's session with a new one for `userId` (a new id at login: no fixation). */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number | null): Promise<Session> {
  const old = request.authSession;
  if (old) {
    await destroySession(ctx.db.kysely, old);
    announceSessionsEnded(ctx, [old.key]);
  }
  const session = await createSession(ctx.db.kysely, userId, ctx.clock.now());
  request.authSession = session;
  setSessionCookies(ctx, reply, session);
  return session;
}

/** Ends the request's session and hands out a fresh guest session (logout, e-mail verification). */
export function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  return startSession(ctx, request, reply, null);
}
