/** GET /sanctum/csrf-cookie: 204 and the `XSRF-TOKEN` cookie (a guest session starts if there is none). */
import type { App, AppContext } from '../context';
import { setSessionCookies, startSession } from '../sessionCookies';

/** Registers the CSRF cookie endpoint. */
export function csrfCookieRoute(app: App, ctx: AppContext): void {
  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    const session = request.authSession;
    if (session) setSessionCookies(ctx, reply, session);
    else await startSession(ctx, request, reply, null);
    return reply.code(204).send();
  });
}
