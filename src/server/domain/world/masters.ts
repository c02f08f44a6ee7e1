/**
 * What a player does to another player's master (spec 3 §4): luv it (`forumlike` to that player only, at
 * most once a minute per pair) or look up where to send it coins (its deposit address).
 */
import type { AddressDeriver } from '../../chain/depositAddresses';
import { ensureDepositAddress } from '../../chain/depositAddresses';
import type { RoomState } from '../../../shared/api/rooms';
import type { RoomId } from '../../../shared/rules/world';
import { AppError } from '../errors';
import { roomState } from './roomState';
import { seenRecently } from './presenceConfig';
import { LIKE_PACE } from './worldConfig';
import type { WorldActionContext } from './worldContext';
import { keepPace } from './worldPace';
import { LIKE_SELF, PLAYER_GONE, PLAYER_NOT_FOUND, likeTooFast } from './worldTexts';

/** The master object `id`: its player and whether it is present; 404 for an unknown or non-master id. */
async function masterOf(ctx: WorldActionContext, id: number): Promise<{ userId: number; room: RoomId | null; present: boolean }> {
  const row = await ctx.db.kysely
    .selectFrom('world_objects')
    .select(['user_id', 'room', 'seen_at'])
    .where('id', '=', id)
    .where('type', '=', 'master')
    .executeTakeFirst();
  if (!row) throw new AppError(404, PLAYER_NOT_FOUND);
  return { userId: row.user_id, room: row.room as RoomId | null, present: row.room !== null && seenRecently(row.seen_at, ctx.clock.now()) };
}

/**
 * Sends `from`'s luv to the present master `id`; refuses oneself (422), an absent master (409) and a repeat
 * within the minute (429). Answers the state of the liked player's room.
 */
export async function likeMaster(ctx: WorldActionContext, from: { id: number; name: string }, id: number): Promise<RoomState> {
  const target = await masterOf(ctx, id);
  if (target.userId === from.id) throw new AppError(422, LIKE_SELF, { id: [LIKE_SELF] });
  if (!target.present) throw new AppError(409, PLAYER_GONE);
  await keepPace(ctx.pace, `like:${from.id}:${target.userId}`, LIKE_PACE, ctx.clock.now(), likeTooFast);
  ctx.realtime.sendToUser(target.userId, 'forumlike', { id: target.userId, id_from: from.id, name_from: from.name });
  return roomState(ctx, target.room!, from.id);
}

/** The deposit address of master `id`'s player (what Send Coins opens /send/{address} with). */
export async function masterAddress(ctx: WorldActionContext, deposits: AddressDeriver, id: number): Promise<string> {
  const target = await masterOf(ctx, id);
  return ensureDepositAddress(ctx.db.kysely, deposits, target.userId, ctx.clock.now());
}
