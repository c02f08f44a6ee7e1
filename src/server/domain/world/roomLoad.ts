/** The database reads of the world: a room's objects and chat log (when a node first needs them), objects by id, one master. */
import type { Kysely } from 'kysely';
import type { ChatEntry, WorldObject } from '../../../shared/api/rooms';
import { itemAsset } from '../../../shared/money/assets';
import { WORLD_ITEM_IDS } from '../../../shared/rules/items';
import type { RoomId } from '../../../shared/rules/world';
import type { Database } from '../../db/schema';
import { CHAT_LOG_SIZE, PRESENCE_TIMEOUT_MS } from './presenceConfig';
import type { Stamped } from './roomSnapshot';
import { worldObjectOf, type ObjectRow } from './worldObjects';

type K = Kysely<Database>;

/** The columns of a world object joined with its player. */
function objectQuery(k: K) {
  return k
    .selectFrom('world_objects as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.type', 'w.user_id', 'w.coordinate', 'w.flip', 'w.verse', 'w.limit_at', 'w.seen_at', 'w.updated_at', 'w.room'])
    .select(['u.name', 'u.investor_skin_id', 'u.senator_until', 'u.patricius_until']);
}

/** The players among `userIds` holding at least one Puff (ledger balance, less what is reserved). */
export async function puffHolders(k: K, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await k
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'balance', 'debits_pending'])
    .where('owner_kind', '=', 'player')
    .where('name', '=', 'main')
    .where('asset', '=', itemAsset(WORLD_ITEM_IDS.PUFF))
    .where('owner_id', 'in', [...userIds])
    .execute();
  return new Set(rows.filter((r) => BigInt(r.balance) - BigInt(r.debits_pending) > 0n).map((r) => Number(r.owner_id)));
}

/** Voter ids per inscription. */
async function votesOf(k: K, objectIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (objectIds.length === 0) return out;
  const rows = await k
    .selectFrom('inscription_votes')
    .select(['object_id', 'user_id'])
    .where('object_id', 'in', [...objectIds])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.object_id)) ?? [];
    list.push(Number(r.user_id));
    out.set(Number(r.object_id), list);
  }
  return out;
}

/** Rows to wire objects, with their Puff and votes read in two queries. */
async function objectsOf(k: K, rows: readonly (ObjectRow & { seen_at: number; updated_at: number })[], nowMs: number): Promise<Stamped[]> {
  const puffs = await puffHolders(k, [...new Set(rows.map((r) => Number(r.user_id)))]);
  const votes = await votesOf(
    k,
    rows.filter((r) => r.type === 'scribe').map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    object: worldObjectOf(r, puffs.has(Number(r.user_id)), votes.get(Number(r.id)) ?? [], nowMs),
    stamp: Number(r.type === 'master' ? r.seen_at : r.updated_at),
  }));
}

/** A room's present masters and standing inscriptions. */
export async function loadRoomObjects(k: K, room: RoomId, nowMs: number): Promise<Stamped[]> {
  const rows = await objectQuery(k)
    .where('w.room', '=', room)
    .where((eb) =>
      eb.or([
        eb.and([eb('w.type', '=', 'master'), eb('w.seen_at', '>', nowMs - PRESENCE_TIMEOUT_MS)]),
        eb.and([eb('w.type', '=', 'scribe'), eb('w.limit_at', '>', nowMs)]),
      ]),
    )
    .orderBy('w.id')
    .execute();
  return objectsOf(k, rows, nowMs);
}

/**
 * The objects `ids` at `nowMs`, ordered by id (to announce a change of them): masters whether present or
 * not, inscriptions only while they stand (an ended one is never announced again).
 */
export async function loadObjects(k: K, ids: readonly number[], nowMs: number): Promise<WorldObject[]> {
  if (ids.length === 0) return [];
  const rows = await objectQuery(k)
    .where('w.id', 'in', [...ids])
    .where((eb) => eb.or([eb('w.type', '=', 'master'), eb('w.limit_at', '>', nowMs)]))
    .orderBy('w.id')
    .execute();
  return (await objectsOf(k, rows, nowMs)).map((s) => s.object);
}

/** The player's master with its room, whether present or not (undefined before its first visit). */
export async function loadMaster(
  k: K,
  userId: number,
  nowMs: number,
): Promise<{ object: WorldObject; room: number | null; seenAt: number } | undefined> {
  const row = await objectQuery(k).where('w.type', '=', 'master').where('w.user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const [stamped] = await objectsOf(k, [row], nowMs);
  return { object: stamped!.object, room: row.room === null ? null : Number(row.room), seenAt: Number(row.seen_at) };
}

/** The last chat entries of `room` a viewer in each channel hears (0, 1, 2), merged, oldest first. */
export async function loadChat(k: K, room: RoomId): Promise<ChatEntry[]> {
  const byId = new Map<number, ChatEntry>();
  for (const channel of [0, 1, 2]) {
    const rows = await k
      .selectFrom('chat_messages')
      .select(['id', 'room', 'channel', 'content', 'name', 'title'])
      .where('room', '=', room)
      .where('channel', '<=', channel)
      .orderBy('id', 'desc')
      .limit(CHAT_LOG_SIZE)
      .execute();
    for (const r of rows)
      byId.set(Number(r.id), {
        id: Number(r.id),
        room,
        channel: Number(r.channel),
        content: r.content,
        data: { name: r.name, title: r.title },
      });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
