/**
 * Stand-in for the room fan-out (the presence module owns the real one: a per-room batcher, one `forumupd`
 * per room per window, across nodes). This one bumps the room's `ts` and sends each change at once to the
 * players present in the room.
 */
import type { ChatEntry, WorldObject } from '../../../shared/api/rooms';
import type { RoomId } from '../../../shared/rules/world';
import type { WorldContext } from './worldContext';

/** What changed in a room. */
export interface RoomChange {
  data?: WorldObject[];
  removed?: number[];
  chat?: ChatEntry[];
}

/** A stand-in presence window (the presence module reads PRESENCE_TIMEOUT). */
export const STANDIN_PRESENCE_MS = 90_000;

const lastTs = new WeakMap<object, Map<RoomId, number>>();

/** The room's state time: strictly increasing per room on this node (max(prev + 1, now)). */
export function bumpRoomTs(ctx: WorldContext, room: RoomId): number {
  const rooms = lastTs.get(ctx.db) ?? new Map<RoomId, number>();
  lastTs.set(ctx.db, rooms);
  const ts = Math.max((rooms.get(room) ?? 0) + 1, ctx.clock.now());
  rooms.set(room, ts);
  return ts;
}

/** The room's last state time (now when nothing changed yet). */
export function roomTs(ctx: WorldContext, room: RoomId): number {
  return lastTs.get(ctx.db)?.get(room) ?? ctx.clock.now();
}

/** Announces `change` to the players present in `room` as a `forumupd`, with a new `ts`. */
export async function announceRoomChange(ctx: WorldContext, room: RoomId, change: RoomChange): Promise<void> {
  const ts = bumpRoomTs(ctx, room);
  const present = await ctx.db.kysely
    .selectFrom('world_objects')
    .select('user_id')
    .where('type', '=', 'master')
    .where('room', '=', room)
    .where('seen_at', '>=', ctx.clock.now() - STANDIN_PRESENCE_MS)
    .execute();
  const payload = { room, ts, data: change.data ?? [], removed: change.removed ?? [], chat: change.chat ?? [] };
  for (const p of present) ctx.realtime.sendToUser(p.user_id, 'forumupd', payload);
}
