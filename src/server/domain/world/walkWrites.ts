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
import { sql, type Kysely } from 'kysely';
import { clampCoordinate, type RoomId } from '../../../shared/rules/world';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
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
      const flags = await masterFlagsOf(
        trx,
        [...batch.values()].map((w) => w.userId),
        now,
      );
      const written = new Map<number, { write: WalkWrite; flags: MasterFlags | undefined }>();
      for (const [id, w] of batch) {
        const f = flags.get(w.userId);
        const coordinate = f ? clampCoordinate(w.room, w.coordinate, { titled: f.senator || f.patricius, puff: f.puff }) : w.coordinate;
        written.set(id, { write: { ...w, coordinate }, flags: f });
      }
      await writePositions(trx, this.ctx.db.dialect, written);
      return written;
    });
  }
}

/**
 * The window's positions in one statement (a statement per walk cost a query build and a round trip each:
 * with 500 players walking, about a tenth of the server's time). Each row only where the master is still in
 * the room it walked in. The SQL text is the same for any number of rows (a JSON array on SQLite, arrays on
 * PostgreSQL), so one prepared statement serves every window.
 */
async function writePositions(k: Kysely<Database>, dialect: DialectName, written: WrittenWalks): Promise<void> {
  if (dialect === 'sqlite') {
    const json = JSON.stringify([...written].map(([id, { write: w }]) => [id, w.room, w.coordinate, w.flip ? 1 : 0, w.seenAt]));
    await sql`update world_objects set coordinate = v.coordinate, flip = v.flip, seen_at = v.seen_at, updated_at = v.seen_at
      from (select value ->> 0 as id, value ->> 1 as room, value ->> 2 as coordinate, value ->> 3 as flip, value ->> 4 as seen_at
        from json_each(${json})) as v
      where world_objects.id = v.id and world_objects.room = v.room`.execute(k);
    return;
  }
  const ids = [...written.keys()];
  const rows = [...written.values()].map(({ write }) => write);
  await sql`update world_objects as o set coordinate = v.coordinate, flip = v.flip, seen_at = v.seen_at, updated_at = v.seen_at
    from unnest(${ids}::int[], ${rows.map((w) => w.room)}::int[], ${rows.map((w) => w.coordinate)}::int[],
      ${rows.map((w) => (w.flip ? 1 : 0))}::int[], ${rows.map((w) => String(w.seenAt))}::bigint[]) as v(id, room, coordinate, flip, seen_at)
    where o.id = v.id and o.room = v.room`.execute(k);
}
