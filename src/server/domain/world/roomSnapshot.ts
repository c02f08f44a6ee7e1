/**
 * One node's picture of one room, kept current by the room's deltas (every node receives every delta):
 * its objects, its `ts`, and the last chat entries each channel can hear. Pure: time is passed in.
 *
 * Deltas can reach a node out of order (this node's own change is applied at once, and its batch comes
 * back through the bus later), so each object id keeps the stamp (room ts) of its last change, also after
 * it is removed, and a delta older than that stamp leaves the object alone.
 */
import type { ChatEntry, WorldObject } from '../../../shared/api/rooms';
import { channelVisible } from '../../../shared/rules/world';
import { ListBytes } from './listBytes';
import { CHAT_LOG_SIZE, PRESENCE_TIMEOUT_MS, SNAPSHOT_REFRESH_MS } from './presenceConfig';
import { utcMs } from './worldObjects';

/** What changed in a room: whole objects added or moved, ids removed, new chat entries. */
export interface RoomChange {
  data?: readonly WorldObject[];
  removed?: readonly number[];
  chat?: readonly ChatEntry[];
}

/** An object read from the database with its stamp (a master's `seen_at`, an inscription's `updated_at`). */
export interface Stamped {
  object: WorldObject;
  stamp: number;
}

/** The viewer channels (0 the square, 1 the senate, 2 the deepest): one chat log each. */
const CHANNELS = [0, 1, 2] as const;

/** A room as this node sees it. */
export class RoomSnapshot {
  /** The room's last change (epoch ms), strictly increasing on this node. */
  ts = 0;
  private readonly objects = new Map<number, WorldObject>();
  /** Object id → room ts of its last change (kept after removal, so an older delta cannot bring it back). */
  private readonly stamps = new Map<number, number>();
  /** User id → its master's object id, for the masters in the room. */
  private readonly masters = new Map<number, number>();
  /** Inscription id → epoch ms it stands until. */
  private readonly limits = new Map<number, number>();
  /** Per viewer channel, the last entries it can hear, oldest first. */
  private readonly chat: ChatEntry[][] = [[], [], []];
  private listed: WorldObject[] | undefined;
  private listedAt = 0;
  /** When the first object of `listed` ends (a master falls silent, an inscription's time is over). */
  private listedUntil = Infinity;
  /**
   * JSON texts of the objects (never changed once made: a change is a new object). A walk changes one
   * object, so the room's answer to it reuses the other objects' texts instead of serialising the room again.
   */
  private readonly texts = new WeakMap<object, string>();
  /** The current list as UTF-8 blocks: a walk's answer re-encodes only the block of the master that moved. */
  private readonly listBytes = new ListBytes<WorldObject>((o) => this.json(o));
  /** UTF-8 of the chat logs handed out (a log is never changed once made: a new entry makes a new log). */
  private readonly chatBytes = new WeakMap<object, Buffer>();

  /** Moves `ts` on for a change made now: max(previous + 1, now). */
  bump(nowMs: number): number {
    this.ts = Math.max(this.ts + 1, nowMs);
    return this.ts;
  }

  /** Applies a delta stamped `stamp` (the ts of the change, or of the batch carrying it). */
  apply(change: RoomChange, stamp: number): void {
    this.ts = Math.max(this.ts, stamp);
    for (const id of change.removed ?? []) {
      if (!this.fresh(id, stamp)) continue;
      const gone = this.objects.get(id);
      if (gone?.type === 'master' && this.masters.get(gone.user_id) === id) this.masters.delete(gone.user_id);
      this.objects.delete(id);
      this.limits.delete(id);
      this.stamps.set(id, stamp);
      this.listed = undefined;
    }
    for (const o of change.data ?? []) {
      if (!this.fresh(o.id, stamp)) continue;
      this.put(o);
      this.stamps.set(o.id, stamp);
    }
    for (const entry of change.chat ?? []) this.addChat(entry);
  }

  /**
   * Objects read from the database while deltas kept arriving: taken only for ids no delta touched (a
   * delta is at least as new as the read), and chat entries merged by id.
   */
  load(objects: readonly Stamped[], chat: readonly ChatEntry[]): void {
    for (const { object, stamp } of objects) {
      // A node started later answers with the room's last change as the database knows it.
      this.ts = Math.max(this.ts, stamp);
      if (this.stamps.has(object.id)) continue;
      this.put(object);
      this.stamps.set(object.id, stamp);
    }
    for (const entry of chat) this.addChat(entry);
  }

