/** A room's snapshot and fan-out batch: deltas applied in stamp order, presence by silence, chat per channel, merging. */
import { describe, expect, it, vi } from 'vitest';
import type { ChatEntry, WorldObject } from '../../../../src/shared/api/rooms';
import { RoomBatch } from '../../../../src/server/domain/world/roomBatch';
import { RoomSnapshot } from '../../../../src/server/domain/world/roomSnapshot';
import { CHAT_LOG_SIZE, PRESENCE_TIMEOUT_MS } from '../../../../src/server/domain/world/presenceConfig';
import { walkInput } from '../../../../src/server/http/routes/roomRoutes';
import { utcText } from '../../../../src/server/domain/world/worldObjects';

const T = Date.UTC(2026, 0, 1);

function master(id: number, userId: number, coordinate: number): WorldObject {
  return {
    id,
    user_id: userId,
    type: 'master',
    name: `p${userId}`,
    coordinate,
    flip: false,
    skin_id: 1,
    puff: false,
    senator: false,
    patricius: false,
    data: { verse: '', votes: [], limit: '' },
  };
}
function scribe(id: number, until: number): WorldObject {
  return { ...master(id, 99, 12000), type: 'scribe', data: { verse: 'hi', votes: [], limit: utcText(until) } };
}
function chat(id: number, channel: number): ChatEntry {
  return { id, room: 1, channel, content: `c${id}`, data: { name: 'n', title: '' } };
}

describe('RoomSnapshot', () => {
  it('keeps ts strictly increasing and applies newer deltas only', () => {
    const s = new RoomSnapshot();
    expect([s.bump(T), s.bump(T), s.bump(T - 5)]).toEqual([T, T + 1, T + 2]);
    s.apply({ data: [master(1, 10, 12000)] }, T + 10);
    s.apply({ data: [master(1, 10, 13000)] }, T + 20);
    // This node's own older batch coming back through the bus: the later local change stays.
    s.apply({ data: [master(1, 10, 12500)] }, T + 15);
    expect(s.masterOf(10)?.coordinate).toBe(13000);
    s.apply({ removed: [1] }, T + 30);
    s.apply({ data: [master(1, 10, 12500)] }, T + 25);
    expect(s.masterOf(10)).toBeUndefined();
    expect([...s.presentUsers()]).toEqual([]);
    expect(s.ts).toBe(T + 30);
  });

  it('lists masters heard from within the timeout and inscriptions still standing', () => {
    const s = new RoomSnapshot();
    s.apply({ data: [master(1, 10, 12000), scribe(2, T + 60_000)] }, T);
    s.apply({ data: [master(3, 11, 12000)] }, T + 50_000);
    expect(
      s
        .list(T + 1000)
        .map((o) => o.id)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(s.list(T + PRESENCE_TIMEOUT_MS + 1).map((o) => o.id)).toEqual([3]);
  });

  it('never answers a list past the end of one of its objects, even within the refresh time', () => {
    const s = new RoomSnapshot();
    // Limits travel as whole seconds (the wire's UTC text).
    s.apply({ data: [master(1, 10, 12000), scribe(2, T + 5000)] }, T);
    expect(s.list(T + 4999).map((o) => o.id)).toEqual([1, 2]);
    // Nothing changed since, and less than SNAPSHOT_REFRESH_MS passed: the inscription's end alone rebuilds it.
    expect(s.list(T + 5000).map((o) => o.id)).toEqual([1]);
    expect(s.list(T + PRESENCE_TIMEOUT_MS - 1).map((o) => o.id)).toEqual([1]);
    expect(s.list(T + PRESENCE_TIMEOUT_MS).map((o) => o.id)).toEqual([]);
  });

  it('loads database rows only where no delta came first', () => {
    const s = new RoomSnapshot();
    s.apply({ data: [master(1, 10, 15000)] }, T + 5);
    s.load(
      [
        { object: master(1, 10, 11000), stamp: T },
        { object: master(2, 11, 11000), stamp: T },
      ],
      [chat(1, 0)],
    );
    expect(s.masterOf(10)?.coordinate).toBe(15000);
    expect(s.masterOf(11)?.coordinate).toBe(11000);
    expect(s.chatLog(0).map((c) => c.id)).toEqual([1]);
  });

  it('keeps the last entries each channel hears, oldest first, without duplicates', () => {
    const s = new RoomSnapshot();
    const entries = Array.from({ length: CHAT_LOG_SIZE + 10 }, (_, i) => chat(i + 1, i % 3));
    s.apply({ chat: entries.slice(5) }, T);
    s.apply({ chat: entries.slice(0, 5) }, T);
    s.apply({ chat: [entries[30]!] }, T);
    const deep = s.chatLog(2);
    expect(deep).toHaveLength(CHAT_LOG_SIZE);
    expect(deep.map((c) => c.id)).toEqual(entries.slice(10).map((c) => c.id));
    expect(s.chatLog(0).every((c) => c.channel === 0)).toBe(true);
    expect(s.chatLog(1).every((c) => c.channel <= 1)).toBe(true);
  });

  it("answers a walk's room text from the kept texts of the objects that did not move", () => {
    const s = new RoomSnapshot();
    s.apply({ data: Array.from({ length: 50 }, (_, i) => master(i + 1, i + 10, 11000 + i)) }, T);
    const listJson = (at: number) => Buffer.concat(s.listJsonChunks(at)).toString('utf8');
    expect(listJson(T)).toBe(JSON.stringify(s.list(T)));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      s.apply({ data: [{ ...master(7, 16, 15000), flip: true }] }, T + 1);
      const text = listJson(T + 1);
      // Only the walked master is serialised again; the text is what serialising the whole list gives.
      expect(stringify.mock.calls.map(([value]) => (value as WorldObject).id)).toEqual([7]);
      stringify.mockRestore();
      expect(text).toBe(JSON.stringify(s.list(T + 1)));
      expect((JSON.parse(text) as WorldObject[]).find((o) => o.id === 7)).toMatchObject({ coordinate: 15000, flip: true });
    } finally {
      stringify.mockRestore();
    }
  });

  it("answers a walk's room bytes with the list's JSON, encoding again only the block of the master that moved", () => {
    const s = new RoomSnapshot();
    const bytes = (at: number) => Buffer.concat(s.listJsonChunks(at)).toString('utf8');
    expect(bytes(T)).toBe('[]');
    s.apply({ data: [...Array.from({ length: 100 }, (_, i) => master(i + 1, i + 10, 11000 + i)), scribe(500, T + 60_000)] }, T);
    expect(bytes(T)).toBe(JSON.stringify(s.list(T)));
    const before = s.listJsonChunks(T);
    const handedOut = s.list(T);
    const walked = { ...master(40, 49, 15000), flip: true, name: 'ü"\u2028' };
    s.apply({ data: [walked] }, T + 1);
    const after = s.listJsonChunks(T + 1);
    // The list handed out before the walk is unchanged; the new one has the walked master in its place.
    expect(handedOut[39]!.coordinate).toBe(11039);
    expect(s.list(T + 1)[39]).toBe(walked);
    expect(Buffer.concat(after).toString('utf8')).toBe(JSON.stringify(s.list(T + 1)));
    const changed = after.map((chunk, i) => chunk !== before[i]);
    expect(changed.filter(Boolean)).toHaveLength(1);
    // The window's batch coming back through the bus in-process carries the very objects: nothing is encoded again.
    s.apply({ data: [walked] }, T + 2);
    expect(s.listJsonChunks(T + 2).every((chunk, i) => chunk === after[i])).toBe(true);
    // Entering, leaving and an inscription's change rebuild the list; the bytes follow.
    s.apply({ data: [master(101, 200, 12000)], removed: [3] }, T + 2);
    s.apply({ data: [scribe(500, T + 90_000)] }, T + 3);
    expect(bytes(T + 3)).toBe(JSON.stringify(s.list(T + 3)));
    expect(s.list(T + 3).map((o) => o.id)).toContain(101);
    expect(s.list(T + 3).map((o) => o.id)).not.toContain(3);
    // A master that fell silent leaves the list when its time is over, also after the others walked.
    s.apply({ data: [master(2, 11, 13000)] }, T + 50_000);
    expect(s.list(T + PRESENCE_TIMEOUT_MS + 10).map((o) => o.id)).toEqual([2]);
    expect(bytes(T + PRESENCE_TIMEOUT_MS + 10)).toBe(JSON.stringify(s.list(T + PRESENCE_TIMEOUT_MS + 10)));
  });
});

