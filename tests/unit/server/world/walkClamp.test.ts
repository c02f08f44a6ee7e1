/**
 * The Forum walk on the server (presence.ts `walk`) with a real in-memory SQLite database and a recording
 * room sender: the position is clamped to the room's limits for the walker (0–22620 with a Puff, from the
 * senate gate 10631 without a title) exactly at the bounds, and every walk is announced to the room (the
 * next `forumupd` carries the walker where it now stands), and written to its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForumUpdate } from '../../../../src/shared/api/rooms';
import { ROOM_MAX, SENATE_GATE } from '../../../../src/shared/rules/world';
import { walk } from '../../../../src/server/domain/world/presence';
import { attachWorld, worldOf } from '../../../../src/server/domain/world/worldNode';
import { FANOUT_WINDOW_MS } from '../../../../src/server/domain/world/presenceConfig';
import type { RoomSender, WorldContext } from '../../../../src/server/domain/world/worldContext';
import { manualClock } from '../../../../src/server/clock';
import type { Db } from '../../../../src/server/db/database';
import { insertPlayer, memoryDb } from '../../support/memoryDb';

describe('walking in the Forum', () => {
  let db: Db;
  let ctx: WorldContext;
  let userId: number;
  let masterId: number;
  const clock = manualClock();
  const sent: ForumUpdate[] = [];
  const sender: RoomSender = { sendToRoom: (_room, _event, payload) => void sent.push(payload), setRoomResolver: () => {} };

  beforeAll(async () => {
    db = await memoryDb();
    ctx = { db, clock, auth: { log: { error: (obj, msg) => console.error(msg, obj) } } };
    attachWorld(ctx, sender);
    userId = await insertPlayer(db, clock);
    const now = clock.now();
    const row = await db.kysely
      .insertInto('world_objects')
      .values({
        type: 'master',
        user_id: userId,
        room: 1,
        coordinate: 15_000,
        limit_at: null,
        seen_at: now,
        updated_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    masterId = row.id;
  });
  afterAll(async () => {
    await worldOf(ctx).close();
    await db?.close();
  });

  /** Walks to `to`, ends the fan-out window and answers where the room was told the master stands, and its row. */
  async function walkTo(to: number, flip = false): Promise<{ announced: number | undefined; flip: boolean | undefined; stored: number }> {
    sent.length = 0;
    await walk(ctx, userId, to, flip);
    clock.advance(FANOUT_WINDOW_MS);
    await worldOf(ctx).flushWrites();
    const mine = sent.flatMap((u) => u.data ?? []).filter((o) => o.id === masterId);
    const row = await db.kysely.selectFrom('world_objects').select('coordinate').where('id', '=', masterId).executeTakeFirstOrThrow();
    return { announced: mine.at(-1)?.coordinate, flip: mine.at(-1)?.flip, stored: Number(row.coordinate) };
  }

  it('stops at the far end of the Forum, 22620, not a step short or past', async () => {
    expect(ROOM_MAX[1]).toBe(22_620);
    expect(await walkTo(22_619)).toEqual({ announced: 22_619, flip: false, stored: 22_619 });
    expect(await walkTo(22_620, true)).toEqual({ announced: 22_620, flip: true, stored: 22_620 });
    expect(await walkTo(22_621)).toEqual({ announced: 22_620, flip: false, stored: 22_620 });
    expect(await walkTo(1e9)).toEqual({ announced: 22_620, flip: false, stored: 22_620 });
  });

  it('stops an untitled walker without a Puff at the senate gate', async () => {
    expect(await walkTo(SENATE_GATE + 1)).toEqual({ announced: SENATE_GATE + 1, flip: false, stored: SENATE_GATE + 1 });
    expect(await walkTo(SENATE_GATE)).toEqual({ announced: SENATE_GATE, flip: false, stored: SENATE_GATE });
    expect(await walkTo(SENATE_GATE - 1)).toEqual({ announced: SENATE_GATE, flip: false, stored: SENATE_GATE });
    expect(await walkTo(-5)).toEqual({ announced: SENATE_GATE, flip: false, stored: SENATE_GATE });
  });

  it('announces every walk to the room, once per window with the last position', async () => {
    sent.length = 0;
    await walk(ctx, userId, 12_000, false);
    await walk(ctx, userId, 12_345, true);
    clock.advance(FANOUT_WINDOW_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data?.filter((o) => o.id === masterId).map((o) => [o.coordinate, o.flip])).toEqual([[12_345, true]]);
  });
});
