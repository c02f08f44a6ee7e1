/** `GET /api/game` (404 while no round exists) and `POST /api/game/join`. */
import { joinBodySchema } from '../../../shared/api/game';
import { loadGameView } from '../../domain/eidols/gameView';
import { joinRound } from '../../domain/eidols/joinRound';
import { NO_ROUND } from '../../domain/eidols/eidolTexts';
import { currentRound } from '../../domain/rounds/currentRound';
import { toUserView } from '../../domain/users/userView';
import { AppError } from '../../domain/errors';
import { createLedger } from '../../ledger/index';
import type { App, AppContext } from '../context';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';

/** Registers the game routes. */
export function gameRoutes(app: App, ctx: AppContext): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  app.get('/api/game', async (request) => {
    const user = await requireUser(ctx, request);
    const round = await currentRound(ctx.db.kysely);
    if (!round) throw new AppError(404, NO_ROUND);
    // The items exactly as the user view lists them (its one definition); the referral count plays no part.
    const items = toUserView(user, { publicUrl: ctx.config.publicUrl, balances: await ctx.balances(user.id), refCount: 0 }).items;
    return ok(await loadGameView(ctx.db.kysely, user, round, items, ctx.clock.now()));
  });

  app.post('/api/game/join', { schema: { body: joinBodySchema } }, async (request) => {
    const user = await requireUser(ctx, request);
    return ok(await joinRound(ledger, ctx.clock, user.id, request.body));
  });
}
