/** Onboarding flag and the public configuration. */
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';
import { loadUserView } from '../../domain/users/loadUserView';
import { findUserById } from '../../domain/users/userRepo';
import type { PublicConfig } from '../../../shared/api/auth';

/** Registers /api/onboarding/completed and /api/config. */
export function accountRoutes(app: App, ctx: AppContext): void {
  app.post('/api/onboarding/completed', async (request) => {
    const user = await requireUser(ctx, request);
    await ctx.db.kysely
      .updateTable('users')
      .set({ completed_onboarding: 1, updated_at: ctx.clock.now() })
      .where('id', '=', user.id)
      .execute();
    const row = (await findUserById(ctx.db.kysely, user.id)) ?? user;
    return ok(await loadUserView(ctx.db.kysely, ctx.balances, ctx.config.publicUrl, row, ctx.clock.now()));
  });

  app.get('/api/config', async () => {
    const data: PublicConfig = {
      product_name: ctx.config.productName,
      admin_name: ctx.config.adminName,
      round_open_seconds: ctx.config.roundOpenSeconds,
      round_locked_seconds: ctx.config.roundLockedSeconds,
    };
    return ok(data);
  });
}
