/**
 * Presence in the worlds (spec 3 §4, FACTS.md "World"): entering a room, leaving, walking, and the sweep
 * that ends the presence of masters gone silent. A player has one master row, reused on every visit.
 */
import { sql, type Kysely } from 'kysely';
import type { RoomState, WorldObject } from '../../../shared/api/rooms';
import { clampCoordinate, minCoordinate, spawnCoordinate, type RoomId, type Walker } from '../../../shared/rules/world';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import type { WorldContext } from './worldContext';
import { AppError } from '../errors';
import { PRESENCE_TIMEOUT_MS, seenRecently } from './presenceConfig';
import { ENTER_FIRST } from './presenceTexts';
import { ENTRY_LOCK, ENTRY_SPACING, ENTRY_SPOTS, entrySpot } from './entrySpot';
import { loadMaster } from './roomLoad';
import { roomState } from './roomState';
import { walkerOf } from './worldObjects';
import { worldOf } from './worldNode';

/** A present master: its object id, room and position. */
export interface PresentMaster {
  id: number;
  room: RoomId;
  coordinate: number;
  flip: boolean;
}

/**
 * The player's master if it is present in a room (room set and, when `nowMs` is given, heard from within
 * PRESENCE_TIMEOUT_MS; without it, the sweep's clearing of silent masters is relied on).
 */
export async function presentMaster(k: Kysely<Database>, userId: number, nowMs?: number): Promise<PresentMaster | undefined> {
  let q = k
    .selectFrom('world_objects')
    .select(['id', 'room', 'coordinate', 'flip'])
    .where('type', '=', 'master')
    .where('user_id', '=', userId)
    .where('room', 'is not', null);
  if (nowMs !== undefined) q = q.where('seen_at', '>', nowMs - PRESENCE_TIMEOUT_MS);
  const row = await q.executeTakeFirst();
  if (!row || (row.room !== 1 && row.room !== 2)) return undefined;
  return { id: Number(row.id), room: row.room, coordinate: Number(row.coordinate), flip: Number(row.flip) === 1 };
}

/**
 * Puts the player's master in `room`: where it stood if it is re-entering the room it is present in
 * (clamped to what its titles and Puff allow now), else at its entry point, or the next free spot past it
 * when another master stands there (entrySpot.ts). Leaving another room on the way.
 */
export async function enterRoom(ctx: WorldContext, userId: number, room: RoomId): Promise<RoomState> {
  // Walks still in the window written first: the row then holds where the master really stands.
  await worldOf(ctx).flushWrites();
  const k = ctx.db.kysely;
  const now = ctx.clock.now();
  const master = await loadMaster(k, userId, now);
  const user = master ? undefined : await k.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!master && !user) throw new AppError(401, 'Unauthenticated.');
  // One enter at a time per room on this node (they would only queue on the room's database lock); the
  // nodes' choices are kept apart by that lock (placeAtEntry).
  return entriesOf(worldOf(ctx)).run(room, () => enterAt(ctx, userId, room, master));
}

/** Runs a node's enters to each room one after another. */
class EntryQueue {
  private readonly tails = new Map<RoomId, Promise<unknown>>();

  run<T>(room: RoomId, fn: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(room) ?? Promise.resolve()).then(fn, fn);
    this.tails.set(
      room,
      next.catch(() => undefined),
    );
    return next;
  }
}

/** Each node's queue (by its world node: several nodes may share a process, as in the tests). */
const entryQueues = new WeakMap<object, EntryQueue>();
function entriesOf(node: object): EntryQueue {
  let queue = entryQueues.get(node);
  if (!queue) entryQueues.set(node, (queue = new EntryQueue()));
  return queue;
}

/**
 * Puts master `id` in `room` at the first free entry spot (entrySpot.ts) and answers it. The read of the
 * spots and the write are one transaction holding the room's lock: on PostgreSQL a transaction-level
 * advisory lock, so two nodes entering masters at the same moment never choose the same spot (the node's
 * own queue only orders its own enters); SQLite has one writer and one connection per process.
 */
