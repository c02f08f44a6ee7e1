/**
 * Walk positions written behind: a walk changes the snapshot at once and its row within one fan-out
 * window, all the window's walks in one transaction. With SQLite's synchronous commits a statement per
 * walk cost a disk flush each (about the whole price of a walk); batched, 500 players walking twice a
 * second cost five commits a second. Each update keeps to the room the walk was made in, so a leave, an
 * enter elsewhere or the sweep that came first is never undone. A crash loses at most one window of positions.
 *
 * The same transaction reads the walkers' titles and Puff as they are now (two queries per window, not
 * per walk) and clamps each position with them: a player who lost a Puff or a title while present never
 * stays written beyond its new limit, and the node announces the corrected masters (worldNode.ts).
 */
import { clampCoordinate, type RoomId } from '../../../shared/rules/world';
import { masterFlagsOf, type MasterFlags } from './masterFlags';
import type { WorldContext } from './worldContext';

/** A master's position to write. */
export interface WalkWrite {
  /** The master's player (whose titles and Puff clamp the position). */
  userId: number;
  room: RoomId;
  coordinate: number;
  flip: boolean;
  seenAt: number;
}

/** What a committed window tells the node: each written master's write and its player's flags as read then. */
export type WrittenWalks = ReadonlyMap<number, { write: WalkWrite; flags: MasterFlags | undefined }>;

/** The pending positions of this node, by master id, and the write in progress. */
export class WalkWrites {
  private pending = new Map<number, WalkWrite>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: WorldContext,
    private readonly onWritten: (written: WrittenWalks) => void = () => {},
  ) {}

  /** Queues the master's latest position (replacing one still pending). */
  queue(id: number, write: WalkWrite): void {
    this.pending.set(id, write);
  }

  /** True when positions wait to be written. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  /** Writes what is pending (after any write in progress); resolves once it is committed (and announced) or logged as failed. */
  flush(): Promise<void> {
    if (this.pending.size === 0) return this.writing;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing
      .then(async () => this.onWritten(await this.write(batch)))
      .catch((err: unknown) => this.ctx.auth.log.error({ err }, 'walk positions not written'));
    return this.writing;
  }

  private async write(batch: Map<number, WalkWrite>): Promise<WrittenWalks> {
    const now = this.ctx.clock.now();
    return this.ctx.db.kysely.transaction().execute(async (trx) => {
      const flags = await masterFlagsOf(trx, [...batch.values()].map((w) => w.userId), now);
      const written = new Map<number, { write: WalkWrite; flags: MasterFlags | undefined }>();
      for (const [id, w] of batch) {
        const f = flags.get(w.userId);
        const coordinate = f ? clampCoordinate(w.room, w.coordinate, { titled: f.senator || f.patricius, puff: f.puff }) : w.coordinate;
        await trx
          .updateTable('world_objects')
          .set({ coordinate, flip: w.flip ? 1 : 0, seen_at: w.seenAt, updated_at: w.seenAt })
          .where('id', '=', id)
          .where('room', '=', w.room)
          .execute();
        written.set(id, { write: { ...w, coordinate }, flags: f });
      }
      return written;
    });
  }
}
