/**
 * The changes of one room gathered during one fan-out window, merged so the `forumupd` carries each object
 * once, in its last state: a walk followed by ten walks sends the last position only.
 */
import type { ChatEntry, ForumUpdate, WorldObject } from '../../../shared/api/rooms';
import type { RoomId } from '../../../shared/rules/world';
import type { RoomChange } from './roomSnapshot';

/** A room's pending changes. */
export class RoomBatch {
  private readonly data = new Map<number, WorldObject>();
  private readonly removed = new Set<number>();
  private readonly chat: ChatEntry[] = [];
  /** The ts of the last change added. */
  ts = 0;

  constructor(readonly room: RoomId) {}

  /** Adds a change stamped `ts`; a later change of the same object replaces the earlier one. */
  add(change: RoomChange, ts: number): void {
    this.ts = Math.max(this.ts, ts);
    for (const id of change.removed ?? []) {
      this.data.delete(id);
      this.removed.add(id);
    }
    for (const o of change.data ?? []) {
      this.removed.delete(o.id);
      // Delete first so the object moves to the end: the update lists objects in the order they last changed.
      this.data.delete(o.id);
      this.data.set(o.id, o);
    }
    for (const entry of change.chat ?? []) {
      // A verse burst rewrites its entry: the update carries its last text once, in its place (id order).
      const i = this.chat.findIndex((c) => c.id === entry.id);
      if (i >= 0) this.chat[i] = entry;
      else this.chat.push(entry);
    }
  }

  /** The `forumupd` payload of everything gathered. */
  update(): ForumUpdate {
    return { room: this.room, ts: this.ts, data: [...this.data.values()], removed: [...this.removed], chat: this.chat };
  }
}
