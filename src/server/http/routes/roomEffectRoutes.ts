/**
 * The Forum's incense and caravan (spec 3 §4, src/server/domain/world/incense.ts and caravan.ts):
 * `POST /api/rooms/incense/ {incense_id}` and `POST /api/rooms/caravan/`, each with or without the
 * trailing slash. Both need a session and CSRF like every POST of the API scope. After the commit each
 * success is announced to everyone (forumincense, forumcaravan, forumcaravanunpack) with the Forum's ts,
 * and answered with the Forum's state (as every rooms call) beside the slot's or the caravan's fields.
 * Both spend items, so both take an `Idempotency-Key` (http/idempotency.ts): a retry with the same key
 * spends nothing more, announces nothing, and answers the stored fields (marked `Idempotent-Replayed`).
 */
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/api/transactions';
import { FORUM } from '../../../shared/rules/world';
import { caravanAction } from '../../domain/world/caravan';
import { burnIncense, readIncenseSlot } from '../../domain/world/incense';
import { caravanState } from '../../domain/shop/shopLocks';
import { roomState } from '../../domain/world/roomState';
import { createLedger } from '../../ledger/index';
import type { Realtime } from '../../realtime/gateway';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';

/** Registers the incense and caravan routes. */
export function roomEffectRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  for (const path of ['/api/rooms/incense', '/api/rooms/incense/']) {
    app.post(path, async (request, reply) => {
      const user = await requireUser(ctx, request);
      const body = request.body as { incense_id?: unknown } | null | undefined;
      const slot = readIncenseSlot(body && typeof body === 'object' ? body.incense_id : undefined);
      const { result: burn, replayed } = await burnIncense(ledger, user.id, slot, requestRefOf(request));
      // The stored burn, with the Forum as it is now (as every rooms call answers it).
      const state = await roomState(ctx, FORUM, user.id);
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      else realtime.broadcast('forumincense', { room: FORUM, ts: state.ts, name: user.name, slot, until: burn.until });
      return ok({ ...burn, ...state });
    });
  }

  for (const path of ['/api/rooms/caravan', '/api/rooms/caravan/']) {
    app.post(path, async (request, reply) => {
      const user = await requireUser(ctx, request);
      const ref = requestRefOf(request);
      // What the player saw on arrival decides between unpack and send (caravanAction).
      const seen = await caravanState(ctx.db.kysely);
      const { result: done, replayed } = await caravanAction(ledger, user.id, seen, ref);
      const state = await roomState(ctx, FORUM, user.id);
      const ts = state.ts;
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      else if (done.kind === 'sent')
        realtime.broadcast('forumcaravan', { room: FORUM, ts, name: user.name, returns_at: done.view.caravan });
      else
        realtime.broadcast('forumcaravanunpack', { room: FORUM, ts, name: user.name, item_id: done.itemId, caravan_items: done.goodsLeft });
      return ok({ ...(done.kind === 'sent' ? done.view : { ...done.view, item_id: done.itemId }), ...state });
    });
  }
}