describe('RoomBatch', () => {
  it('carries each object once in its last state, and removals', () => {
    const b = new RoomBatch(1);
    b.add({ data: [master(1, 10, 11000)] }, T);
    b.add({ data: [master(2, 11, 11000)] }, T + 1);
    b.add({ data: [master(1, 10, 12000)] }, T + 2);
    b.add({ removed: [2], chat: [chat(7, 0)] }, T + 3);
    expect(b.update()).toEqual({ room: 1, ts: T + 3, data: [master(1, 10, 12000)], removed: [2], chat: [chat(7, 0)] });
    b.add({ data: [master(2, 11, 11500)] }, T + 4);
    expect(b.update()).toMatchObject({ ts: T + 4, removed: [] });
  });
});

describe('walkInput', () => {
  it('takes numbers, numeric text and the flip forms; refuses the rest by field', () => {
    expect(walkInput({ coordinate: '12.5', flip: '1' })).toEqual({ coordinate: 12.5, flip: true });
    expect(walkInput({ coordinate: 3, flip: 0 })).toEqual({ coordinate: 3, flip: false });
    for (const body of [{ coordinate: '', flip: true }, { coordinate: [], flip: true }, { coordinate: true, flip: true }, null, []]) {
      expect(() => walkInput(body)).toThrow();
    }
  });
});

describe('a verse burst\u2019s rewritten entry', () => {
  it('takes the old entry\u2019s place in the snapshot\u2019s logs and in the batch', () => {
    const s = new RoomSnapshot();
    s.apply({ chat: [chat(1, 0), chat(2, 1)] }, T);
    s.apply({ chat: [{ ...chat(2, 1), content: 'typed so far' }] }, T + 1);
    expect(s.chatLog(1).map((e) => [e.id, e.content])).toEqual([
      [1, 'c1'],
      [2, 'typed so far'],
    ]);
    expect(s.chatLog(0).map((e) => e.id)).toEqual([1]);
    const batch = new RoomBatch(1);
    batch.add({ chat: [chat(3, 0)] }, T);
    batch.add({ chat: [chat(4, 0)] }, T + 1);
    batch.add({ chat: [{ ...chat(3, 0), content: 'last text' }] }, T + 2);
    expect(batch.update().chat.map((e) => [e.id, e.content])).toEqual([
      [3, 'last text'],
      [4, 'c4'],
    ]);
  });
});
