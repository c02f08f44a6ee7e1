/** `POST /api/oogle/free` and `POST /api/oogle/buy {type}`: eggs (idempotent with an Idempotency-Key). */
import { buyEggBodySchema } from '../../../shared/api/game';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/api/transactions';
import { buyEgg, growFreeEgg } from '../../domain/eidols/growEgg';
import { createLedger } from '../../ledger/index';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';

/** Registers the egg routes. */
export function eggRoutes(app: App, ctx: AppContext): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  app.post('/api/oogle/free', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const outcome = await growFreeEgg(ledger, user.id, requestRefOf(request));
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return ok(outcome.result);
  });

  app.post('/api/oogle/buy', { schema: { body: buyEggBodySchema } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const outcome = await buyEgg(ledger, user.id, request.body.type, requestRefOf(request));
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return ok(outcome.result);
  });
}
