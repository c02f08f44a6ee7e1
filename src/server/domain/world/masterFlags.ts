/**
 * A master's walking rights as they are now: its player's active titles and whether it holds a Puff
 * (spec 3 §4). A master's object carries them as last read; the walk reads them again when a walk meets
 * the limit and with every window of walk writes, so a title or Puff gained or lost while present moves
 * the limit without a new enter (presence.ts, walkWrites.ts).
 */
import type { Kysely } from 'kysely';
import type { WorldObject } from '../../../shared/api/rooms';
import { clampCoordinate, titleActive, type RoomId } from '../../../shared/rules/world';
import type { Database } from '../../db/schema';
import { puffHolders } from './roomLoad';

/** The fields of a master's object that decide how far back it may walk. */
export interface MasterFlags {
  senator: boolean;
  patricius: boolean;
  puff: boolean;
}

/** The current flags of each of `userIds` at `nowMs` (two queries however many; unknown users are left out). */
export async function masterFlagsOf(k: Kysely<Database>, userIds: readonly number[], nowMs: number): Promise<Map<number, MasterFlags>> {
  const out = new Map<number, MasterFlags>();
  if (userIds.length === 0) return out;
  const ids = [...new Set(userIds)];
  const users = await k.selectFrom('users').select(['id', 'senator_until', 'patricius_until']).where('id', 'in', ids).execute();
  const puffs = await puffHolders(k, ids);
  for (const u of users) {
    const id = Number(u.id);
    out.set(id, {
      senator: titleActive(u.senator_until == null ? null : Number(u.senator_until), nowMs),
      patricius: titleActive(u.patricius_until == null ? null : Number(u.patricius_until), nowMs),
      puff: puffs.has(id),
    });
  }
  return out;
}

/**
 * The master `object` of `room` with `flags` and its coordinate clamped to what they allow; the object
 * itself when neither changes (so a caller can tell by identity whether to announce it).
 */
export function withFlags(room: RoomId, object: WorldObject, flags: MasterFlags): WorldObject {
  const coordinate = clampCoordinate(room, object.coordinate, { titled: flags.senator || flags.patricius, puff: flags.puff });
  if (
    coordinate === object.coordinate &&
    flags.senator === object.senator &&
    flags.patricius === object.patricius &&
    flags.puff === object.puff
  )
    return object;
  return { ...object, ...flags, coordinate };
}
