/** Registration, referral lookup, e-mail verification and its resend (spec 1 §2, §7). */
import { z } from 'zod';
import { registerBody } from '../../../shared/api/auth';
import { AppError } from '../../domain/errors';
import { registerUser } from '../../domain/auth/register';
import { isRefCodeShape } from '../../domain/auth/rules';
import { confirmEmail, resendVerification, verificationStatus } from '../../domain/auth/emailVerification';
import { findUserByRefCode } from '../../domain/users/userRepo';
import { rewardReferral } from '../../domain/gdao/referralReward';
import { createLedger } from '../../ledger/index';
import { loadUserView } from '../../domain/users/loadUserView';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { rememberDevice } from '../knownDeviceCookie';
import { AUTH_BODY_LIMIT } from '../rateLimit';
import { requireUser } from '../requireUser';
import { endSession, startSession } from '../sessionCookies';

/** Text of an unknown referral code. */
export const REFERRER_NOT_FOUND = 'Referrer not found.';

const tokenParams = z.object({ token: z.string() });

/** Registers the registration and verification endpoints. */
export function registerRoutes(app: App, ctx: AppContext): void {
  app.post('/api/auth/register', { schema: { body: registerBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    await ctx.limiter.hit('register', request.ip, request.body.email);
    const user = await registerUser(ctx.auth, request.body);
    await startSession(ctx, request, reply, user.id);
    rememberDevice(ctx, request, reply, user);
    return ok(await loadUserView(ctx.db.kysely, ctx.balances, ctx.config.publicUrl, user, ctx.clock.now()), 'Registered.');
  });

  app.get('/api/auth/register/ref/:code', { schema: { params: z.object({ code: z.string() }) } }, async (request) => {
    const code = request.params.code;
    const ref = isRefCodeShape(code) ? await findUserByRefCode(ctx.db.kysely, code) : undefined;
    if (!ref) throw new AppError(404, REFERRER_NOT_FOUND);
    return ok({ id: ref.id, name: ref.name, investor_skin_id: ref.investor_skin_id });
  });

  app.get('/api/register/verify/:token', { schema: { params: tokenParams } }, async (request) =>
    ok(await verificationStatus(ctx.auth, request.params.token)),
  );

  app.post('/api/register/verify/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const userId = await confirmEmail(ctx.auth, request.params.token);
    // The confirmation may be the last fact of a referral reward; a failure here is caught up by the gDAO job.
    await rewardReferral(createLedger(ctx.db, ctx.clock), userId).catch((err: unknown) =>
      request.log.error({ err, userId }, 'referral reward failed'),
    );
    // The page clears its storage and sends the player to /login: whoever was logged in here is logged out.
    await endSession(ctx, request, reply);
    return ok({ email_confirmed: true }, 'E-mail confirmed.');
  });

  app.get('/api/auth/resend-email', async (request) => {
    const user = await requireUser(ctx, request);
    await ctx.limiter.hit('resend', request.ip, user.email);
    await resendVerification(ctx.auth, user);
    return ok(null, 'Verification e-mail sent.');
  });
}
