/**
 * The world's chat and social actions (spec 3 §7): `POST /api/rooms/verse|yell|scribe {verse}`,
 * `POST /api/rooms/vote|promote|like|send/{id}`, each also with a trailing slash. All need a player (and
 * CSRF, as every POST of the API scope); each answers the room's state, but send, which answers the master's
 * deposit address. src/server/domain/world/README.md lists the checks and texts.
 */
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/api/transactions';
import type { RouteModule } from '../../app';
import type { AddressDeriver } from '../../chain/depositAddresses';
import { AppError } from '../../domain/errors';
import { promoteInscription, voteInscription } from '../../domain/world/inscriptions';
import { likeMaster, masterAddress } from '../../domain/world/masters';
import { postChat } from '../../domain/world/postVerse';
import { scribeInscription } from '../../domain/world/scribeInscription';
import type { WorldActionContext } from '../../domain/world/worldContext';
import { shareWorld } from '../../domain/world/worldNode';
import { INSCRIPTION_NOT_FOUND, PLAYER_NOT_FOUND } from '../../domain/world/worldTexts';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';

const idParams = z.object({ id: z.string() });

/** The object id of a path, or a 404 with `text` for anything that cannot be one (never looked up). */
function objectIdOf(raw: string, text: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, text);
  return id;
}

/** The body's `verse` (read by the action, so a wrong one gets its 422 under `verse`). */
function verseOf(body: unknown): unknown {
  return body !== null && typeof body === 'object' ? (body as { verse?: unknown }).verse : undefined;
}

/** The chat routes; `deposits` derives the deposit addresses send answers (the chain gateway's). */
export function roomChatRoutes(deposits: AddressDeriver): RouteModule {
  return (app, appCtx, realtime) => {
    const ctx: WorldActionContext = {
      db: appCtx.db,
      clock: appCtx.clock,
      auth: appCtx.auth,
      config: appCtx.config,
      pace: appCtx.limiter.store,
      realtime,
    };
    // The actions read and announce rooms through the app's world node (roomRoutes attached it).
    shareWorld(appCtx, ctx);
    // The original client calls some rooms paths with a trailing slash: both spellings answer alike.
    const paths = (p: string) => [p, `${p}/`];

    for (const kind of ['verse', 'yell'] as const) {
      for (const p of paths(`/api/rooms/${kind}`)) {
        app.post(p, async (request) => ok(await postChat(ctx, (await requireUser(appCtx, request)).id, kind, verseOf(request.body))));
      }
    }
    for (const p of paths('/api/rooms/scribe')) {
      app.post(p, async (request, reply) => {
        const user = await requireUser(appCtx, request);
        // It spends a Scribe: once per Idempotency-Key, as the shop's calls.
        const { result, replayed } = await scribeInscription(ctx, user.id, verseOf(request.body), requestRefOf(request));
        if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return ok(result);
      });
    }
    for (const p of paths('/api/rooms/vote/:id')) {
      app.post(p, { schema: { params: idParams } }, async (request) => {
        const user = await requireUser(appCtx, request);
        return ok(await voteInscription(ctx, user.id, objectIdOf(request.params.id, INSCRIPTION_NOT_FOUND)));
      });
    }
    for (const p of paths('/api/rooms/promote/:id')) {
      app.post(p, { schema: { params: idParams } }, async (request) => {
        const user = await requireUser(appCtx, request);
        return ok(await promoteInscription(ctx, user, objectIdOf(request.params.id, INSCRIPTION_NOT_FOUND)));
      });
    }
    for (const p of paths('/api/rooms/like/:id')) {
      app.post(p, { schema: { params: idParams } }, async (request) => {
        const user = await requireUser(appCtx, request);
        return ok(await likeMaster(ctx, user, objectIdOf(request.params.id, PLAYER_NOT_FOUND)));
      });
    }
    for (const p of paths('/api/rooms/send/:id')) {
      app.post(p, { schema: { params: idParams } }, async (request) => {
        await requireUser(appCtx, request);
        return ok(await masterAddress(ctx, deposits, objectIdOf(request.params.id, PLAYER_NOT_FOUND)));
      });
    }
  };
}
