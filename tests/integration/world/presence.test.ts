/**
 * Presence in the worlds on both databases: enter, leave and walk answers; walks clamped by titles and
 * Puff; bad walk bodies refused with nothing changed; silent masters swept with the injected clock; and
 * the room fan-out: one `forumupd` per window, only to the players present in that room.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { roomStateSchema, type ForumUpdate, type WorldObject } from '../../../src/shared/api/rooms';
import { FANOUT_WINDOW_MS, PRESENCE_TIMEOUT_MS } from '../../../src/server/domain/world/presenceConfig';
import { COORDINATE_REQUIRED, ENTER_FIRST, FLIP_REQUIRED, NO_SUCH_ROOM } from '../../../src/server/domain/world/presenceTexts';
import { WalkWrites } from '../../../src/server/domain/world/walkWrites';
import { ENTRY_SPACING } from '../../../src/server/domain/world/entrySpot';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../../support/server';
import { openSocket, settle, type TestSocket } from '../../support/sockets';
import { issueItem } from '../../support/itemFixtures';
import { createLedger, playerAccount, systemAccount, transfer } from '../../../src/server/ledger/index';

describe.each(dialectsFor(inject('pgAdminUrl')))('world presence on %s', (dialect) => {
  let s: TestServer;
  const sockets: TestSocket[] = [];
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  const db = () => s.testDb.db.kysely;
  /** A new logged-in player. */
  const player = async () => registerPlayer(s, `wp${dialect}${n++}`);
  /** A player's master row. */
  const masterRow = (userId: number) =>
    db().selectFrom('world_objects').selectAll().where('type', '=', 'master').where('user_id', '=', userId).executeTakeFirst();
  /** Ends the current fan-out window and lets its delivery arrive. */
  const flush = async () => {
    s.clock.advance(FANOUT_WINDOW_MS);
    await settle(dialect === 'postgres' ? 200 : 50);
  };
  const enter = async (c: TestClient, room: 1 | 2) => {
    const r = await c.get(`/api/rooms/enter/${room}`);
    expect(r.status, r.text).toBe(200);
    return roomStateSchema.parse(r.body.data);
  };
  const walk = (c: TestClient, coordinate: unknown, flip: unknown = false) => c.post('/api/rooms/walk', { coordinate, flip });
  /** A subscribed socket of the player: the product's client, which reads `forumupd` as deltas (/ws/ gets whole lists). */
  const subscribed = async (p: { client: TestClient; user: { ws_auth_token: string } }) => {
    const socket = await openSocket('socket.io', s.url, { cookie: p.client.cookieHeader() });
    sockets.push(socket);
    socket.send({ method: 'sync', token: p.user.ws_auth_token });
    expect(await socket.next('subscribe')).toMatchObject({ success: true });
    return socket;
  };
  const updates = (socket: TestSocket) => socket.received.filter((m) => m.event === 'forumupd') as unknown as ForumUpdate[];

  it('enters, walks and leaves, answering the room state each time', async () => {
    const { client, user } = await player();
    const entered = await enter(client, 1);
    const mine = entered.data.find((o) => o.user_id === user.id)!;
    expect(mine).toMatchObject({
      type: 'master',
      name: user.name,
      coordinate: 10631,
      flip: false,
      puff: false,
      senator: false,
      patricius: false,
      data: { verse: '', votes: [], limit: '' },
    });
    expect(entered.chat_log).toEqual([]);

    const walked = await walk(client, 12000, true);
    expect(walked.status).toBe(200);
    const state = roomStateSchema.parse(walked.body.data);
    expect(state.data.find((o) => o.id === mine.id)).toMatchObject({ coordinate: 12000, flip: true });
    expect(state.ts).toBeGreaterThan(entered.ts);
    // The row follows within the fan-out window (walks are written together).
    await flush();
    expect(await masterRow(user.id)).toMatchObject({ room: 1, coordinate: 12000, flip: 1 });
    // With a trailing slash and numeric text, as the original client sends it.
    expect((await client.post('/api/rooms/walk/', { coordinate: '12001', flip: '0' })).status).toBe(200);

    // Re-entering the room it stands in keeps the place; the object id stays the same.
    const again = await enter(client, 1);
    expect(again.data.find((o) => o.user_id === user.id)).toMatchObject({ id: mine.id, coordinate: 12001 });

    const left = await client.get('/api/rooms/leave');
    expect(left.body).toMatchObject({ success: true, data: null });
    expect((await masterRow(user.id))?.room).toBeNull();
    const refused = await walk(client, 13000);
    expect([refused.status, refused.body.message]).toEqual([409, ENTER_FIRST]);
    expect((await masterRow(user.id))?.coordinate).toBe(12001);

    // After leaving, the next visit starts at the entry again, with the same object.
    const back = await enter(client, 1);
    expect(back.data.find((o) => o.user_id === user.id)).toMatchObject({ id: mine.id, coordinate: 10631 });
    expect((await client.get('/api/rooms/leave/')).status).toBe(200);
  });

  it('refuses unknown rooms and anonymous players', async () => {
    const { client } = await player();
    for (const room of ['3', '0', 'forum', '1.0']) {
      const r = await client.get(`/api/rooms/enter/${room}`);
      expect([r.status, r.body.message]).toEqual([404, NO_SUCH_ROOM]);
    }
    expect((await s.client().get('/api/rooms/enter/1')).status).toBe(401);
    expect((await s.client().post('/api/rooms/walk', { coordinate: 1, flip: false })).status).toBe(401);
  });

  it("clamps walks by title and Puff, and to each room's end", async () => {
    const ordinary = await player();
    const titled = await player();
    const puffed = await player();
    const now = s.clock.now();
    await db()
      .updateTable('users')
      .set({ senator_until: now + 86_400_000 })
      .where('id', '=', titled.user.id)
      .execute();
    await db()
      .updateTable('users')
      .set({ patricius_until: now - 1 })
      .where('id', '=', ordinary.user.id)
      .execute();
    await issueItem(s.testDb.db, s.clock, puffed.user.id, 9, 1n);
    const stand = async (p: typeof ordinary, coordinate: number) => {
      const r = await walk(p.client, coordinate);
      expect(r.status, r.text).toBe(200);
      return r.body.data.data.find((o: { user_id: number }) => o.user_id === p.user.id).coordinate as number;
    };
    expect((await enter(ordinary.client, 1)).data.find((o) => o.user_id === ordinary.user.id)?.coordinate).toBe(10631);
    expect((await enter(titled.client, 1)).data.find((o) => o.user_id === titled.user.id)).toMatchObject({
      coordinate: 4833,
      senator: true,
    });
    // An untitled Puff owner enters at the senate gate like anyone untitled (the title opens the low end), the next
    // free spot past the master already standing there, and may walk below it.
    expect((await enter(puffed.client, 1)).data.find((o) => o.user_id === puffed.user.id)).toMatchObject({
      coordinate: 10631 + ENTRY_SPACING,
      puff: true,
    });
    expect([await stand(ordinary, 0), await stand(titled, 0), await stand(puffed, 0)]).toEqual([10631, 4833, 0]);
    expect([await stand(ordinary, 10630.4), await stand(titled, 4832), await stand(puffed, -50)]).toEqual([10631, 4833, 0]);
    expect([await stand(ordinary, 99999), await stand(titled, 22621), await stand(puffed, 1e9)]).toEqual([22620, 22620, 22620]);
    expect(await stand(ordinary, 15000.6)).toBe(15001);
    // The Ditch has no gate: from 0 to 6256 for everyone.
    await enter(ordinary.client, 2);
    expect([await stand(ordinary, -1), await stand(ordinary, 7000)]).toEqual([0, 6256]);
    await flush();
    expect(await masterRow(ordinary.user.id)).toMatchObject({ room: 2, coordinate: 6256 });
    for (const p of [ordinary, titled, puffed]) await p.client.get('/api/rooms/leave');
  });

  it('clamps walks by the titles and Puff the player holds now, not those it entered with', async () => {
    const gains = await player();
    const titled = await player();
    const loses = await player();
    const lapses = await player();
    const now = s.clock.now();
    await issueItem(s.testDb.db, s.clock, loses.user.id, 9, 1n);
    await db()
      .updateTable('users')
      .set({ senator_until: now + 5_000 })
      .where('id', '=', lapses.user.id)
      .execute();
    for (const p of [gains, titled, loses, lapses]) await enter(p.client, 1);
    const socket = await subscribed(gains);
    const seenAs = (p: typeof gains) =>
      updates(socket)
        .flatMap((u) => u.data)
        .filter((o) => o.user_id === p.user.id)
        .at(-1);
    const stand = async (p: typeof gains, coordinate: number) => {
      const r = await walk(p.client, coordinate);
      expect(r.status, r.text).toBe(200);
      return roomStateSchema.parse(r.body.data).data.find((o) => o.user_id === p.user.id)!;
    };

    // Gained while present: the very next walk may go as far back as they allow.
    await issueItem(s.testDb.db, s.clock, gains.user.id, 9, 1n);
    await db()
      .updateTable('users')
      .set({ patricius_until: now + 86_400_000 })
      .where('id', '=', titled.user.id)
      .execute();
    expect(await stand(gains, 0)).toMatchObject({ coordinate: 0, puff: true });
    expect(await stand(titled, 0)).toMatchObject({ coordinate: 4833, patricius: true });
    expect([await stand(loses, 100), await stand(lapses, 4900)].map((o) => o.coordinate)).toEqual([100, 4900]);

    // Lost while present (the Puff spent, the title's date passed): the window's write puts the master
    // where it may stand now and tells the room; the next walks are clamped by it.
    await createLedger(s.testDb.db, s.clock).run(async (tx) => {
      await transfer(tx, {
        id: `test-puff-gone:${dialect}`,
        debit: await playerAccount(tx, loses.user.id, 'item:9'),
        credit: await systemAccount(tx, 'consumed', 'item:9'),
        amount: 1n,
        code: 'test',
      });
    });
    s.clock.advance(5_000);
    expect((await walk(loses.client, 50)).status).toBe(200);
    expect((await walk(lapses.client, 4850)).status).toBe(200);
    await flush();
    await flush();
    expect(await masterRow(loses.user.id)).toMatchObject({ room: 1, coordinate: 10631 });
    expect(await masterRow(lapses.user.id)).toMatchObject({ room: 1, coordinate: 10631 });
    await expect.poll(() => seenAs(loses)).toMatchObject({ coordinate: 10631, puff: false });
    await expect.poll(() => seenAs(lapses)).toMatchObject({ coordinate: 10631, senator: false });
    expect(await stand(loses, 50)).toMatchObject({ coordinate: 10631, puff: false });
    expect(await stand(lapses, 4850)).toMatchObject({ coordinate: 10631, senator: false });
    for (const p of [gains, titled, loses, lapses]) await p.client.get('/api/rooms/leave');
    await flush();
  });

  it("writes a window's walks in one statement, each only where its master still is", async () => {
    const players = [await player(), await player(), await player()];
    for (const p of players) await enter(p.client, 1);
    const rows = await Promise.all(players.map(async (p) => (await masterRow(p.user.id))!));
    let statements = 0;
    const counted = db().withPlugin({
      transformQuery: ({ node }) => {
        const text = node.kind === 'RawNode' ? node.sqlFragments.join('?') : '';
        if (node.kind === 'UpdateQueryNode' || /^\s*update world_objects/.test(text)) statements++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const writes = new WalkWrites({ db: { ...s.testDb.db, kysely: counted }, clock: s.clock, auth: { log: { error: () => {} } } });
    const now = s.clock.now();
    players.forEach((p, i) =>
      writes.queue(rows[i]!.id, { userId: p.user.id, room: 1, coordinate: 12000 + i, flip: i === 1, seenAt: now + 1 }),
    );
    // The third left before the window was written: its walk must not put it back.
    await db().updateTable('world_objects').set({ room: null }).where('id', '=', rows[2]!.id).execute();
    await writes.flush();
    expect(statements).toBe(1);
    const after = await Promise.all(players.map(async (p) => (await masterRow(p.user.id))!));
    expect(after.map((r) => [r.room, r.coordinate, r.flip, r.seen_at])).toEqual([
      [1, 12000, 0, now + 1],
      [1, 12001, 1, now + 1],
      [null, rows[2]!.coordinate, rows[2]!.flip, rows[2]!.seen_at],
    ]);
  });

  it('refuses bad walk bodies with 422 and changes nothing', async () => {
    const { client, user } = await player();
    await enter(client, 1);
    await walk(client, 12345, true);
    await flush();
    const before = await masterRow(user.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ coordinate: 'NaN', flip: false }, { coordinate: [COORDINATE_REQUIRED] }],
      [{ coordinate: 'abc', flip: false }, { coordinate: [COORDINATE_REQUIRED] }],
      [{ coordinate: '', flip: false }, { coordinate: [COORDINATE_REQUIRED] }],
      [{ coordinate: null, flip: false }, { coordinate: [COORDINATE_REQUIRED] }],
      [{ coordinate: 'Infinity', flip: false }, { coordinate: [COORDINATE_REQUIRED] }],
      [{ flip: false }, { coordinate: [COORDINATE_REQUIRED] }],
      [{ coordinate: 100 }, { flip: [FLIP_REQUIRED] }],
      [{ coordinate: 100, flip: 'left' }, { flip: [FLIP_REQUIRED] }],
      [{}, { coordinate: [COORDINATE_REQUIRED], flip: [FLIP_REQUIRED] }],
      ['text', { coordinate: [COORDINATE_REQUIRED], flip: [FLIP_REQUIRED] }],
    ];
    for (const [body, errors] of cases) {
      const r = await client.post('/api/rooms/walk', body);
      expect([r.status, r.body.success, r.body.errors], JSON.stringify(body)).toEqual([422, false, errors]);
    }
    await flush();
    expect(await masterRow(user.id)).toEqual(before);
    await client.get('/api/rooms/leave');
  });

  it('ends the presence of masters silent past the timeout', async () => {
    const quiet = await player();
    const busy = await player();
    await enter(quiet.client, 1);
    await enter(busy.client, 1);
    s.clock.advance(PRESENCE_TIMEOUT_MS / 2);
    await walk(busy.client, 15000);
    s.clock.advance(PRESENCE_TIMEOUT_MS / 2 + 1);
    await s.upkeep();
    expect((await masterRow(quiet.user.id))?.room).toBeNull();
    expect((await masterRow(busy.user.id))?.room).toBe(1);
    const state = roomStateSchema.parse((await walk(busy.client, 15001)).body.data);
    expect(state.data.some((o) => o.user_id === quiet.user.id)).toBe(false);
    expect(state.data.some((o) => o.user_id === busy.user.id)).toBe(true);
    const late = await walk(quiet.client, 15000);
    expect([late.status, late.body.message]).toEqual([409, ENTER_FIRST]);
    await busy.client.get('/api/rooms/leave');
    await flush();
  });

  it('sends walks to the players in the same room only, one batched forumupd per window', async () => {
    await flush();
    const a = await player();
    const b = await player();
    const ditch = await player();
    const outside = await player();
    const [sa, sb, sd, so] = [await subscribed(a), await subscribed(b), await subscribed(ditch), await subscribed(outside)];
    await enter(a.client, 1);
    await enter(b.client, 1);
    await enter(ditch.client, 2);
    await flush();
    const seen = { b: updates(sb).length, d: updates(sd).length, o: updates(so).length, a: updates(sa).length };

    for (const x of [11000, 11500, 12000, 12500, 13000]) expect((await walk(a.client, x, x === 13000)).status).toBe(200);
    await flush();
    await expect.poll(() => updates(sb).length).toBe(seen.b + 1);
    const upd = updates(sb).at(-1)!;
    expect(upd.room).toBe(1);
    const moved = upd.data.filter((o) => o.user_id === a.user.id);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ coordinate: 13000, flip: true });
    await settle(150);
    expect(updates(sb)).toHaveLength(seen.b + 1);
    expect(updates(sa)).toHaveLength(seen.a + 1);
    expect(updates(sd)).toHaveLength(seen.d);
    expect(updates(so)).toHaveLength(seen.o);

    // Leaving reaches the others as a removal.
    const aId = moved[0]!.id;
    await a.client.get('/api/rooms/leave');
    await flush();
    await expect.poll(() => updates(sb).at(-1)?.removed).toEqual([aId]);
    for (const p of [b, ditch]) await p.client.get('/api/rooms/leave');
  });
});

