/**
 * The eidol item actions on both databases (pop, extract, feed, apple, transmute eggtoplasm, enchant):
 * each happy path with its money and items checked, every validation text, a locked round, another
 * player's eidol (404), and two feeds of the last cookie at once; every refusal changes nothing and the
 * ledger checks clean after each step.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestClient, type TestServer } from '../../support/server';
import {
  confirmEmail,
  drainEidol,
  gameSnapshot,
  openRound,
  playerAngls,
  poolBalance,
  settleAllRounds,
  startGameServer,
} from '../../support/gameFixtures';
import { eidolHolds, fundBacking, issueItem, playerHolds, systemHolds } from '../../support/itemFixtures';
import { itemAsset } from '../../../src/shared/money/assets';
import { eidolSchema } from '../../../src/shared/api/game';
import { itemActionResultSchema } from '../../../src/shared/api/itemActions';
import { EIDOL_BUSY, EIDOL_NOT_FOUND, EXTRA_EIDOL_REFUSED, ROUND_LOCKED } from '../../../src/server/domain/eidols/eidolTexts';
import { ACTION_ITEMS, APPLE_MS } from '../../../src/server/domain/items/itemActionsConfig';
import * as T from '../../../src/server/domain/items/itemTexts';

const ANGLS = 100_000_000n;
const COOKIE = ACTION_ITEMS.cookie,
  EXTRACT = ACTION_ITEMS.extract,
  APPLE = ACTION_ITEMS.apple,
  JAR = ACTION_ITEMS.jar,
  TOME = ACTION_ITEMS.tome;

describe.each(dialectsFor(inject('pgAdminUrl')))('eidol item actions on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  let roundId = 500;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
    await fundBacking(s.testDb.db, s.clock, 1_000n * ANGLS);
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;
  const k = () => s.testDb.db.kysely;
  const snapshot = () => gameSnapshot(db());
  const holds = (userId: number, itemId: number) => playerHolds(db(), s.clock, userId, itemAsset(itemId));
  const consumed = (itemId: number) => systemHolds(db(), s.clock, 'consumed', itemAsset(itemId));
  const row = (id: number) => k().selectFrom('eidols').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setEidol = (id: number, set: Record<string, unknown>) => k().updateTable('eidols').set(set).where('id', '=', id).execute();
  /** A fresh current round, open for 10 minutes from now. */
  const freshRound = async () => {
    await settleAllRounds(db(), s.clock.now());
    roundId += 1;
    return openRound(db(), s.clock, roundId);
  };
  /** A player (level 1) with the free egg (100 ANGLS) turned into a hatched eidol of `level`. */
  async function withEidol(tag: string, level = 3): Promise<{ client: TestClient; userId: number; id: number }> {
    const { client, user } = await registerPlayer(s, tag);
    await confirmEmail(db(), user.id);
    const egg = await client.post('/api/oogle/free');
    expect(egg.status).toBe(200);
    await setEidol(egg.body.data.id, { type: 'ogle', level, hatched_at: s.clock.now() });
    await k().updateTable('users').set({ level: 1 }).where('id', '=', user.id).execute();
    return { client, userId: user.id, id: egg.body.data.id };
  }
  /** Expects a refusal with `status` and `message` that changed nothing since `before`, and a clean ledger. */
  async function refused(
    res: { status: number; body: { success: boolean; message: string } },
    status: number,
    message: string,
    before: unknown,
  ) {
    expect([res.status, res.body.success, res.body.message]).toEqual([status, false, message]);
    expect(await snapshot()).toEqual(before);
    await ledgerOk();
  }
  /** The common refusals of an eidol action at `path`: busy, a locked round, another player's and a missing eidol. */
  async function commonRefusals(client: TestClient, id: number, action: string, body: unknown) {
    const before = await snapshot();
    await setEidol(id, { is_locked: 1 });
    await refused(await client.post(`/api/oogles/${id}/${action}`, body), 422, EIDOL_BUSY, before);
    await setEidol(id, { is_locked: 0 });
    const round = await freshRound();
    s.clock.set(round.canActBefore);
    const locked = await snapshot();
    await refused(await client.post(`/api/oogles/${id}/${action}`, body), 422, ROUND_LOCKED, locked);
    await freshRound();
    // The other player holds the items too: a 404 is about the eidol, not about what they hold.
    const other = await withEidol(`o-${action}`);
    for (const item of [COOKIE, EXTRACT, APPLE, TOME]) await issueItem(db(), s.clock, other.userId, item, 20n);
    const mid = await snapshot();
    await refused(await other.client.post(`/api/oogles/${id}/${action}`, body), 404, EIDOL_NOT_FOUND, mid);
    await refused(await client.post(`/api/oogles/999999/${action}`, body), 404, EIDOL_NOT_FOUND, mid);
    await refused(await client.post(`/api/oogles/x1/${action}`, body), 404, EIDOL_NOT_FOUND, mid);
  }

  it('pops an eidol: its potency share to the player, the rest to the pool, and it closes', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('pop1', 3);
    await commonRefusals(client, id, 'pop', {});
    const pool = await poolBalance(db(), s.clock);
    const res = await client.post(`/api/oogles/${id}/pop`);
    expect(res.status).toBe(200);
    // Level 3: 0.74 + 0.06 = 80 %.
    expect(itemActionResultSchema.parse(res.body.data)).toMatchObject({ paid: '80.00000000', oogle: { id, value: '0.00000000' } });
    expect(await playerAngls(db(), s.clock, userId)).toBe(80n * ANGLS);
    expect(await poolBalance(db(), s.clock)).toBe(pool + 20n * ANGLS);
    expect(await eidolHolds(db(), s.clock, id)).toBe(0n);
    expect((await row(id)).closed_at).toBe(s.clock.now());
    expect((await client.get('/api/game')).body.data.oogles).toEqual([]);
    await ledgerOk();
    // Closed: gone for every action; with no open eidol left, pop names that.
    const before = await snapshot();
    await refused(await client.post(`/api/oogles/${id}/pop`), 422, T.NO_EIDOL_TO_POP, before);
  });

  it('refuses to pop eggs, eggtoplasm and an eidol of value 0', async () => {
    await freshRound();
    const { client, id } = await withEidol('pop2');
    const before = await snapshot();
    await setEidol(id, { type: 'egg' });
    await refused(await client.post(`/api/oogles/${id}/pop`), 422, T.CANNOT_POP_EGGS, before);
    await setEidol(id, { type: 'ectoplasm' });
    await refused(await client.post(`/api/oogles/${id}/pop`), 422, T.CANNOT_POP_ECTO, before);
    await setEidol(id, { type: 'ogle' });
    await drainEidol(db(), s.clock, id, `pop2-${dialect}`);
    const drained = await snapshot();
    await refused(await client.post(`/api/oogles/${id}/pop`), 422, T.NOTHING_TO_POP, drained);
  });

  it('extracts whole ANGLS for one Extract each, at the potency share, and lowers the break-even', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('ext1', 1);
    await issueItem(db(), s.clock, userId, EXTRACT, 12n);
    await commonRefusals(client, id, 'extract', { amount: 10 });
    const pool = await poolBalance(db(), s.clock);
    const res = await client.post(`/api/oogles/${id}/extract`, { amount: '10' });
    expect(res.status).toBe(200);
    // Level 1: 76 % of 10 ANGLS.
    expect(itemActionResultSchema.parse(res.body.data).paid).toBe('7.60000000');
    expect(res.body.data.oogle).toMatchObject({ id, value: '90.00000000', no_loss_value: '90.00000000' });
    expect(await playerAngls(db(), s.clock, userId)).toBe(760_000_000n);
    expect(await poolBalance(db(), s.clock)).toBe(pool + 240_000_000n);
    expect(await holds(userId, EXTRACT)).toBe(2n);
    expect(await eidolHolds(db(), s.clock, id)).toBe(90n * ANGLS);
    expect((await row(id)).no_loss_value).toBe(90n * ANGLS);
    await ledgerOk();
  });

  it('refuses extraction with every text of spec 2 §5, in order', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('ext2');
    await issueItem(db(), s.clock, userId, EXTRACT, 5n);
    const before = await snapshot();
    for (const amount of [undefined, '', 0, '0', '1.5', 'abc', -1, '-1', 1.5, null]) {
      const res = await client.post(`/api/oogles/${id}/extract`, amount === undefined ? {} : { amount });
      expect(res.body.errors).toEqual({ amount: [T.SPECIFY_EXTRACTION] });
      await refused(res, 422, T.SPECIFY_EXTRACTION, before);
    }
    await setEidol(id, { type: 'egg' });
    await refused(await client.post(`/api/oogles/${id}/extract`, { amount: 1 }), 422, T.CANNOT_EXTRACT_EGGS, before);
    await setEidol(id, { type: 'ectoplasm' });
    await refused(await client.post(`/api/oogles/${id}/extract`, { amount: 1 }), 422, T.CANNOT_EXTRACT_ECTO, before);
    await setEidol(id, { type: 'ogle' });
    // Too large is judged before the Extracts held (101 > value 100, and > 5 Extracts).
    await refused(await client.post(`/api/oogles/${id}/extract`, { amount: 101 }), 422, T.EXTRACTION_TOO_LARGE, before);
    await refused(await client.post(`/api/oogles/${id}/extract`, { amount: 6 }), 422, T.NOT_ENOUGH_EXTRACT, before);
    await refused(await client.post(`/api/oogles/${id}/extract`, { amount: '99999999999999999999' }), 422, T.EXTRACTION_TOO_LARGE, before);
  });

  it('feeds Golden Cookies: 1 ANGLS of backing each into the eidol, the cookies consumed', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('feed1');
    await issueItem(db(), s.clock, userId, COOKIE, 3n);
    await commonRefusals(client, id, 'feed', { amount: 1 });
    const backing = await systemHolds(db(), s.clock, 'item_backing', 'ANGLS');
    const eaten = await consumed(COOKIE);
    const res = await client.post(`/api/oogles/${id}/feed`, { amount: 2 });
    expect(res.status).toBe(200);
    expect(Object.keys(itemActionResultSchema.parse(res.body.data))).toEqual(['oogle']);
    expect(res.body.data.oogle).toMatchObject({ id, value: '102.00000000', no_loss_value: '102.00000000', top_value: '102.00000000' });
    expect(await eidolHolds(db(), s.clock, id)).toBe(102n * ANGLS);
    expect(await systemHolds(db(), s.clock, 'item_backing', 'ANGLS')).toBe(backing - 2n * ANGLS);
    expect(await holds(userId, COOKIE)).toBe(1n);
    expect(await consumed(COOKIE)).toBe(eaten + 2n);
    // The owner's game view shows the new value.
    expect((await client.get('/api/game')).body.data.oogles[0]).toMatchObject({ id, value: '102.00000000' });
    await ledgerOk();
  });

  it('refuses feeding with every text of spec 2 §5', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('feed2');
    await issueItem(db(), s.clock, userId, COOKIE, 2n);
    const before = await snapshot();
    for (const amount of [undefined, 0, '', 'x'])
      await refused(await client.post(`/api/oogles/${id}/feed`, amount === undefined ? {} : { amount }), 422, T.SPECIFY_FEED, before);
    // No body at all (the client's empty POST).
    await refused(await client.request('POST', `/api/oogles/${id}/feed`), 422, T.SPECIFY_FEED, before);
    await refused(await client.post(`/api/oogles/${id}/feed`, { amount: 3 }), 422, T.NOT_ENOUGH_COOKIES, before);
    await setEidol(id, { type: 'egg' });
    await refused(await client.post(`/api/oogles/${id}/feed`, { amount: 1 }), 422, T.CANNOT_FEED_EGGS, before);
    await setEidol(id, { type: 'ectoplasm' });
    await refused(await client.post(`/api/oogles/${id}/feed`, { amount: 1 }), 422, T.CANNOT_FEED_ECTO, before);
    // A player with cookies and no eidol at all.
    const { client: lone, user } = await registerPlayer(s, `feed2-lone-${dialect}`);
    await issueItem(db(), s.clock, user.id, COOKIE, 1n);
    const mid = await snapshot();
    await refused(await lone.post(`/api/oogles/${id}/feed`, { amount: 1 }), 422, T.NO_EIDOL_TO_FEED, mid);
  });

  it('lets exactly one of two simultaneous feeds of the last cookie through', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('feed3');
    await issueItem(db(), s.clock, userId, COOKIE, 1n);
    const eaten = await consumed(COOKIE);
    const results = await Promise.all([
      client.post(`/api/oogles/${id}/feed`, { amount: 1 }),
      client.post(`/api/oogles/${id}/feed`, { amount: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.message).toBe(T.NOT_ENOUGH_COOKIES);
    expect(await holds(userId, COOKIE)).toBe(0n);
    expect(await consumed(COOKIE)).toBe(eaten + 1n);
    expect(await eidolHolds(db(), s.clock, id)).toBe(101n * ANGLS);
    await ledgerOk();

    // The last cookie fed to two different eidols at once: the ledger's own check refuses the second.
    const second = await k()
      .insertInto('eidols')
      .values({ ...(await row(id)), id: undefined, source: 'egg1', created_at: s.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await issueItem(db(), s.clock, userId, COOKIE, 1n);
    const both = await Promise.all([
      client.post(`/api/oogles/${id}/feed`, { amount: 1 }),
      client.post(`/api/oogles/${second.id}/feed`, { amount: 1 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)!.body.message).toBe(T.NOT_ENOUGH_COOKIES);
    expect(await holds(userId, COOKIE)).toBe(0n);
    expect(await consumed(COOKIE)).toBe(eaten + 2n);
    await ledgerOk();
  });

  it('feeds Precision Apples: 24 h of boost each, from now or from a running boost', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('apple1');
    await issueItem(db(), s.clock, userId, APPLE, 4n);
    await commonRefusals(client, id, 'apple', { amount: 1 });
    const now = s.clock.now();
    const a = await client.post(`/api/oogles/${id}/apple`, { amount: 2 });
    expect(a.status).toBe(200);
    expect((await row(id)).apple_until).toBe(now + 2 * APPLE_MS);
    expect(a.body.data.oogle.data.apple).not.toBeNull();
    const b = await client.post(`/api/oogles/${id}/apple`, { amount: '1' });
    expect(b.status).toBe(200);
    expect((await row(id)).apple_until).toBe(now + 3 * APPLE_MS);
    expect(await holds(userId, APPLE)).toBe(1n);
    await ledgerOk();
    const before = await snapshot();
    await refused(await client.post(`/api/oogles/${id}/apple`, { amount: 0 }), 422, T.SPECIFY_FEED, before);
    await refused(await client.post(`/api/oogles/${id}/apple`, { amount: 2 }), 422, T.NOT_ENOUGH_APPLES, before);
    await setEidol(id, { type: 'egg' });
    await refused(await client.post(`/api/oogles/${id}/apple`, { amount: 1 }), 422, T.CANNOT_FEED_EGGS, before);
    await setEidol(id, { type: 'ectoplasm' });
    await refused(await client.post(`/api/oogles/${id}/apple`, { amount: 1 }), 422, T.CANNOT_FEED_ECTO, before);
  });

  it('transmutes a full eggtoplasm into an eidol for a Tome, with every refusal text', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('tm1', 0);
    await k().updateTable('users').set({ level: 0 }).where('id', '=', userId).execute();
    await drainEidol(db(), s.clock, id, `tm1-${dialect}`);
    await setEidol(id, { type: 'ectoplasm', hatched_at: null, experience: 11 });
    const before = await snapshot();
    await refused(await client.post(`/api/oogles/${id}/transmuteegg`), 422, T.NOT_ENOUGH_XP, before);
    await setEidol(id, { experience: 12 });
    await refused(await client.post(`/api/oogles/${id}/transmuteegg`), 422, T.NO_TOME, before);
    await setEidol(id, { type: 'egg' });
    await refused(await client.post(`/api/oogles/${id}/transmuteegg`), 422, T.CANNOT_TRANSMUTE_EGGS, before);
    await setEidol(id, { type: 'ogle' });
    await refused(await client.post(`/api/oogles/${id}/transmuteegg`), 422, T.CANNOT_TRANSMUTE_EIDOL, before);
    await setEidol(id, { type: 'ectoplasm' });
    await issueItem(db(), s.clock, userId, TOME, 1n);
    await commonRefusals(client, id, 'transmuteegg', {});
    const res = await client.post(`/api/oogles/${id}/transmuteegg`);
    expect(res.status).toBe(200);
    expect(res.body.data.oogle).toMatchObject({ id, type: 'ogle', experience: 0 });
    const after = await row(id);
    expect([after.type, after.hatched_at, after.skin_image]).toEqual(['ogle', s.clock.now(), `eidol-basic-common-${(id % 3) + 1}`]);
    expect(await holds(userId, TOME)).toBe(0n);
    expect(await consumed(TOME)).toBeGreaterThanOrEqual(1n);
    // The first hatched eidol makes the player titled.
    expect((await k().selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow()).level).toBe(1);
    await ledgerOk();
    const { client: lone } = await registerPlayer(s, `tm1-lone-${dialect}`);
    const mid = await snapshot();
    await refused(await lone.post(`/api/oogles/${id}/transmuteegg`), 422, T.NO_ECTO_TO_TRANSMUTE, mid);
  });

  it('enchants a jar and 13 gDAO into an eggtoplasm, under the extra-eidol rule', async () => {
    await freshRound();
    const { client, user } = await registerPlayer(s, `ench1-${dialect}`);
    const before = await snapshot();
    await refused(await client.post('/api/oogle/enchant'), 422, T.NO_ECTOPLASM_JAR, before);
    await issueItem(db(), s.clock, user.id, JAR, 2n);
    await issueItem(db(), s.clock, user.id, 4, 12n);
    const short = await snapshot();
    await refused(await client.post('/api/oogle/enchant'), 422, T.NOT_ENOUGH_GDAO, short);
    await issueItem(db(), s.clock, user.id, 4, 14n);
    const round = await freshRound();
    s.clock.set(round.canActBefore);
    const locked = await snapshot();
    await refused(await client.post('/api/oogle/enchant'), 422, ROUND_LOCKED, locked);
    await freshRound();
    const reserve = await systemHolds(db(), s.clock, 'gdao_reserve', 'GDAO');
    const res = await client.post('/api/oogle/enchant');
    expect(res.status).toBe(200);
    const oogle = eidolSchema.parse(res.body.data.oogle);
    expect(oogle).toMatchObject({ type: 'ectoplasm', value: '0.00000000', level: 0, experience: 0 });
    expect(await holds(user.id, JAR)).toBe(1n);
    expect(await playerHolds(db(), s.clock, user.id, 'GDAO')).toBe(13n);
    expect(await systemHolds(db(), s.clock, 'gdao_reserve', 'GDAO')).toBe(reserve + 13n);
    expect((await k().selectFrom('users').select('level').where('id', '=', user.id).executeTakeFirstOrThrow()).level).toBe(0);
    expect((await client.get('/api/game')).body.data.oogles.map((o: { id: number }) => o.id)).toEqual([oogle.id]);
    await ledgerOk();
    // Level 0 with one open eidol: no second one.
    const mid = await snapshot();
    await refused(await client.post('/api/oogle/enchant'), 422, EXTRA_EIDOL_REFUSED, mid);
  });

  it('accepts an action arriving at the last millisecond of open and refuses the first of locked', async () => {
    const round = await freshRound();
    const { client, userId, id } = await withEidol('edge1');
    await issueItem(db(), s.clock, userId, COOKIE, 2n);
    s.clock.set(round.canActBefore - 1);
    expect((await client.post(`/api/oogles/${id}/feed`, { amount: 1 })).status).toBe(200);
    s.clock.set(round.canActBefore);
    const before = await snapshot();
    await refused(await client.post(`/api/oogles/${id}/feed`, { amount: 1 }), 422, ROUND_LOCKED, before);
    s.clock.set(round.endsAt + 1);
    await refused(await client.post(`/api/oogles/${id}/feed`, { amount: 1 }), 422, ROUND_LOCKED, before);
    await freshRound();
  });

  it('replays an action sent again with the same Idempotency-Key', async () => {
    await freshRound();
    const { client, userId, id } = await withEidol('idem1');
    await issueItem(db(), s.clock, userId, COOKIE, 5n);
    const headers = { 'idempotency-key': `feed-${dialect}-1` };
    const a = await client.post(`/api/oogles/${id}/feed`, { amount: 2 }, { headers });
    const b = await client.post(`/api/oogles/${id}/feed`, { amount: 2 }, { headers });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await holds(userId, COOKIE)).toBe(3n);
    await ledgerOk();
  });
});