async function placeAtEntry(db: Db, room: RoomId, walker: Walker, now: number, id: number): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ENTRY_LOCK}, ${room})`.execute(trx);
    const coordinate = entrySpot(room, walker, await occupiedNear(trx, room, walker, now, id));
    await trx.updateTable('world_objects').set({ room, coordinate, seen_at: now, updated_at: now }).where('id', '=', id).execute();
    return coordinate;
  });
}

/** The present masters' coordinates near `room`'s entry for `walker`, other than `selfId`'s. */
async function occupiedNear(k: Kysely<Database>, room: RoomId, walker: Walker, now: number, selfId: number | null): Promise<number[]> {
  const from = spawnCoordinate(room, walker);
  let q = k
    .selectFrom('world_objects')
    .select('coordinate')
    .where('type', '=', 'master')
    .where('room', '=', room)
    .where('seen_at', '>', now - PRESENCE_TIMEOUT_MS)
    .where('coordinate', '>=', from - ENTRY_SPACING)
    .where('coordinate', '<=', from + ENTRY_SPOTS * ENTRY_SPACING);
  if (selfId !== null) q = q.where('id', '!=', selfId);
  return (await q.execute()).map((r) => Number(r.coordinate));
}

async function enterAt(
  ctx: WorldContext,
  userId: number,
  room: RoomId,
  master: Awaited<ReturnType<typeof loadMaster>>,
): Promise<RoomState> {
  const k = ctx.db.kysely;
  const now = ctx.clock.now();
  let object: WorldObject;
  let from: number | null = null;
  if (master) {
    const walker = walkerOf(master.object);
    const staying = master.room === room && seenRecently(master.seenAt, now);
    let coordinate: number;
    if (staying) {
      coordinate = clampCoordinate(room, master.object.coordinate, walker);
      await k
        .updateTable('world_objects')
        .set({ room, coordinate, seen_at: now, updated_at: now })
        .where('id', '=', master.object.id)
        .execute();
    } else coordinate = await placeAtEntry(ctx.db, room, walker, now, master.object.id);
    object = { ...master.object, coordinate };
    from = master.room;
  } else {
    await k
      .insertInto('world_objects')
      .values({ type: 'master', user_id: userId, room, coordinate: 0, seen_at: now, updated_at: now, created_at: now })
      // Two first enters at once: one row all the same (the unique index on masters' user_id).
      .onConflict((oc) =>
        oc
          .column('user_id')
          .where(sql<boolean>`type = 'master'`)
          .doUpdateSet({ room, seen_at: now, updated_at: now }),
      )
      .execute();
    const made = (await loadMaster(k, userId, now))!;
    const walker = walkerOf(made.object);
    const coordinate = await placeAtEntry(ctx.db, room, walker, now, made.object.id);
    object = { ...made.object, coordinate };
  }
  const node = worldOf(ctx);
  if ((from === 1 || from === 2) && from !== room) node.announce(from, { removed: [object.id] });
  node.announce(room, { data: [object] });
  return roomState(ctx, room, userId);
}

/** Takes the player's master out of its room (nothing happens when it is in none). */
export async function leaveRoom(ctx: WorldContext, userId: number): Promise<void> {
  await worldOf(ctx).flushWrites();
  const k = ctx.db.kysely;
  const row = await presentMaster(k, userId);
  if (!row) return;
  const now = ctx.clock.now();
  const res = await k
    .updateTable('world_objects')
    .set({ room: null, updated_at: now })
    .where('id', '=', row.id)
    .where('room', '=', row.room)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) worldOf(ctx).announce(row.room, { removed: [row.id] });
}

/**
 * Moves the player's present master to `coordinate` (clamped for its titles and Puff) facing `flip`. The
 * hot path: the master and the answer come from the snapshot, the row is written with the window's other
 * walks (walkWrites.ts). A master this node does not know present is looked up in the database.
 * The titles and Puff are the object's, read again when the walk meets the limit they allow (a title or a
 * Puff gained since) and by the window's write (one lost since: the master is announced where it may stand).
 * Answers the room walked in (the caller answers its state: `roomStateChunks`).
 */
export async function walk(ctx: WorldContext, userId: number, coordinate: number, flip: boolean): Promise<RoomId> {
  const node = worldOf(ctx);
  const now = ctx.clock.now();
  const cutoff = now - PRESENCE_TIMEOUT_MS;
  const move = async (room: RoomId, master: WorldObject): Promise<RoomId> => {
    const object = coordinate < minCoordinate(room, walkerOf(master)) ? await node.recheck(room, userId, master) : master;
    const to = clampCoordinate(room, coordinate, walkerOf(object));
    node.queueWalk(object.id, { userId, room, coordinate: to, flip, seenAt: now });
    node.announce(room, { data: [{ ...object, coordinate: to, flip }] });
    return room;
  };
  for (const room of [1, 2] as const) {
    const snap = await node.snapshot(room);
    const object = snap.masterOf(userId);
    if (object && snap.heardSince(object.id, cutoff)) return move(room, object);
  }
  // Entered on another node a moment ago (its delta not here yet): the database knows.
  const master = await loadMaster(ctx.db.kysely, userId, now);
  const room = master?.room;
  if (!master || (room !== 1 && room !== 2) || master.seenAt <= cutoff) throw new AppError(409, ENTER_FIRST);
  return move(room, master.object);
}

/**
 * The leader's upkeep (every PRESENCE_SWEEP_MS): takes out of their room every master silent for longer
 * than PRESENCE_TIMEOUT_MS and every inscription whose time is over, and announces them as `removed`, so
 * clients drop them without a refetch. Returns how many masters it ended.
 *
 * The row leaving its room is the record that its end was announced, for inscriptions as for masters (the
 * inscription's text, votes and limit stay): whichever node leads next announces every end not announced
 * yet, also those that passed while no node led, which no node's snapshot may hold (a node started after
 * them loaded only standing inscriptions).
 */
export async function expirePresence(ctx: WorldContext): Promise<number> {
  // This node's walks of the current window first: a master that just walked is not silent.
  const node = worldOf(ctx);
  await node.flushWrites();
  const k = ctx.db.kysely;
  const now = ctx.clock.now();
  let ended = 0;
  for (const room of [1, 2] as const) {
    const over = await k
      .updateTable('world_objects')
      .set({ room: null, updated_at: now })
      .where('room', '=', room)
      .where((eb) =>
        eb.or([
          eb.and([eb('type', '=', 'master'), eb('seen_at', '<=', now - PRESENCE_TIMEOUT_MS)]),
          eb.and([eb('type', '=', 'scribe'), eb('limit_at', '<=', now)]),
        ]),
      )
      .returning(['id', 'type'])
      .execute();
    if (over.length > 0) node.announce(room, { removed: over.map((r) => Number(r.id)) });
    ended += over.filter((r) => r.type === 'master').length;
  }
  return ended;
}