describe.each(dialectsFor(inject('pgAdminUrl')).filter((d) => d === 'postgres'))('world fan-out across two nodes on %s', (dialect) => {
  let a: TestServer;
  let b: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    a = await startTestServer(dialect, inject('pgAdminUrl'));
    b = await startTestServer(dialect, inject('pgAdminUrl'), {}, {}, { beside: a });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  it('delivers a walk made on one node to a socket on the other, whose snapshot follows', async () => {
    const walker = await registerPlayer(a, 'wn1');
    const watcher = await registerPlayer(a, 'wn2');
    // The watcher's cookies and token work on either node (one database).
    const onB = b.client();
    for (const [k, v] of watcher.client.cookies) onB.cookies.set(k, v);
    const socket = await openSocket('ws', b.url, { cookie: onB.cookieHeader() });
    sockets.push(socket);
    socket.send({ method: 'sync', token: watcher.user.ws_auth_token });
    expect(await socket.next('subscribe')).toMatchObject({ success: true });
    expect((await onB.get('/api/rooms/enter/1')).status).toBe(200);
    b.clock.advance(FANOUT_WINDOW_MS);
    expect((await walker.client.get('/api/rooms/enter/1')).status).toBe(200);
    expect((await walker.client.post('/api/rooms/walk', { coordinate: 14000, flip: true })).status).toBe(200);
    a.clock.advance(FANOUT_WINDOW_MS);
    // The watcher's socket on node b gets the walk made on node a.
    // On /ws/ each update is the room's whole list (the original client's shape), as node b holds it.
    const lists = () => socket.received.filter((m) => m.event === 'forumupd').map((m) => (m.data as { original: WorldObject[] }).original);
    await expect
      .poll(
        () =>
          lists()
            .at(-1)
            ?.find((o) => o.user_id === walker.user.id)?.coordinate,
      )
      .toBe(14000);
    expect(updates(socket).every((u) => u.room === 1)).toBe(true);
    // Node b's snapshot took the delta: its walk answer shows the walker where node a put it.
    const state = roomStateSchema.parse((await onB.post('/api/rooms/walk', { coordinate: 12000, flip: false })).body.data);
    expect(state.data.find((o) => o.user_id === walker.user.id)).toMatchObject({ coordinate: 14000, flip: true });
  });

  const updates = (socket: TestSocket) => socket.received.filter((m) => m.event === 'forumupd') as unknown as ForumUpdate[];
});
