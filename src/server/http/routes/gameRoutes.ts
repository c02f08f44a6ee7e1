/** `GET /api/game` (404 while no round exists) and `POST /api/game/join`. */
import { joinBodySchema } from '../../../shared/api/game';
import { loadGameView } from '../../domain/eidols/gameView';
import { NO_ROUND } from '../../domain/eidols/eidolTexts';
import { currentRound } from '../../domain/rounds/currentRound';
import { toUserView } from '../../domain/users/userView';
import { AppError } from '../../domain/errors';
import { itemsOf } from '../../ledger/index';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requireUser, requireUserId } from '../requireUser';

/** Registers the game routes; joins go through the app's one batcher (ctx.joins, made in createApp). */
export function gameRoutes(app: App, ctx: AppContext): void {
  app.get('/api/game', async (request) => {
    const user = await requireUser(ctx, request);
    const round = await currentRound(ctx.db.kysely);
    if (!round) throw new AppError(404, NO_ROUND);
    // The items exactly as the user view lists them (its one definition); the referral count plays no part.
    const held = await itemsOf(ctx.db.kysely, user.id);
    const items = toUserView(user, {
      publicUrl: ctx.config.publicUrl,
      balances: await ctx.balances(user.id),
      refCount: 0,
      items: held,
    }).items;
    return ok(await loadGameView(ctx.db.kysely, user, round, items, ctx.clock.now()));
  });

  app.post('/api/game/join', { schema: { body: joinBodySchema } }, async (request) => {
    // The session alone names the player: the join's own transaction reads the user row (its level), so
    // the hot path skips requireUser's second read.
    return ok(await ctx.joins.join(requireUserId(request), request.body));
  });
}
