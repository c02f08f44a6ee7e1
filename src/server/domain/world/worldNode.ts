/**
 * This node's part of the worlds: a snapshot per room (loaded from the database once, then kept current by
 * every delta of the room, this node's and the others'), and the fan-out batcher. Changes announced here
 * are applied to the snapshot at once (so the answer to the call that made them shows them), gathered per
 * room for FANOUT_WINDOW_MS, and published as one `forumupd` through the bus; every node, this one too,
 * applies the batch to its snapshot and hands it to the sockets of the players present in the room.
 */
import type { ForumUpdate, WorldObject } from '../../../shared/api/rooms';
import type { RoomId } from '../../../shared/rules/world';
import type { ClockTimer } from '../../clock';
import type { RoomSender, WorldContext } from './worldContext';
import { FANOUT_WINDOW_MS } from './presenceConfig';
import { RoomBatch } from './roomBatch';
import { masterFlagsOf, withFlags } from './masterFlags';
import { loadChat, loadRoomObjects } from './roomLoad';
import { RoomSnapshot, type RoomChange } from './roomSnapshot';
import { WalkWrites, type WalkWrite, type WrittenWalks } from './walkWrites';

/** The world state and fan-out of one node (one per app). */
export class WorldNode {
  private readonly snapshots = new Map<RoomId, RoomSnapshot>([
    [1, new RoomSnapshot()],
    [2, new RoomSnapshot()],
  ]);
  private readonly loading = new Map<RoomId, Promise<void>>();
  private readonly batches = new Map<RoomId, RoomBatch>();
  private readonly timers = new Map<RoomId, ClockTimer>();
  private readonly writes: WalkWrites;
  private writeTimer: ClockTimer | undefined;
  /** Players whose flags a walk read again in the current write window (at most once each per window). */
  private readonly rechecked = new Set<number>();
  private closed = false;

  constructor(
    private readonly ctx: WorldContext,
    private readonly realtime: RoomSender,
  ) {
    this.writes = new WalkWrites(ctx, (written) => this.correct(written));
    realtime.setRoomResolver((room, event, payload) =>
      event === 'forumupd' && (room === 1 || room === 2) ? this.received(room, payload as ForumUpdate) : { users: [] },
    );
  }

  /** The room's snapshot, loaded from the database on first use (deltas received meanwhile are kept). */
  async snapshot(room: RoomId): Promise<RoomSnapshot> {
    const snap = this.snapshots.get(room)!;
    let loading = this.loading.get(room);
    if (!loading) {
      loading = this.load(room, snap);
      this.loading.set(room, loading);
      // A failed load is tried again by the next caller.
      loading.catch(() => this.loading.delete(room));
    }
    await loading;
    return snap;
  }

  /** The room's snapshot as it is now, loaded or not (deltas reach it either way). */
  peek(room: RoomId): RoomSnapshot {
    return this.snapshots.get(room)!;
  }

  /** Applies a change made on this node, bumps the room's ts, and queues it for the next `forumupd`; returns the ts. */
  announce(room: RoomId, change: RoomChange): number {
    const snap = this.snapshots.get(room)!;
    const ts = snap.bump(this.ctx.clock.now());
    snap.apply(change, ts);
    let batch = this.batches.get(room);
    if (!batch) this.batches.set(room, (batch = new RoomBatch(room)));
    batch.add(change, ts);
    if (!this.timers.has(room) && !this.closed)
      this.timers.set(
        room,
        this.ctx.clock.setTimeout(() => this.flush(room), FANOUT_WINDOW_MS),
      );
    return ts;
  }

  /** Queues a walked master's row update; written with the other walks of the window (walkWrites.ts). */
  queueWalk(id: number, write: WalkWrite): void {
    this.writes.queue(id, write);
    if (!this.writeTimer && !this.closed) this.writeTimer = this.ctx.clock.setTimeout(() => void this.flushWrites(), FANOUT_WINDOW_MS);
  }