  /**
   * The room's objects at `nowMs`: masters heard from within the presence timeout, inscriptions still
   * standing. A list handed out is reused while nothing changed, for at most SNAPSHOT_REFRESH_MS and never
   * past the end of one of its objects (an ended inscription is never answered, not even for a moment).
   */
  list(nowMs: number): WorldObject[] {
    if (this.listed && nowMs - this.listedAt < SNAPSHOT_REFRESH_MS && nowMs >= this.listedAt && nowMs < this.listedUntil)
      return this.listed;
    const out: WorldObject[] = [];
    let until = Infinity;
    for (const o of this.objects.values()) {
      const end = o.type === 'master' ? (this.stamps.get(o.id) ?? 0) + PRESENCE_TIMEOUT_MS : (this.limits.get(o.id) ?? 0);
      if (end <= nowMs) continue;
      out.push(o);
      until = Math.min(until, end);
    }
    this.listed = out;
    this.listedAt = nowMs;
    this.listedUntil = until;
    return out;
  }

  /**
   * `list(nowMs)` as UTF-8 JSON chunks, in order (together the text `JSON.stringify` gives), each object
   * serialised once and encoded once per block: the walk's answer.
   */
  listJsonChunks(nowMs: number): Buffer[] {
    return this.listBytes.chunks(this.list(nowMs));
  }

  /** `chatLog(channel)` as UTF-8 JSON. */
  chatLogBytes(channel: number): Buffer {
    const log = this.chatLog(channel);
    let bytes = this.chatBytes.get(log);
    if (bytes === undefined) this.chatBytes.set(log, (bytes = Buffer.from(JSON.stringify(log))));
    return bytes;
  }

  private json(value: object): string {
    let text = this.texts.get(value);
    if (text === undefined) this.texts.set(value, (text = JSON.stringify(value)));
    return text;
  }

  /** The master of `userId` in this room, if this node knows it there. */
  masterOf(userId: number): WorldObject | undefined {
    const id = this.masters.get(userId);
    return id === undefined ? undefined : this.objects.get(id);
  }

  /** True when the object changed (a master walked or entered) after `sinceMs`. */
  heardSince(id: number, sinceMs: number): boolean {
    return (this.stamps.get(id) ?? -Infinity) > sinceMs;
  }

  /** The players with a master in this room (the recipients of its `forumupd`). */
  presentUsers(): IterableIterator<number> {
    return this.masters.keys();
  }

  /** The last chat entries a viewer standing in `channel` can hear, oldest first. */
  chatLog(channel: number): ChatEntry[] {
    return this.chat[Math.max(0, Math.min(2, channel))]!;
  }

  private fresh(id: number, stamp: number): boolean {
    return (this.stamps.get(id) ?? -Infinity) <= stamp;
  }

  private put(o: WorldObject): void {
    const before = this.objects.get(o.id);
    // This node's own batch back from the bus (in-process, the very objects): nothing changed, the list stands.
    if (before === o) return;
    if (before?.type === 'master' && before.user_id !== o.user_id) this.masters.delete(before.user_id);
    this.objects.set(o.id, o);
    if (o.type === 'master') this.masters.set(o.user_id, o.id);
    else this.limits.set(o.id, utcMs(o.data.limit));
    this.relist(before, o);
  }

  /**
   * After `o` replaced `before`: a master that moved keeps its place in the list (a Map keeps a key's
   * order) and is only heard from later (a delta's stamp is never older), so the list handed out is still
   * the list but for that one object: a copy with it replaced, instead of a rebuild over the whole room for
   * every walk. Anything else (an object new to the list, an inscription's limit) rebuilds it.
   */
  private relist(before: WorldObject | undefined, o: WorldObject): void {
    const listed = this.listed;
    const canPatch = listed !== undefined && before?.type === 'master' && o.type === 'master' && before.user_id === o.user_id;
    const i = canPatch ? listed.indexOf(before) : -1;
    if (i < 0) {
      this.listed = undefined;
      return;
    }
    // A copy: answers already handed out keep the list they were given.
    const next = listed!.slice();
    next[i] = o;
    this.listBytes.replaced(listed!, next, i);
    this.listed = next;
  }

  private addChat(entry: ChatEntry): void {
    for (const v of CHANNELS) {
      if (!channelVisible(entry.channel, v)) continue;
      const log = this.chat[v]!;
      // Entries come in id order but for the rare delta from another node that overtook; insert in place.
      let i = log.length;
      while (i > 0 && log[i - 1]!.id > entry.id) i--;
      // The same entry again is a verse burst's entry rewritten with the text so far: it takes the old one's place.
      const same = i > 0 && log[i - 1]!.id === entry.id;
      // A fresh array: answers already handed out keep the log they were given.
      const next = [...log.slice(0, same ? i - 1 : i), entry, ...log.slice(i)];
      this.chat[v] = next.length > CHAT_LOG_SIZE ? next.slice(next.length - CHAT_LOG_SIZE) : next;
    }
  }
}
