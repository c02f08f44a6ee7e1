/**
 * Votes and promotions of standing inscriptions (spec 3 §4, §6): every player may vote once for an
 * inscription (the `inscription_votes` key decides a race); only the {name} account (ADMIN_NAME) promotes,
 * which marks it promoted and lets it stand PROMOTE_DAYS longer (each promotion adds as much again).
 */
import { sql } from 'kysely';
import type { RoomState, WorldObject } from '../../../shared/api/rooms';
import type { RoomId } from '../../../shared/rules/world';
import { AppError } from '../errors';
import { announceRoomChange } from './roomFanout';
import { loadObjects } from './roomLoad';
import { roomState } from './roomState';
import { DAY_MS, PROMOTE_DAYS } from './worldConfig';
import type { WorldActionContext } from './worldContext';
import { ALREADY_VOTED, INSCRIPTION_NOT_FOUND, onlyAdminPromotes } from './worldTexts';

/** The room of standing inscription `id`; 404 for a missing, ended or non-inscription id. */
async function standingRoom(ctx: WorldActionContext, id: number): Promise<RoomId> {
  const row = await ctx.db.kysely
    .selectFrom('world_objects')
    .select('room')
    .where('id', '=', id)
    .where('type', '=', 'scribe')
    .where('limit_at', '>', ctx.clock.now())
    .executeTakeFirst();
  if (!row || row.room === null) throw new AppError(404, INSCRIPTION_NOT_FOUND);
  return row.room as RoomId;
}

/** Announces the inscription's new state to its room; answers the room's state as `userId` sees it. */
async function announce(ctx: WorldActionContext, room: RoomId, id: number, userId: number): Promise<RoomState> {
  const [object] = (await loadObjects(ctx.db.kysely, [id], ctx.clock.now())) as [WorldObject];
  await announceRoomChange(ctx, room, { data: [object] });
  return roomState(ctx, room, userId);
}

/** Records `userId`'s vote for inscription `id`; 409 for a second vote (nothing changes then). */
export async function voteInscription(ctx: WorldActionContext, userId: number, id: number): Promise<RoomState> {
  const room = await standingRoom(ctx, id);
  const r = await ctx.db.kysely
    .insertInto('inscription_votes')
    .values({ object_id: id, user_id: userId, created_at: ctx.clock.now() })
    .onConflict((oc) => oc.columns(['object_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(r.numInsertedOrUpdatedRows ?? 0n) === 0) throw new AppError(409, ALREADY_VOTED);
  return announce(ctx, room, id, userId);
}

/** Promotes inscription `id` for the {name} account (`userName`); 403 for anyone else. */
export async function promoteInscription(ctx: WorldActionContext, user: { id: number; name: string }, id: number): Promise<RoomState> {
  if (user.name !== ctx.config.adminName) throw new AppError(403, onlyAdminPromotes(ctx.config.adminName));
  const room = await standingRoom(ctx, id);
  // Extended in the statement itself: two promotions at once add twice, never overwrite each other. Only
  // while it still stands: an end the sweep announced meanwhile (the row left its room) stays an end.
  const now = ctx.clock.now();
  const r = await ctx.db.kysely
    .updateTable('world_objects')
    .set({ promoted: 1, limit_at: sql<number>`limit_at + ${PROMOTE_DAYS * DAY_MS}`, updated_at: now })
    .where('id', '=', id)
    .where('room', '=', room)
    .where('limit_at', '>', now)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError(404, INSCRIPTION_NOT_FOUND);
  return announce(ctx, room, id, user.id);
}
