/**
 * The Forum with two players on the original product's client (FACTS.md "Rooms", "Realtime", "What the
 * original client reads"): both enter, each sees the other walk through `forumupd` frames carrying the
 * room's whole list as `data.original` with a newer `ts`; a burst of verses (one per keystroke, as its
 * chat input sends them) is answered without an error, shows the latest text over the master and makes one
 * chat entry per pause; the Yell that follows is taken and reaches the other player as `forumyell` with
 * `chat_log`, `id` and `verse`; an untitled Puff owner enters at the senate gate. Only the original's
 * protocol is spoken; the server's manual clock stands in for time passing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FANOUT_WINDOW_MS } from '../../../src/server/domain/world/presenceConfig';
import { VERSE_PAUSE_MS } from '../../../src/server/domain/world/worldConfig';
import { SENATE_GATE } from '../../../src/shared/rules/world';
import { issueItem } from '../../support/itemFixtures';
import { registration } from '../../support/server';
import { dialectsFor } from '../../support/testDb';
import { startCompatServer, type CompatServer } from './compatServer';
import { expectOk, subscribed, type Frame, type OriginalSocket } from './originalClient';

/** The fields of a world object the original's Forum reads. */
const OBJECT_FIELDS = ['id', 'user_id', 'type', 'name', 'coordinate', 'flip', 'skin_id', 'puff', 'senator', 'patricius', 'data'];

/** A world object as the frames carry it. */
interface WorldObject {
  id: number;
  user_id: number;
  coordinate: number;
  data: { verse: string };
}

/** What the original does with a `forumupd` frame: it replaces its list when `ts` is newer (and throws on anything but a list). */
function objectsOf(frame: Frame): WorldObject[] {
  const data = frame.data as { original: unknown; ts: unknown };
  expect(Array.isArray(data.original)).toBe(true);
  expect(typeof frame.ts).toBe('number');
  const list = data.original as WorldObject[];
  for (const o of list) for (const f of OBJECT_FIELDS) expect(o, f).toHaveProperty(f);
  return list;
}

describe.each(dialectsFor(inject('pgAdminUrl')))('the Forum on the original client on %s', (dialect) => {
  let c: CompatServer;
  const sockets: OriginalSocket[] = [];
  beforeAll(async () => {
    c = await startCompatServer(dialect, inject('pgAdminUrl'));
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await c?.ledgerOk();
    await c?.close();
  });

  /** A logged-in player with its socket subscribed. */
  async function player(tag: string) {
    const client = c.s.client();
    const form = registration(tag);
    const user = expectOk(await client.post('/api/auth/register', form)) as { id: number; name: string; ws_auth_token: string };
    const socket = await subscribed(c.s.url, client, user.ws_auth_token);
    sockets.push(socket);
    return { client, user, socket };
  }
  /** The room's fan-out window passes on the server's clock: its `forumupd` goes out. */
  const windowEnds = () => c.s.clock.advance(FANOUT_WINDOW_MS);
  /** The next `forumupd` on `socket` whose list satisfies `match`. */
  const update = (socket: OriginalSocket, match: (list: WorldObject[]) => boolean) =>
    socket.next('forumupd', (f) => Array.isArray((f.data as { original?: unknown })?.original) && match(objectsOf(f)));

  it('two players see each other enter, walk, type and yell, every frame in the original\u2019s shapes', async () => {
    const a = await player('forum_a');
    const b = await player('forum_b');
    // An untitled player holding a Puff still enters at the senate gate.
    await issueItem(c.s.testDb.db, c.s.clock, a.user.id, 9, 1n);
    const enteredA = expectOk(await a.client.get('/api/rooms/enter/1')) as { data: WorldObject[]; ts: number; chat_log: unknown[] };
    expect(Array.isArray(enteredA.chat_log)).toBe(true);
    const masterA = enteredA.data.find((o) => o.user_id === a.user.id)!;
    expect(masterA.coordinate).toBe(SENATE_GATE);
    const enteredB = expectOk(await b.client.get('/api/rooms/enter/1/')) as { data: WorldObject[]; ts: number };
    expect(enteredB.data.map((o) => o.user_id)).toEqual(expect.arrayContaining([a.user.id, b.user.id]));
    windowEnds();
    const seen = await update(a.socket, (list) => list.some((o) => o.user_id === b.user.id));
    expect(seen.event).toBe('forumupd');

    // A walks; B's list shows it there, with a newer ts.
    const walked = expectOk(await a.client.post('/api/rooms/walk', { coordinate: 12_000, flip: 1 })) as { ts: number };
    expect(walked.ts).toBeGreaterThan(enteredB.ts);
    windowEnds();
    const moved = await update(b.socket, (list) => list.some((o) => o.user_id === a.user.id && o.coordinate === 12_000));
    expect(moved.ts as number).toBeGreaterThan(enteredB.ts);
    expect((moved.data as { ts: number }).ts).toBe(moved.ts);

    // B walks too; A sees it.
    expectOk(await b.client.post('/api/rooms/walk/', { coordinate: 12_500, flip: 0 }));
    windowEnds();
    await update(a.socket, (list) => list.some((o) => o.user_id === b.user.id && o.coordinate === 12_500));

    // A types "hello": the chat input posts the text so far on every keystroke. None is refused.
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) expectOk(await a.client.post('/api/rooms/verse', { verse: text }));
    windowEnds();
    await update(b.socket, (list) => list.some((o) => o.user_id === a.user.id && o.data.verse === 'hello'));
    const verses = () =>
      c.s.testDb.db.kysely
        .selectFrom('chat_messages')
        .select('content')
        .where('user_id', '=', a.user.id)
        .where('kind', '=', 'verse')
        .orderBy('id')
        .execute();
    expect(await verses()).toEqual([{ content: 'hello' }]);

    // The Yell right after the typing is taken, and reaches B as the original reads it.
    expectOk(await a.client.post('/api/rooms/yell', { verse: 'hello all' }));
    const yell = await b.socket.next('forumyell', (f) => f.verse === 'hello all');
    expect(yell).toMatchObject({ id: a.user.id, verse: 'hello all' });
    expect(typeof yell.ts).toBe('number');
    const log = yell.chat_log as { content: string; data: { name: string } }[];
    expect(Array.isArray(log)).toBe(true);
    expect(log.at(-1)).toMatchObject({ content: 'hello all', data: { name: a.user.name } });
    expect(log.map((e) => e.content)).toContain('hello');

    // After a pause, the next line is a chat entry of its own.
    c.s.clock.advance(VERSE_PAUSE_MS + 1);
    expectOk(await a.client.post('/api/rooms/verse', { verse: 'again' }));
    expect(await verses()).toEqual([{ content: 'hello' }, { content: 'again' }]);
    const answer = expectOk(await b.client.get('/api/rooms/enter/1')) as { chat_log: { content: string }[] };
    expect(answer.chat_log.map((e) => e.content)).toEqual(expect.arrayContaining(['hello', 'hello all', 'again']));

    // Every frame either socket got is one the original can read.
    for (const f of [...a.socket.frames, ...b.socket.frames]) {
      if (f.event === 'forumupd') objectsOf(f);
      if (f.event === 'forumyell') expect(Array.isArray(f.chat_log)).toBe(true);
    }
  });
});
