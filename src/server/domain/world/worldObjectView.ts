/**
 * World objects and chat entries as the wire carries them (rooms.ts): a master or an inscription with its
 * author's name, skin, Puff and active titles, an inscription's votes and standing time.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ChatEntry, WorldObject } from '../../../shared/api/rooms';
import { titleActive, titleBadge, type RoomId } from '../../../shared/rules/world';
import type { Database } from '../../db/schema';
import type { ChatMessagesTable } from '../../db/tables/world';
import { wireTime } from '../users/userTime';
import { puffHolders } from './roomLoad';

/** Which objects to load: by id, or a room's present masters (seen since `seenSince`) and standing inscriptions. */
export type ObjectFilter = { ids: readonly number[] } | { room: RoomId; seenSince: number };

/** The title badge of a user row at `now`. */
export function badgeOf(u: { senator_until: number | null; patricius_until: number | null }, now: number): string {
  return titleBadge(titleActive(u.senator_until, now), titleActive(u.patricius_until, now));
}

/** The wire chat entry of a stored verse or yell. */
export function toChatEntry(m: Selectable<ChatMessagesTable>): ChatEntry {
  return { id: m.id, room: m.room as RoomId, channel: m.channel, content: m.content, data: { name: m.name, title: m.title } };
}

/** The objects of `filter` at `now` (ordered by id); an ended inscription is never returned. */
export async function loadWorldObjects(k: Kysely<Database>, filter: ObjectFilter, now: number): Promise<WorldObject[]> {
  if ('ids' in filter && filter.ids.length === 0) return [];
  let q = k
    .selectFrom('world_objects as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.type', 'o.user_id', 'o.room', 'o.coordinate', 'o.flip', 'o.verse', 'o.limit_at', 'o.seen_at'])
    .select(['u.name', 'u.investor_skin_id', 'u.senator_until', 'u.patricius_until'])
    .where((eb) => eb.or([eb('o.type', '=', 'master'), eb('o.limit_at', '>', now)]));
  if ('ids' in filter) q = q.where('o.id', 'in', [...filter.ids]);
  else {
    const { room, seenSince } = filter;
    q = q.where('o.room', '=', room).where((eb) => eb.or([eb('o.type', '=', 'scribe'), eb('o.seen_at', '>=', seenSince)]));
  }
  const rows = await q.orderBy('o.id').execute();
  if (rows.length === 0) return [];
  const users = [...new Set(rows.map((r) => r.user_id))];
  // One definition of holding a Puff with the room's snapshot and the walk's limits (less what is reserved).
  const puff = await puffHolders(k, users);
  const scribes = rows.filter((r) => r.type === 'scribe').map((r) => r.id);
  const votes = new Map<number, number[]>();
  if (scribes.length > 0) {
    const vs = await k.selectFrom('inscription_votes').select(['object_id', 'user_id']).where('object_id', 'in', scribes).orderBy('created_at').orderBy('user_id').execute();
    for (const v of vs) votes.set(v.object_id, [...(votes.get(v.object_id) ?? []), v.user_id]);
  }
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    type: r.type,
    name: r.name,
    coordinate: r.coordinate,
    flip: r.flip === 1,
    skin_id: r.investor_skin_id,
    puff: puff.has(r.user_id),
    senator: titleActive(r.senator_until, now),
    patricius: titleActive(r.patricius_until, now),
    data: { verse: r.verse, votes: votes.get(r.id) ?? [], limit: r.type === 'scribe' ? (wireTime(r.limit_at) ?? '') : '' },
  }));
}