  /** Writes the queued walk positions now; resolves once they are in the database. */
  flushWrites(): Promise<void> {
    this.writeTimer?.cancel();
    this.writeTimer = undefined;
    this.rechecked.clear();
    return this.writes.flush();
  }

  /**
   * The master `object` of `userId` in `room` with its titles and Puff read again, for a walk that meets
   * the limit its object allows (the player may have gained a title or a Puff since it was read). Read at
   * most once per player per write window, so a client pressing against its limit costs no query per walk.
   */
  async recheck(room: RoomId, userId: number, object: WorldObject): Promise<WorldObject> {
    if (this.rechecked.has(userId)) return object;
    this.rechecked.add(userId);
    const flags = (await masterFlagsOf(this.ctx.db.kysely, [userId], this.ctx.clock.now())).get(userId);
    return flags ? withFlags(room, object, flags) : object;
  }

  /** Sends every room's pending batch now (tests, shutdown). */
  flushAll(): void {
    for (const room of [...this.batches.keys()]) this.flush(room);
  }

  /** Writes the pending walks and stops the window timers; pending updates are dropped (clients refetch on resubscribe). */
  async close(): Promise<void> {
    await this.flushWrites();
    this.closed = true;
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.batches.clear();
  }

  private flush(room: RoomId): void {
    this.timers.get(room)?.cancel();
    this.timers.delete(room);
    const batch = this.batches.get(room);
    this.batches.delete(room);
    if (batch && !this.closed) this.realtime.sendToRoom(room, 'forumupd', batch.update());
  }

  /**
   * After a window of walks is written: each master whose titles or Puff changed since its object was read
   * is announced with its new flags, standing where they allow (a newer walk of it is clamped by its own window).
   */
  private correct(written: WrittenWalks): void {
    for (const [id, { write, flags }] of written) {
      if (!flags) continue;
      const current = this.snapshots.get(write.room)!.masterOf(write.userId);
      if (current?.id !== id) continue;
      const next = withFlags(write.room, current, flags);
      if (next !== current) this.announce(write.room, { data: [next] });
    }
  }

  /**
   * A batch from the bus (this node's or another's): applied, then sent to the players present here. The
   * original product's client replaces its whole list with each `forumupd` (a delta throws there), so its
   * message carries the room's objects as `data.original`, with the room's `ts`.
   */
  private received(room: RoomId, update: ForumUpdate): { users: Iterable<number>; original: () => Record<string, unknown> } {
    const snap = this.snapshots.get(room)!;
    snap.apply(update, update.ts);
    return { users: snap.presentUsers(), original: () => originalForumUpdate(room, snap, this.ctx.clock.now()) };
  }

  private async load(room: RoomId, snap: RoomSnapshot): Promise<void> {
    const k = this.ctx.db.kysely;
    const objects = await loadRoomObjects(k, room, this.ctx.clock.now());
    snap.load(objects, await loadChat(k, room));
  }
}

/** `forumupd` as the original product's client reads it: the room's whole object list, and `ts`. */
export function originalForumUpdate(room: RoomId, snap: RoomSnapshot, nowMs: number): Record<string, unknown> {
  return { room, ts: snap.ts, data: { original: snap.list(nowMs), ts: snap.ts } };
}

const nodes = new WeakMap<WorldContext, WorldNode>();

/** Creates this app's world node (once; the room routes do it) and returns it. */
export function attachWorld(ctx: WorldContext, realtime: RoomSender): WorldNode {
  let node = nodes.get(ctx);
  if (!node) nodes.set(ctx, (node = new WorldNode(ctx, realtime)));
  return node;
}

/** Lets `alias`, a narrower context built from the app's `app`, reach the app's world node. */
export function shareWorld(app: WorldContext, alias: WorldContext): void {
  nodes.set(alias, worldOf(app));
}

/** This app's world node; the room routes must have been registered. */
export function worldOf(ctx: WorldContext): WorldNode {
  const node = nodes.get(ctx);
  if (!node) throw new Error('the world is not attached: register roomRoutes');
  return node;
}
