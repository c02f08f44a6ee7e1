/**
 * The Forum's incense and caravan (spec 3 §4, src/server/domain/world/incense.ts and caravan.ts):
 * `POST /api/rooms/incense/ {incense_id}` and `POST /api/rooms/caravan/`, each with or without the
 * trailing slash. Both need a session and CSRF like every POST of the API scope. After the commit each
 * success is announced to everyone (forumincense, forumcaravan, forumcaravanunpack) with the Forum's ts,
 * and answered with the Forum's state (as every rooms call) beside the slot's or the caravan's fields.
 */
import { FORUM } from '../../../shared/rules/world';
import { caravanAction } from '../../domain/world/caravan';
import { burnIncense, readIncenseSlot } from '../../domain/world/incense';
import { caravanState } from '../../domain/shop/shopLocks';
import { roomState } from '../../domain/world/roomState';
import { createLedger } from '../../ledger/index';
import type { Realtime } from '../../realtime/gateway';
import type { App, AppContext } from '../context';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';

/** Registers the incense and caravan routes. */
export function roomEffectRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  for (const path of ['/api/rooms/incense', '/api/rooms/incense/']) {
    app.post(path, async (request) => {
      const user = await requireUser(ctx, request);
      const body = request.body as { incense_id?: unknown } | null | undefined;
      const slot = readIncenseSlot(body && typeof body === 'object' ? body.incense_id : undefined);
      const burn = await burnIncense(ledger, user.id, slot);
      const state = await roomState(ctx, FORUM, user.id);
      realtime.broadcast('forumincense', { room: FORUM, ts: state.ts, name: user.name, slot, until: burn.until });
      return ok({ ...burn, ...state });
    });
  }

  for (const path of ['/api/rooms/caravan', '/api/rooms/caravan/']) {
    app.post(path, async (request) => {
      const user = await requireUser(ctx, request);
      // What the player saw on arrival decides between unpack and send (caravanAction).
      const seen = await caravanState(ctx.db.kysely);
      const done = await caravanAction(ledger, user.id, seen);
      const state = await roomState(ctx, FORUM, user.id);
      const ts = state.ts;
      if (done.kind === 'sent') realtime.broadcast('forumcaravan', { room: FORUM, ts, name: user.name, returns_at: done.view.caravan });
      else realtime.broadcast('forumcaravanunpack', { room: FORUM, ts, name: user.name, item_id: done.itemId, caravan_items: done.goodsLeft });
      return ok({ ...(done.kind === 'sent' ? done.view : { ...done.view, item_id: done.itemId }), ...state });
    });
  }
}
