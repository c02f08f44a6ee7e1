/** Password reset request and the new-password form (spec 1 §2, §7). */
import { resetBody, resetRequestBody } from '../../../shared/api/auth';
import { PASSWORD_RESET_DONE, RESET_REQUESTED, requestPasswordReset, resetPassword } from '../../domain/auth/passwordReset';
import type { App, AppContext } from '../../app/context';
import { announceSessionsEnded } from '../../app/context';
import { ok } from '../envelope';
import { AUTH_BODY_LIMIT } from '../rateLimit';

/** Registers /api/auth/reset-password and /api/auth/reset/password. */
export function passwordResetRoutes(app: App, ctx: AppContext): void {
  app.post('/api/auth/reset-password', { schema: { body: resetRequestBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
    await ctx.limiter.hit('resetRequest', request.ip);
    // Past its quota an address gets the same answer and no mail: a stranger can neither block the
    // owner's reset with a 429 nor flood the mailbox (the last link mailed stays valid).
    const mail = await ctx.limiter.allow('resetMail', request.body.email);
    requestPasswordReset(ctx.auth, request.body.email, mail);
    return ok(null, RESET_REQUESTED);
  });

  app.post('/api/auth/reset/password', { schema: { body: resetBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
    await ctx.limiter.hit('reset', request.ip, request.body.email);
    const { userId, endedSessions } = await resetPassword(ctx.auth, request.body);
    announceSessionsEnded(ctx, endedSessions, userId);
    return ok(null, PASSWORD_RESET_DONE);
  });
}
