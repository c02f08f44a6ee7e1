/**
 * GET /sanctum/csrf-cookie: 204 and the `XSRF-TOKEN` cookie. A logged-in browser gets its session's
 * token; a guest gets a token signed for its nonce cookie, with no database write (a visitor costs
 * nothing until login or registration creates the session row).
 */
import type { App, AppContext } from '../../app/context';
import { guestNonceOf, sessionCookieName, setGuestCookies, setSessionCookies } from '../sessionCookies';

/** Registers the CSRF cookie endpoint. */
export function csrfCookieRoute(app: App, ctx: AppContext): void {
  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    const session = request.authSession;
    if (session) setSessionCookies(ctx, reply, session);
    else {
      // A stale session cookie (expired, ended elsewhere) is dropped so it stops being looked up.
      const name = sessionCookieName(ctx.config);
      if (request.cookies[name]) reply.clearCookie(name, { path: '/', secure: ctx.config.secureCookies });
      setGuestCookies(ctx, reply, guestNonceOf(ctx, request));
    }
    return reply.code(204).send();
  });
}
