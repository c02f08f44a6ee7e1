/** Login, logout, status and the current user (spec 1 §7). */
import { loginBody } from '../../../shared/api/auth';
import { authenticate } from '../../domain/auth/login';
import { loadUserView } from '../../domain/users/loadUserView';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';
import { isKnownDevice, rememberDevice } from '../knownDeviceCookie';
import { AUTH_BODY_LIMIT } from '../rateLimit';
import { endSession, startSession } from '../sessionCookies';
import { secondFactorStep } from './loginFactorRoutes';

/** Registers /api/auth/status, /api/auth/login, /api/auth/logout and /api/user. */
export function authRoutes(app: App, ctx: AppContext): void {
  const view = (row: Parameters<typeof loadUserView>[3]) =>
    loadUserView(ctx.db.kysely, ctx.balances, ctx.config.publicUrl, row, ctx.clock.now());

  app.get('/api/auth/status', async (request) => ok(await view(await requireUser(ctx, request))));

  app.get('/api/user', async (request) => view(await requireUser(ctx, request)));

  app.post('/api/auth/login', { schema: { body: loginBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const { username, password } = request.body;
    await ctx.limiter.hit('login', request.ip, username, () => isKnownDevice(ctx, request, username));
    const user = await authenticate(ctx.auth, username, password);
    await ctx.limiter.clear('login', request.ip, username);
    // With a second factor the password earns a ticket, not a session (POST /api/auth/login/factor).
    const factorStep = await secondFactorStep(ctx, user.id);
    if (factorStep) return factorStep;
    rememberDevice(ctx, request, reply, user);
    await startSession(ctx, request, reply, user.id);
    const data = await view(user);
    return ok({ ...data, balance: data.balance_ngls }, 'Logged in.');
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(ctx, request, reply);
    return ok(null, 'Logged out.');
  });
}
