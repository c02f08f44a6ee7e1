/** Password reset request and the new-password form (spec 1 §2, §7). */
import { resetBody, resetRequestBody } from '../../../shared/api/auth';
import { PASSWORD_RESET_DONE, RESET_REQUESTED, requestPasswordReset, resetPassword } from '../../domain/auth/passwordReset';
import type { App, AppContext } from '../context';
import { announceSessionsEnded } from '../context';
import { ok } from '../envelope';

/** Registers /api/auth/reset-password and /api/auth/reset/password. */
export function passwordResetRoutes(app: App, ctx: AppContext): void {
  app.post('/api/auth/reset-password', { schema: { body: resetRequestBody } }, async (request) => {
    ctx.limiter.hit('resetRequest', request.ip, request.body.email);
    await requestPasswordReset(ctx.auth, request.body.email);
    return ok(null, RESET_REQUESTED);
  });

  app.post('/api/auth/reset/password', { schema: { body: resetBody } }, async (request) => {
    ctx.limiter.hit('reset', request.ip, request.body.email);
    const { userId, endedSessions } = await resetPassword(ctx.auth, request.body);
    announceSessionsEnded(ctx, endedSessions, userId);
    return ok(null, PASSWORD_RESET_DONE);
  });
}
