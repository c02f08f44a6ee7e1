/**
 * Presence in the worlds: `GET /api/rooms/enter/{1|2}`, `GET /api/rooms/leave`, `POST /api/rooms/walk`
 * (each with or without a trailing slash). Registering them attaches this node's world (snapshots and the
 * room fan-out) that the other room routes use through roomState/announceRoomChange.
 */
import { z } from 'zod';
import { walkBodySchema } from '../../../shared/api/rooms';
import { ErrorBag, AppError } from '../../domain/errors';
import { enterRoom, leaveRoom, walk } from '../../domain/world/presence';
import { roomStateChunks } from '../../domain/world/roomState';
import { COORDINATE_REQUIRED, FLIP_REQUIRED, NO_SUCH_ROOM } from '../../domain/world/presenceTexts';
import { attachWorld } from '../../domain/world/worldNode';
import type { Realtime } from '../../realtime/gateway';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requireUser, requireUserId } from '../requireUser';

const roomParams = z.object({ room: z.string() });

const ENVELOPE_OPEN = Buffer.from('{"success":true,"data":');
const ENVELOPE_CLOSE = Buffer.from('}');

/** A path and the same path with a trailing slash (the original client sends both). */
const withSlash = (path: string) => [path, `${path}/`];

/** The walk body, or a 422 naming each unusable field (an empty or non-numeric coordinate included). */
export function walkInput(body: unknown): { coordinate: number; flip: boolean } {
  const b = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const bag = new ErrorBag(['coordinate', 'flip']);
  const c = b.coordinate;
  // The schema coerces; only numbers and numeric text are a coordinate here ('' and null would read as 0).
  const numeric = typeof c === 'number' || (typeof c === 'string' && c.trim() !== '');
  const parsed = walkBodySchema.safeParse(b);
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  if (!numeric || bad.has('coordinate')) bag.add('coordinate', COORDINATE_REQUIRED);
  if (bad.has('flip')) bag.add('flip', FLIP_REQUIRED);
  bag.throwIfAny();
  return parsed.data!;
}

/** Registers the presence routes and attaches this node's world. */
export function roomRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const world = attachWorld(ctx, realtime);
  // Both rooms loaded before serving: this node then knows who is present to deliver their room's updates.
  app.addHook('onReady', async () => {
    await Promise.all([world.snapshot(1), world.snapshot(2)]);
  });
  app.addHook('onClose', async () => world.close());

  for (const path of withSlash('/api/rooms/enter/:room')) {
    app.get(path, { schema: { params: roomParams } }, async (request) => {
      const user = await requireUser(ctx, request);
      const raw = request.params.room;
      if (raw !== '1' && raw !== '2') throw new AppError(404, NO_SUCH_ROOM);
      return ok(await enterRoom(ctx, user.id, raw === '1' ? 1 : 2));
    });
  }

  for (const path of withSlash('/api/rooms/leave')) {
    app.get(path, async (request) => {
      const user = await requireUser(ctx, request);
      await leaveRoom(ctx, user.id);
      return ok(null);
    });
  }

  for (const path of withSlash('/api/rooms/walk')) {
    app.post(path, async (request, reply) => {
      // The session names the walker: a walk reads no user row (requireUserId).
      const userId = requireUserId(request);
      const { coordinate, flip } = walkInput(request.body);
      const room = await walk(ctx, userId, coordinate, flip);
      // The envelope around the snapshot's own JSON (the same bytes `ok(roomState(...))` gives), as one
      // buffer: a string answer of ~95 KB was measured, encoded and copied again on its way out.
      reply.type('application/json; charset=utf-8');
      return Buffer.concat([ENVELOPE_OPEN, ...(await roomStateChunks(ctx, room, userId)), ENVELOPE_CLOSE]);
    });
  }
}
