/**
 * The world's chat and social actions on both databases: verse, yell, scribe, vote, promote, like and send
 * — each success and its events reaching the right sockets, every 422 and state refusal (with nothing
 * changed after it: ledger, game and world rows), the per-player pace, and two scribes racing for one Scribe.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { settle, type TestSocket } from '../../support/sockets';
import { issueItem, playerHolds, systemHolds } from '../../support/itemFixtures';
import { roomStateSchema } from '../../../src/shared/api/rooms';
import { wireTime } from '../../../src/server/domain/users/userTime';
import { DAY_MS, SCRIBE_ITEM_ID, VERSE_MAX, YELL_MAX } from '../../../src/server/domain/world/worldConfig';
import * as T from '../../../src/server/domain/world/worldTexts';
import {
  endWindow,
  makeAbsent,
  makePresent,
  playerWithSocket,
  startWorldServer,
  TEST_ADMIN,
  testDeposits,
  worldSnapshot,
  type WorldServer,
} from './support';

const SCRIBE = `item:${SCRIBE_ITEM_ID}`;

describe.each(dialectsFor(inject('pgAdminUrl')))('world chat on %s', (dialect) => {
  let w: WorldServer;
  let s: TestServer;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    w = await startWorldServer(dialect, inject('pgAdminUrl'));
    s = w.s;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;
  const snapshot = () => worldSnapshot(db());
  // Each test's posts start a fresh pace window.
  const nextWindow = () => s.clock.advance(61_000);

  it('posts a verse on the channel of where the poster stands, to the players present in the room', async () => {
    nextWindow();
    const a = await playerWithSocket(s, 'v1', open);
    const b = await playerWithSocket(s, 'v2', open);
    const away = await playerWithSocket(s, 'v3', open);
    const masterA = await makePresent(s, a.user.id, 1, 5000);
    await makePresent(s, b.user.id, 1, 12000);
    const r = await a.client.post('/api/rooms/verse', { verse: '  Ave,\u0007 <b>Forum</b>\u202e!  ' });
    expect(r.status).toBe(200);
    const state = roomStateSchema.parse(r.body.data);
    const entry = { id: expect.any(Number), room: 1, channel: 1, content: 'Ave,  <b>Forum</b>!', data: { name: a.user.name, title: '' } };
    expect(state.chat_log.at(-1)).toEqual(entry);
    expect(state.data.find((o) => o.id === masterA)).toMatchObject({
      type: 'master',
      user_id: a.user.id,
      coordinate: 5000,
      data: { verse: 'Ave,  <b>Forum</b>!', votes: [], limit: '' },
    });

    // Both present players get the forumupd (b's client filters the channel-1 line out); the absent one nothing.
    endWindow(s);
    for (const p of [a, b])
      expect(await p.socket.next('forumupd')).toMatchObject({ room: 1, ts: state.ts, chat: [entry], removed: [], data: [{ id: masterA }] });
    await settle();
    expect(away.socket.received.filter((m) => m.event === 'forumupd')).toEqual([]);
    // b stands on the public channel: a's line from the titled area is not in b's log.
    const bState = roomStateSchema.parse((await b.client.post('/api/rooms/verse/', { verse: 'salve' })).body.data);
    expect(bState.chat_log.map((c) => c.content)).toEqual(['salve']);
    expect(bState.ts).toBeGreaterThan(state.ts);
  });

  it('speaks and writes where the poster stands now, a walk still unwritten included', async () => {
    nextWindow();
    const { client, user } = await registerPlayer(s, 'w5');
    await issueItem(db(), s.clock, user.id, 9, 1n);
    await issueItem(db(), s.clock, user.id, SCRIBE_ITEM_ID, 1n);
    expect((await client.get('/api/rooms/enter/1')).status).toBe(200);
    // Within the walk's write window: the row still holds the entry point (0, channel 2).
    expect((await client.post('/api/rooms/walk', { coordinate: 15000, flip: false })).status).toBe(200);
    const state = roomStateSchema.parse((await client.post('/api/rooms/verse', { verse: 'here' })).body.data);
    expect(state.chat_log.at(-1)).toMatchObject({ content: 'here', channel: 0 });
    expect(state.data.find((o) => o.type === 'master' && o.user_id === user.id)).toMatchObject({
      coordinate: 15000,
      data: { verse: 'here' },
    });
    expect((await client.post('/api/rooms/walk', { coordinate: 16000, flip: false })).status).toBe(200);
    const written = roomStateSchema.parse((await client.post('/api/rooms/scribe', { verse: 'there' })).body.data);
    expect(written.data.find((o) => o.type === 'scribe' && o.user_id === user.id)).toMatchObject({ coordinate: 16000 });
    expect(written.data.find((o) => o.type === 'master' && o.user_id === user.id)).toMatchObject({ coordinate: 16000 });
    await client.get('/api/rooms/leave');
  });

  it('refuses empty, non-text and too long verses and yells with 422 under verse, and absent posters with 409', async () => {
    nextWindow();
    const { client, user } = await registerPlayer(s, 'v4');
    await makePresent(s, user.id, 2, 100);
    const before = await snapshot();
    for (const path of ['/api/rooms/verse', '/api/rooms/yell', '/api/rooms/scribe']) {
      for (const body of [{ verse: '' }, { verse: ' \u0000\n\t ' }, {}, { verse: { a: 1 } }, { verse: ['x'] }, { verse: null }]) {
        const r = await client.post(path, body);
        expect([r.status, r.body]).toEqual([422, { success: false, message: T.VERSE_REQUIRED, errors: { verse: [T.VERSE_REQUIRED] } }]);
      }
    }
    for (const [path, max] of [
      ['/api/rooms/verse', VERSE_MAX],
      ['/api/rooms/yell', YELL_MAX],
    ] as const) {
      const r = await client.post(path, { verse: 'é'.repeat(max + 1) });
      expect([r.status, r.body.message, r.body.errors]).toEqual([422, T.verseTooLong(max), { verse: [T.verseTooLong(max)] }]);
    }
    expect(await snapshot()).toEqual(before);
    // An emoji is one character: exactly the limit passes.
    expect((await client.post('/api/rooms/yell', { verse: '🏛'.repeat(YELL_MAX) })).status).toBe(200);
    expect(await snapshot()).not.toEqual(before);

    nextWindow();
    const fresh = await registerPlayer(s, 'v5');
    const mid = await snapshot();
    await makeAbsent(s, user.id);
    for (const path of ['/api/rooms/verse', '/api/rooms/yell']) {
      const r = await client.post(path, { verse: 'hello' });
      expect([r.status, r.body.message]).toEqual([409, T.NOT_IN_ROOM]);
    }
    // Present once, but silent longer than the presence window.
    await makePresent(s, user.id, 1, 11000);
    s.clock.advance(91_000);
    expect((await client.post('/api/rooms/verse', { verse: 'hello' })).body.message).toBe(T.NOT_IN_ROOM);
    // Never entered at all.
    expect((await fresh.client.post('/api/rooms/yell', { verse: 'hello' })).status).toBe(409);
    const after = await snapshot();
    expect([after.game, after.chat, after.votes]).toEqual([mid.game, mid.chat, mid.votes]);
  });

  it('needs a player and CSRF', async () => {
    const before = await snapshot();
    const guest = s.client();
    expect((await guest.post('/api/rooms/verse', { verse: 'hi' })).status).toBe(401);
    const { client, user } = await registerPlayer(s, 'v6');
    await makePresent(s, user.id, 1, 12000);
    const mid = await snapshot();
    const noCsrf = await client.post('/api/rooms/verse', { verse: 'hi' }, { csrf: false });
    expect(noCsrf.status).not.toBe(200);
    expect((await snapshot()).chat).toEqual(mid.chat);
    expect(before.chat).toEqual(mid.chat);
  });

  it('yells to the whole room on channel 0 and tells every player', async () => {
    nextWindow();
    const a = await playerWithSocket(s, 'y1', open);
    const b = await playerWithSocket(s, 'y2', open);
    const away = await playerWithSocket(s, 'y3', open);
    await makePresent(s, a.user.id, 1, 3000);
    await makePresent(s, b.user.id, 1, 15000);
    await db()
      .kysely.updateTable('users')
      .set({ senator_until: s.clock.now() + DAY_MS, patricius_until: s.clock.now() + DAY_MS })
      .where('id', '=', a.user.id)
      .execute();
    const r = await a.client.post('/api/rooms/yell/', { verse: 'Hear me!' });
    expect(r.status).toBe(200);
    const state = roomStateSchema.parse(r.body.data);
    const entry = { id: expect.any(Number), room: 1, channel: 0, content: 'Hear me!', data: { name: a.user.name, title: 'SP' } };
    expect(state.chat_log.at(-1)).toEqual(entry);
    for (const p of [a, b, away]) expect(await p.socket.next('forumyell')).toMatchObject({ room: 1, ts: state.ts, chat: entry });
    endWindow(s);
    for (const p of [a, b]) expect(await p.socket.next('forumupd')).toMatchObject({ room: 1, chat: [entry], data: [] });
    await settle();
    expect(away.socket.received.filter((m) => m.event === 'forumupd')).toEqual([]);
    // A yell does not replace the master's bubble.
    const master = await db().kysely.selectFrom('world_objects').select('verse').where('user_id', '=', a.user.id).executeTakeFirstOrThrow();
    expect(master.verse).toBe('');
  });

  it('paces yells (one per 2 s, 20 a minute) apart from verses, which are never refused: a burst is one entry', async () => {
    nextWindow();
    const { client, user } = await registerPlayer(s, 'p1');
    const other = await registerPlayer(s, 'p2');
    await makePresent(s, user.id, 2, 10);
    await makePresent(s, other.user.id, 2, 20);
    const lines = (userId: number) =>
      s.testDb.db.kysely.selectFrom('chat_messages').select(['kind', 'content']).where('user_id', '=', userId).orderBy('id').execute();
    const line = async (userId: number) =>
      (
        await s.testDb.db.kysely
          .selectFrom('world_objects')
          .select('verse')
          .where('type', '=', 'master')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).verse;

    // Typing: the original client posts the text so far on every keystroke; one entry holds the latest.
    for (const text of ['o', 'on', 'one']) expect((await client.post('/api/rooms/verse', { verse: text })).status).toBe(200);
    expect(await lines(user.id)).toEqual([{ kind: 'verse', content: 'one' }]);
    expect(await line(user.id)).toBe('one');
    // Another text at once is a line of its own: past the verse pace it is only the master's line, not an error.
    expect((await client.post('/api/rooms/verse', { verse: 'won' })).status).toBe(200);
    expect(await lines(user.id)).toEqual([{ kind: 'verse', content: 'one' }]);
    expect(await line(user.id)).toBe('won');
    // The Yell right after the typing is taken; a second one at once is refused and changes nothing.
    expect((await client.post('/api/rooms/yell', { verse: 'two' })).status).toBe(200);
    const before = await snapshot();
    const fast = await client.post('/api/rooms/yell', { verse: 'three' });
    expect([fast.status, fast.body.message, fast.headers.get('retry-after')]).toEqual([429, T.chatTooFast(2), '2']);
    expect(await snapshot()).toEqual(before);
    // Another player's pace is its own.
    expect((await other.client.post('/api/rooms/yell', { verse: 'mine' })).status).toBe(200);

    for (let i = 2; i <= 20; i++) {
      s.clock.advance(2_000);
      await makePresent(s, user.id, 2, 10);
      expect((await client.post('/api/rooms/yell', { verse: `line ${i}` })).status).toBe(200);
    }
    s.clock.advance(2_000);
    await makePresent(s, user.id, 2, 10);
    const full = await snapshot();
    const over = await client.post('/api/rooms/yell', { verse: 'line 21' });
    expect([over.status, over.body.message]).toEqual([429, T.chatTooFast(20)]);
    expect(await snapshot()).toEqual(full);
    // Verses go on: after the pause a new entry; a verse right after a yell past the verse pace moves only the line.
    expect((await client.post('/api/rooms/verse', { verse: 'after' })).status).toBe(200);
    s.clock.advance(20_000);
    await makePresent(s, user.id, 2, 10);
    expect((await client.post('/api/rooms/verse', { verse: 'quick' })).status).toBe(200);
    expect((await client.post('/api/rooms/yell', { verse: 'line 21' })).status).toBe(200);
    expect((await client.post('/api/rooms/verse', { verse: 'bubble' })).status).toBe(200);
    expect((await lines(user.id)).filter((l) => l.kind === 'verse').map((l) => l.content)).toEqual(['one', 'after', 'quick']);
    expect(await line(user.id)).toBe('bubble');

    // A script past any typing speed: answered, and nothing more written in that second.
    s.clock.advance(3_000);
    await makePresent(s, other.user.id, 2, 20);
    const answers: number[] = [];
    for (let i = 1; i <= 25; i++) answers.push((await other.client.post('/api/rooms/verse', { verse: 'k'.repeat(i) })).status);
    expect(answers.every((a) => a === 200)).toBe(true);
    expect((await lines(other.user.id)).filter((l) => l.kind === 'verse')).toEqual([{ kind: 'verse', content: 'k'.repeat(20) }]);
  });

  it('writes an inscription with a Scribe, where the poster stands, and tells every player', async () => {
    const a = await playerWithSocket(s, 's1', open);
    const b = await playerWithSocket(s, 's2', open);
    const away = await playerWithSocket(s, 's3', open);
    await makePresent(s, a.user.id, 1, 16000);
    await makePresent(s, b.user.id, 1, 16500);

    const before = await snapshot();
    const none = await a.client.post('/api/rooms/scribe', { verse: 'Carthago delenda est' });
    expect([none.status, none.body.message]).toEqual([409, T.NO_SCRIBE]);
    expect(await snapshot()).toEqual(before);

    await issueItem(db(), s.clock, a.user.id, SCRIBE_ITEM_ID, 1n);
    const consumed = await systemHolds(db(), s.clock, 'consumed', SCRIBE);
    // Absent: refused, the Scribe kept.
    await makeAbsent(s, a.user.id);
    const held = await snapshot();
    expect((await a.client.post('/api/rooms/scribe', { verse: 'x' })).status).toBe(409);
    expect(await snapshot()).toEqual(held);
    await makePresent(s, a.user.id, 1, 16000);

    const now = s.clock.now();
    const r = await a.client.post('/api/rooms/scribe/', { verse: ' Carthago delenda est ' });
    expect(r.status).toBe(200);
    const state = roomStateSchema.parse(r.body.data);
    const object = state.data.find((o) => o.type === 'scribe' && o.user_id === a.user.id)!;
    expect(object).toMatchObject({
      coordinate: 16000,
      name: a.user.name,
      flip: false,
      data: { verse: 'Carthago delenda est', votes: [], limit: wireTime(now + 7 * DAY_MS) },
    });
    expect(await playerHolds(db(), s.clock, a.user.id, SCRIBE)).toBe(0n);
    expect(await systemHolds(db(), s.clock, 'consumed', SCRIBE)).toBe(consumed + 1n);
    for (const p of [a, b, away]) expect(await p.socket.next('forumscribe')).toMatchObject({ room: 1, ts: state.ts, object });
    endWindow(s);
    for (const p of [a, b]) expect(await p.socket.next('forumupd')).toMatchObject({ room: 1, data: [object], chat: [] });
    await settle();
    expect(away.socket.received.filter((m) => m.event === 'forumupd')).toEqual([]);

    const after = await snapshot();
    expect((await a.client.post('/api/rooms/scribe', { verse: 'again' })).body.message).toBe(T.NO_SCRIBE);
    expect(await snapshot()).toEqual(after);
    await w.ledgerOk();
  });

  it('lets exactly one of two scribes racing for one Scribe write', async () => {
    for (let round = 0; round < 3; round++) {
      const { client, user } = await registerPlayer(s, `race${round}`);
      await makePresent(s, user.id, 2, 500 + round);
      await issueItem(db(), s.clock, user.id, SCRIBE_ITEM_ID, 1n);
      await client.csrf();
      const answers = await Promise.all([0, 1, 2].map((i) => client.post('/api/rooms/scribe', { verse: `race ${i}` })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.message).toBe(T.NO_SCRIBE);
      const rows = await db()
        .kysely.selectFrom('world_objects')
        .select('id')
        .where('type', '=', 'scribe')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await playerHolds(db(), s.clock, user.id, SCRIBE)).toBe(0n);
    }
    await w.ledgerOk();
  });

  it('writes once per Idempotency-Key: a retry, also one racing the first, spends no second Scribe', async () => {
    const p = await playerWithSocket(s, 'ik1', open);
    await makePresent(s, p.user.id, 2, 900);
    await issueItem(db(), s.clock, p.user.id, SCRIBE_ITEM_ID, 3n);
    const mine = async () =>
      db().kysely.selectFrom('world_objects').select('id').where('type', '=', 'scribe').where('user_id', '=', p.user.id).execute();
    const headers = { 'idempotency-key': `scribe-${dialect}` };
    const first = await p.client.post('/api/rooms/scribe', { verse: 'once' }, { headers });
    const again = await p.client.post('/api/rooms/scribe/', { verse: 'once' }, { headers });
    expect([first, again].map((r) => [r.status, r.headers.get('idempotent-replayed')])).toEqual([
      [200, null],
      [200, 'true'],
    ]);
    expect(again.body).toEqual(first.body);
    expect([(await mine()).length, await playerHolds(db(), s.clock, p.user.id, SCRIBE)]).toEqual([1, 2n]);
    const twins = { headers: { 'idempotency-key': `scribe-twins-${dialect}` } };
    const pair = await Promise.all([1, 2].map(() => p.client.post('/api/rooms/scribe', { verse: 'twice' }, twins)));
    expect(pair.map((r) => r.status)).toEqual([200, 200]);
    expect(pair.map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual(['true', null].sort());
    expect([(await mine()).length, await playerHolds(db(), s.clock, p.user.id, SCRIBE)]).toEqual([2, 1n]);
    // Each run that wrote was announced once.
    await expect.poll(() => p.socket.received.filter((m) => m.event === 'forumscribe').length).toBe(2);
    await settle(100);
    expect(p.socket.received.filter((m) => m.event === 'forumscribe')).toHaveLength(2);
    await w.ledgerOk();
  });

  it('replays a keyed scribe after the player left the room, and refuses a new key while absent', async () => {
    const p = await playerWithSocket(s, 'ik2', open);
    await makePresent(s, p.user.id, 1, 16200);
    await issueItem(db(), s.clock, p.user.id, SCRIBE_ITEM_ID, 2n);
    const headers = { 'idempotency-key': `scribe-left-${dialect}` };
    const first = await p.client.post('/api/rooms/scribe', { verse: 'before leaving' }, { headers });
    expect(first.status).toBe(200);
    const written = roomStateSchema.parse(first.body.data).data.find((o) => o.type === 'scribe' && o.user_id === p.user.id)!;
    await expect.poll(() => p.socket.received.filter((m) => m.event === 'forumscribe').length).toBe(1);

    await makeAbsent(s, p.user.id);
    const held = await snapshot();
    const again = await p.client.post('/api/rooms/scribe', { verse: 'before leaving' }, { headers });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    // The room as it is now: the inscription stands, the player who left is no longer in it.
    const now = roomStateSchema.parse(again.body.data);
    expect(now.data.find((o) => o.id === written.id)).toEqual(written);
    expect(now.data.some((o) => o.type === 'master' && o.user_id === p.user.id)).toBe(false);
    expect(await snapshot()).toEqual(held);
    expect(await playerHolds(db(), s.clock, p.user.id, SCRIBE)).toBe(1n);

    // A new key is a new scribe: refused while absent, writing nothing and keeping the key free.
    const fresh = { headers: { 'idempotency-key': `scribe-left-new-${dialect}` } };
    const refused = await p.client.post('/api/rooms/scribe', { verse: 'while away' }, fresh);
    expect([refused.status, refused.body.message]).toEqual([409, T.NOT_IN_ROOM]);
    expect(await snapshot()).toEqual(held);
    await makePresent(s, p.user.id, 1, 16300);
    const back = await p.client.post('/api/rooms/scribe', { verse: 'while away' }, fresh);
    expect([back.status, back.headers.get('idempotent-replayed')]).toEqual([200, null]);
    expect(await playerHolds(db(), s.clock, p.user.id, SCRIBE)).toBe(0n);
    await settle(100);
    expect(p.socket.received.filter((m) => m.event === 'forumscribe')).toHaveLength(2);
    endWindow(s); // its forumupd goes out now, not into the next test's
    await w.ledgerOk();
  });

  /** A standing inscription of a new player; returns its id and its room's players. */
  async function inscription(n: string) {
    const author = await registerPlayer(s, n);
    await makePresent(s, author.user.id, 1, 17000);
    await issueItem(db(), s.clock, author.user.id, SCRIBE_ITEM_ID, 1n);
    const r = await author.client.post('/api/rooms/scribe', { verse: `by ${n}` });
    expect(r.status).toBe(200);
    const id = (r.body.data.data as { id: number; type: string; user_id: number }[]).find(
      (o) => o.type === 'scribe' && o.user_id === author.user.id,
    )!.id;
    return { id, author };
  }

  it('counts one vote per player, and refuses a second vote and unknown or ended inscriptions', async () => {
    const { id, author } = await inscription('i1');
    const voter = await playerWithSocket(s, 'i2', open);
    await makePresent(s, voter.user.id, 1, 17100);
    const r = await voter.client.post(`/api/rooms/vote/${id}`);
    expect(r.status).toBe(200);
    const object = roomStateSchema.parse(r.body.data).data.find((o) => o.id === id)!;
    expect(object.data.votes).toEqual([voter.user.id]);
    endWindow(s);
    expect(await voter.socket.next('forumupd')).toMatchObject({ room: 1, data: [{ id, data: { votes: [voter.user.id] } }] });

    const masterId = await makePresent(s, author.user.id, 1, 17000);
    const before = await snapshot();
    for (const path of [`/api/rooms/vote/${id}`, `/api/rooms/vote/${id}/`]) {
      const again = await voter.client.post(path);
      expect([again.status, again.body.message]).toEqual([409, T.ALREADY_VOTED]);
    }
    for (const bad of ['999999', 'abc', '0', '-1', String(masterId), '1e3']) {
      const nf = await voter.client.post(`/api/rooms/vote/${bad}`);
      expect([nf.status, nf.body.message]).toEqual([404, T.INSCRIPTION_NOT_FOUND]);
    }
    expect(await snapshot()).toEqual(before);

    // The author may vote too; at once from two tabs, one vote counts.
    await author.client.csrf();
    const both = await Promise.all([author.client.post(`/api/rooms/vote/${id}`), author.client.post(`/api/rooms/vote/${id}`)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const votes = await db()
      .kysely.selectFrom('inscription_votes')
      .select('user_id')
      .where('object_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(votes.map((v) => v.user_id)).toEqual([author.user.id, voter.user.id].sort((x, y) => x - y));
  });

  it('lets only the {name} account promote, extending the standing time', async () => {
    const { id, author } = await inscription('pr1');
    endWindow(s); // what earlier steps queued goes out before the admin listens
    const before = await snapshot();
    const refused = await author.client.post(`/api/rooms/promote/${id}`);
    expect([refused.status, refused.body.message]).toEqual([403, T.onlyAdminPromotes(TEST_ADMIN)]);
    expect(await snapshot()).toEqual(before);

    const admin = await playerWithSocket(s, 'wadm', open);
    expect(admin.user.name).toBe(TEST_ADMIN);
    await makePresent(s, admin.user.id, 1, 17050);
    const limitAt = (await db().kysely.selectFrom('world_objects').select('limit_at').where('id', '=', id).executeTakeFirstOrThrow())
      .limit_at!;
    const nf = await admin.client.post('/api/rooms/promote/424242');
    expect([nf.status, nf.body.message]).toEqual([404, T.INSCRIPTION_NOT_FOUND]);
    const r = await admin.client.post(`/api/rooms/promote/${id}/`);
    expect(r.status).toBe(200);
    const limit = wireTime(Number(limitAt) + 30 * DAY_MS);
    expect(roomStateSchema.parse(r.body.data).data.find((o) => o.id === id)!.data.limit).toBe(limit);
    endWindow(s);
    expect(await admin.socket.next('forumupd')).toMatchObject({ data: [{ id, data: { limit } }] });
    const row = await db()
      .kysely.selectFrom('world_objects')
      .select(['promoted', 'limit_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([row.promoted, Number(row.limit_at)]).toEqual([1, Number(limitAt) + 30 * DAY_MS]);
  });

  it('sends a luv to the liked player only, once a minute per pair, never to oneself or an absent player', async () => {
    const a = await playerWithSocket(s, 'l1', open);
    const b = await playerWithSocket(s, 'l2', open);
    const c = await playerWithSocket(s, 'l3', open);
    const masterA = await makePresent(s, a.user.id, 2, 10);
    const masterB = await makePresent(s, b.user.id, 2, 20);
    const masterC = await makePresent(s, c.user.id, 2, 30);

    const r = await a.client.post(`/api/rooms/like/${masterB}`);
    expect(r.status).toBe(200);
    expect(roomStateSchema.parse(r.body.data).data.map((o) => o.id)).toEqual(expect.arrayContaining([masterA, masterB, masterC]));
    expect(await b.socket.next('forumlike')).toMatchObject({ id: b.user.id, id_from: a.user.id, name_from: a.user.name });
    await settle();
    for (const p of [a, c]) expect(p.socket.received.filter((m) => m.event === 'forumlike')).toEqual([]);

    const again = await a.client.post(`/api/rooms/like/${masterB}/`);
    expect([again.status, again.body.message]).toEqual([429, T.likeTooFast(60)]);
    expect((await a.client.post(`/api/rooms/like/${masterC}`)).status).toBe(200);
    const self = await a.client.post(`/api/rooms/like/${masterA}`);
    expect([self.status, self.body.message, self.body.errors]).toEqual([422, T.LIKE_SELF, { id: [T.LIKE_SELF] }]);
    for (const bad of ['777777', 'x']) expect((await a.client.post(`/api/rooms/like/${bad}`)).body.message).toBe(T.PLAYER_NOT_FOUND);
    await makeAbsent(s, c.user.id);
    s.clock.advance(61_000);
    await makePresent(s, a.user.id, 2, 10);
    const gone = await a.client.post(`/api/rooms/like/${masterC}`);
    expect([gone.status, gone.body.message]).toEqual([409, T.PLAYER_GONE]);
    await makePresent(s, b.user.id, 2, 20);
    expect((await a.client.post(`/api/rooms/like/${masterB}`)).status).toBe(200);
    expect(await b.socket.next('forumlike', 2)).toMatchObject({ id_from: a.user.id });
    await settle();
    expect(b.socket.received.filter((m) => m.event === 'forumlike')).toHaveLength(2);
    expect(c.socket.received.filter((m) => m.event === 'forumlike')).toHaveLength(1);
  });

  it("answers a master's deposit address for Send Coins", async () => {
    const a = await registerPlayer(s, 'd1');
    const b = await registerPlayer(s, 'd2');
    const masterB = await makePresent(s, b.user.id, 1, 12000);
    const r = await a.client.post(`/api/rooms/send/${masterB}`);
    expect([r.status, r.body.data]).toEqual([200, testDeposits.addressOf(b.user.id)]);
    expect((await a.client.post(`/api/rooms/send/${masterB}/`)).body.data).toBe(testDeposits.addressOf(b.user.id));
    const row = await db()
      .kysely.selectFrom('deposit_addresses')
      .select('address')
      .where('user_id', '=', b.user.id)
      .executeTakeFirstOrThrow();
    expect(row.address).toBe(testDeposits.addressOf(b.user.id).toLowerCase());
    const { id } = await inscription('d3');
    for (const bad of [String(id), '5555555', 'zz']) {
      const nf = await a.client.post(`/api/rooms/send/${bad}`);
      expect([nf.status, nf.body.message]).toEqual([404, T.PLAYER_NOT_FOUND]);
    }
  });

  it("announces an inscription's end to the room when its time is over, and never answers it after", async () => {
    const { id } = await inscription('e2');
    s.clock.advance(7 * DAY_MS - 2_000);
    const watcher = await playerWithSocket(s, 'e3', open);
    const entered = await watcher.client.get('/api/rooms/enter/1');
    expect(roomStateSchema.parse(entered.body.data).data.some((o) => o.id === id)).toBe(true);
    s.clock.advance(2_001);
    // The leader's presence upkeep notices the end: one forumupd names it as removed.
    await s.upkeep();
    endWindow(s);
    const removals = () =>
      watcher.socket.received.filter((m) => m.event === 'forumupd' && (m as unknown as { removed: number[] }).removed.includes(id));
    await expect.poll(() => removals().length).toBe(1);
    expect(removals()[0]).toMatchObject({ room: 1, ts: expect.any(Number), data: [], chat: [] });
    const again = roomStateSchema.parse((await watcher.client.get('/api/rooms/enter/1')).body.data);
    expect(again.data.some((o) => o.id === id)).toBe(false);
    // The row stays (its votes and text are history); a later sweep does not announce it again.
    expect(await db().kysely.selectFrom('world_objects').select('type').where('id', '=', id).executeTakeFirst()).toEqual({
      type: 'scribe',
    });
    await s.upkeep();
    endWindow(s);
    await settle(100);
    expect(removals()).toHaveLength(1);
    await watcher.client.get('/api/rooms/leave');
  });

  it('forgets an inscription once its time is over', async () => {
    const { id, author } = await inscription('e1');
    s.clock.advance(7 * DAY_MS + 1);
    await makePresent(s, author.user.id, 1, 17000);
    const r = await author.client.post(`/api/rooms/vote/${id}`);
    expect([r.status, r.body.message]).toEqual([404, T.INSCRIPTION_NOT_FOUND]);
    nextWindow();
    await makePresent(s, author.user.id, 1, 17000);
    const state = roomStateSchema.parse((await author.client.post('/api/rooms/verse', { verse: 'later' })).body.data);
    expect(state.data.find((o) => o.id === id)).toBeUndefined();
  });
});
