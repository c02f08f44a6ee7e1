/**
 * Walk positions written behind: a walk changes the snapshot at once and its row within one fan-out
 * window, all the window's walks in one transaction. With SQLite's synchronous commits a statement per
 * walk cost a disk flush each (about the whole price of a walk); batched, 500 players walking twice a
 * second cost five commits a second. Each update keeps to the room the walk was made in, so a leave, an
 * enter elsewhere or the sweep that came first is never undone. A crash loses at most one window of positions.
 */
import type { WorldContext } from './worldContext';

/** A master's position to write. */
export interface WalkWrite {
  room: number;
  coordinate: number;
  flip: boolean;
  seenAt: number;
}

/** The pending positions of this node, by master id, and the write in progress. */
export class WalkWrites {
  private pending = new Map<number, WalkWrite>();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: WorldContext) {}

  /** Queues the master's latest position (replacing one still pending). */
  queue(id: number, write: WalkWrite): void {
    this.pending.set(id, write);
  }

  /** True when positions wait to be written. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  /** Writes what is pending (after any write in progress); resolves once it is committed or logged as failed. */
  flush(): Promise<void> {
    if (this.pending.size === 0) return this.writing;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.then(() => this.write(batch)).catch((err: unknown) => this.ctx.auth.log.error({ err }, 'walk positions not written'));
    return this.writing;
  }

  private async write(batch: Map<number, WalkWrite>): Promise<void> {
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      for (const [id, w] of batch) {
        await trx
          .updateTable('world_objects')
          .set({ coordinate: w.coordinate, flip: w.flip ? 1 : 0, seen_at: w.seenAt, updated_at: w.seenAt })
          .where('id', '=', id)
          .where('room', '=', w.room)
          .execute();
      }
    });
  }
}
