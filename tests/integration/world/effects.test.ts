/**
 * The Forum's incense and caravan on both databases: every path and refusal (a refusal changes no row and
 * no balance), the races (one slot, one Incense; the last good), the caravan's whole cycle on the injected
 * clock (send → travelling → back → nine unpacks → home, the store restocked by 9 and unlocked), the game
 * view's fields, the broadcasts reaching a socket, and the incense doubling a booked round's emission as
 * `npm run verify` recomputes it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ITEM_IDS, itemAsset } from '../../../src/shared/money/assets';
import { formatUnits } from '../../../src/shared/money/format';
import { WORLD_ITEM_IDS } from '../../../src/shared/rules/items';
import { settleRound } from '../../../src/shared/rules/round/settlement';
import { ECONOMY_CONFIG } from '../../../src/shared/rules/round/economyConfig';
import type { FairRoundDetail } from '../../../src/shared/api/game';
import { CARAVAN_GOODS, CARAVAN_HOME_GRACE_MS, CARAVAN_MINUTES, INCENSE_MINUTES } from '../../../src/server/domain/world/effectsConfig';
import {
  CARAVAN_UNPACKED,
  INCENSE_BURNING,
  INVALID_INCENSE_ID,
  NO_INCENSE,
  NO_MAP,
  caravanReturnsIn,
} from '../../../src/server/domain/world/effectTexts';
import { LOCKED_FOR_RESTOCK } from '../../../src/server/domain/shop/shopTexts';
import { REQUEST_KEY_REUSED } from '../../../src/server/domain/requests/requestRecords';
import { verifyBookedRound } from '../../../src/server/domain/fairness/verifyBooked';
import { wireTime } from '../../../src/server/domain/users/userTime';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../../support/server';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { confirmEmail, gameSnapshot, openRound } from '../../support/gameFixtures';
import { issueItem, playerHolds, systemHolds } from '../../support/itemFixtures';
import { openSocket, settle, type TestSocket } from '../../support/sockets';
import { giveGdao, startGdaoServer } from '../gdao/support';
import { ANGLS, insertEidols, insertPlayer } from '../rounds/support/world';

const pgAdminUrl = inject('pgAdminUrl');
const INCENSE = WORLD_ITEM_IDS.INCENSE;
const MAP = WORLD_ITEM_IDS.MAP;
const TAX = ITEM_IDS.TAX_COMMENDATION;
const TOME = ITEM_IDS.TRANSMUTATION_TOME;

describe.each(dialectsFor(pgAdminUrl))('incense and caravan on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  let watcher: TestSocket;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGdaoServer(dialect, pgAdminUrl));
    // A long open round: the game view needs one, and the store sells only while it is open.
    await openRound(s.testDb.db, s.clock, 1, 30 * 24 * 3_600_000);
  });
  afterAll(async () => {
    watcher?.close();
    await s?.close();
  });

  const db = () => s.testDb.db;
  // Rows and balances a refusal must leave as they were.
  const snapshot = async () => ({
    game: await gameSnapshot(db()),
    slots: await db().kysely.selectFrom('incense_slots').selectAll().orderBy('slot').execute(),
    caravan: await db().kysely.selectFrom('caravan_state').selectAll().execute(),
  });
  const holds = (userId: number, itemId: number) => playerHolds(db(), s.clock, userId, itemAsset(itemId));
  const game = async (client: { get: (p: string) => Promise<{ body: { data: Record<string, unknown> } }> }) =>
    (await client.get('/api/game')).body.data;
  const of = (event: string) => watcher.received.filter((m) => m.event === event);

  it('burns an Incense into a slot for an hour, with clear refusals that change nothing', async () => {
    // Another player's socket hears every notice of this file.
    const w = await registerPlayer(s, `watch${dialect}`);
    watcher = await openSocket('ws', s.url, { cookie: w.client.cookieHeader() });
    watcher.send({ method: 'sync', token: w.user.ws_auth_token });
    expect(await watcher.next('subscribe')).toMatchObject({ success: true });
    const { client, user } = await registerPlayer(s, `inc1${dialect}`);
    expect((await s.client().post('/api/rooms/incense/', { incense_id: 1 })).status).toBe(401);
    await client.csrf();
    const before = await snapshot();
    for (const incense_id of [0, 4, -1, 1.5, '', 'x', '01', true, null, undefined]) {
      const r = await client.post('/api/rooms/incense/', incense_id === undefined ? {} : { incense_id });
      expect([r.status, r.body]).toEqual([
        422,
        { success: false, message: INVALID_INCENSE_ID, errors: { incense_id: [INVALID_INCENSE_ID] } },
      ]);
    }
    const none = await client.post('/api/rooms/incense/', { incense_id: 1 });
    expect([none.status, none.body.message]).toEqual([409, NO_INCENSE]);
    expect(await snapshot()).toEqual(before);

    await issueItem(db(), s.clock, user.id, INCENSE, 2n);
    const consumed = await systemHolds(db(), s.clock, 'consumed', itemAsset(INCENSE));
    const until = wireTime(s.clock.now() + INCENSE_MINUTES * 60_000)!;
    const lit = await client.post('/api/rooms/incense/', { incense_id: '1' });
    expect([lit.status, lit.body]).toMatchObject([
      200,
      {
        success: true,
        data: {
          slot: 1,
          until,
          incense_1: until,
          incense_2: '',
          incense_3: '',
          data: expect.any(Array),
          ts: expect.any(Number),
          chat_log: expect.any(Array),
        },
      },
    ]);
    expect(await holds(user.id, INCENSE)).toBe(1n);
    expect(await systemHolds(db(), s.clock, 'consumed', itemAsset(INCENSE))).toBe(consumed + 1n);
    expect(
      await db().kysely.selectFrom('incense_slots').select(['burns_until', 'lit_by']).where('slot', '=', 1).executeTakeFirst(),
    ).toEqual({ burns_until: s.clock.now() + INCENSE_MINUTES * 60_000, lit_by: user.id });
    expect(await game(client)).toMatchObject({ incense_1: until, incense_2: '', incense_3: '' });
    expect(await watcher.next('forumincense')).toMatchObject({ room: 1, name: user.name, slot: 1, until, ts: expect.any(Number) });

    // A burning slot is refused whoever asks; the Incense stays held.
    const again = await snapshot();
    const busy = await client.post('/api/rooms/incense', { incense_id: 1 });
    expect([busy.status, busy.body.message]).toEqual([409, INCENSE_BURNING]);
    expect(await snapshot()).toEqual(again);

    // The last millisecond it still burns; then the slot is out and can be lit again (without the slash too).
    s.clock.advance(INCENSE_MINUTES * 60_000 - 1);
    expect(await game(client)).toMatchObject({ incense_1: until });
    s.clock.advance(1);
    expect(await game(client)).toMatchObject({ incense_1: '' });
    const relit = await client.post('/api/rooms/incense', { incense_id: 1 });
    expect(relit.status).toBe(200);
    expect(await holds(user.id, INCENSE)).toBe(0n);
    expect(await watcher.next('forumincense', 2)).toMatchObject({ name: user.name, slot: 1 });
    await ledgerOk();
  });

  it('lets exactly one of two players racing for a slot spend an Incense, and one Incense light one slot', async () => {
    s.clock.advance(INCENSE_MINUTES * 60_000);
    for (let round = 0; round < 3; round++) {
      const a = await registerPlayer(s, `ira${round}${dialect}`);
      const b = await registerPlayer(s, `irb${round}${dialect}`);
      await Promise.all([a.client.csrf(), b.client.csrf()]);
      await issueItem(db(), s.clock, a.user.id, INCENSE, 1n);
      await issueItem(db(), s.clock, b.user.id, INCENSE, 1n);
      const consumed = await systemHolds(db(), s.clock, 'consumed', itemAsset(INCENSE));
      const answers = await Promise.all([a, b].map((p) => p.client.post('/api/rooms/incense/', { incense_id: 3 })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.message).toBe(INCENSE_BURNING);
      expect((await holds(a.user.id, INCENSE)) + (await holds(b.user.id, INCENSE))).toBe(1n);
      expect(await systemHolds(db(), s.clock, 'consumed', itemAsset(INCENSE))).toBe(consumed + 1n);
      const winner = answers[0]!.status === 200 ? a : b;
      expect((await db().kysely.selectFrom('incense_slots').select('lit_by').where('slot', '=', 3).executeTakeFirstOrThrow()).lit_by).toBe(
        winner.user.id,
      );

      // The loser's one Incense, sent to two free slots at once, lights exactly one.
      const loser = winner === a ? b : a;
      const two = await Promise.all([1, 2].map((slot) => loser.client.post('/api/rooms/incense/', { incense_id: slot })));
      expect(two.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(two.find((r) => r.status === 409)!.body.message).toBe(NO_INCENSE);
      expect(await holds(loser.user.id, INCENSE)).toBe(0n);
      const burning = await db().kysely.selectFrom('incense_slots').select('slot').where('burns_until', '>', s.clock.now()).execute();
      expect(burning).toHaveLength(2);
      s.clock.advance(INCENSE_MINUTES * 60_000);
    }
    await ledgerOk();
  });

  it('sends the caravan with a Map, refuses while it travels, then unpacks its nine goods into the store', async () => {
    const { client, user } = await registerPlayer(s, `car1${dialect}`);
    const other = await registerPlayer(s, `car2${dialect}`);
    await Promise.all([client.csrf(), other.client.csrf()]);
    await confirmEmail(db(), user.id);
    await giveGdao(db(), s.clock, user.id, 20n, `car1${dialect}`);
    const stock = async () => ({
      tax: await systemHolds(db(), s.clock, 'shop_stock', itemAsset(TAX)),
      tome: await systemHolds(db(), s.clock, 'shop_stock', itemAsset(TOME)),
      reserveTax: await systemHolds(db(), s.clock, 'item_reserve', itemAsset(TAX)),
      reserveTome: await systemHolds(db(), s.clock, 'item_reserve', itemAsset(TOME)),
    });
    const start = await stock();
    const before = await snapshot();
    const none = await client.post('/api/rooms/caravan/', {});
    expect([none.status, none.body.message]).toEqual([409, NO_MAP]);
    expect(await snapshot()).toEqual(before);

    await issueItem(db(), s.clock, user.id, MAP, 1n);
    await issueItem(db(), s.clock, other.user.id, MAP, 1n);
    const sentAt = s.clock.now();
    const returns = wireTime(sentAt + CARAVAN_MINUTES * 60_000)!;
    const sent = await client.post('/api/rooms/caravan', {});
    expect([sent.status, sent.body]).toMatchObject([
      200,
      { success: true, data: { caravan: returns, caravan_items: 0, ts: expect.any(Number) } },
    ]);
    expect(await holds(user.id, MAP)).toBe(0n);
    expect(await watcher.next('forumcaravan')).toMatchObject({ room: 1, name: user.name, returns_at: returns, ts: expect.any(Number) });
    expect(await game(client)).toMatchObject({ caravan: returns, caravan_items: 0 });
    // The load waits in the item reserve: 5 Tax Commendations and 4 Transmutation Tomes.
    expect(await stock()).toEqual({ ...start, reserveTax: start.reserveTax + 5n, reserveTome: start.reserveTome + 4n });
    const locked = { success: false, message: LOCKED_FOR_RESTOCK, errors: { restock_until: [returns] } };
    expect((await client.post('/api/drop', { item_id: TAX })).body).toEqual(locked);

    // Travelling: refused with the time left, nobody's Map spent.
    const away = await snapshot();
    const r1 = await other.client.post('/api/rooms/caravan/', {});
    expect([r1.status, r1.body.message]).toEqual([409, caravanReturnsIn(CARAVAN_MINUTES * 60_000)]);
    expect(r1.body.message).toBe('Caravan will return in 1:00:00');
    s.clock.set(sentAt + CARAVAN_MINUTES * 60_000 - 1_000);
    expect((await client.post('/api/rooms/caravan/', {})).body.message).toBe('Caravan will return in 0:01');
    expect(await snapshot()).toEqual(away);

    // Back: the goods show, the store stays locked until the last one is unpacked.
    s.clock.set(sentAt + CARAVAN_MINUTES * 60_000);
    expect(await game(client)).toMatchObject({ caravan: '', caravan_items: CARAVAN_GOODS });
    expect((await client.post('/api/drop', { item_id: TAX })).body.message).toBe(LOCKED_FOR_RESTOCK);
    for (let left = CARAVAN_GOODS - 1; left >= 1; left--) {
      const u = await client.post('/api/rooms/caravan/', {});
      expect(u.status).toBe(200);
      expect(u.body.data).toMatchObject({ caravan: '', caravan_items: left, item_id: left % 2 === 0 ? TAX : TOME });
    }
    expect(await holds(other.user.id, MAP)).toBe(1n);

    // The last good, five players at once (one of them holding a Map): exactly one unpacks, no Map is spent.
    const racers = [other, ...(await Promise.all([1, 2, 3, 4].map((i) => registerPlayer(s, `car${2 + i}${dialect}`))))];
    await Promise.all(racers.map((r) => r.client.csrf()));
    const answers = await Promise.all(racers.map((r) => r.client.post('/api/rooms/caravan/', {})));
    expect(answers.filter((a) => a.status === 200).map((a) => a.body.data)).toMatchObject([
      { caravan: '', caravan_items: 0, item_id: TAX },
    ]);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.message]).toEqual([409, CARAVAN_UNPACKED]);
    expect(await holds(other.user.id, MAP)).toBe(1n);

    // Home: the store got the nine goods, the reserve is back where it was, and it sells again.
    expect(await db().kysely.selectFrom('caravan_state').select(['returns_at', 'goods_remaining']).executeTakeFirst()).toEqual({
      returns_at: null,
      goods_remaining: 0,
    });
    expect(await stock()).toEqual({ ...start, tax: start.tax + 5n, tome: start.tome + 4n });
    expect(await game(client)).toMatchObject({ caravan: '', caravan_items: 0 });
    const unpacks = await expect
      .poll(() => of('forumcaravanunpack').length)
      .toBe(CARAVAN_GOODS)
      .then(() => of('forumcaravanunpack'));
    expect(unpacks.map((m) => (m as unknown as { caravan_items: number }).caravan_items)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(unpacks[0]).toMatchObject({ room: 1, name: user.name, item_id: TAX });
    expect((await client.post('/api/drop', { item_id: TAX })).body).toEqual({ success: true, data: { item_id: TAX, quantity: 1 } });

    // Home with no goods: a few seconds later a Map sends it again; without one, the Map text.
    expect((await other.client.post('/api/rooms/caravan/', {})).body.message).toBe(CARAVAN_UNPACKED);
    s.clock.advance(CARAVAN_HOME_GRACE_MS);
    const noMap = await racers[1]!.client.post('/api/rooms/caravan/', {});
    expect([noMap.status, noMap.body.message]).toEqual([409, NO_MAP]);
    // Two Map holders at once: one sends it, the other is told when it returns and keeps the Map.
    await issueItem(db(), s.clock, racers[2]!.user.id, MAP, 1n);
    const senders = [other, racers[2]!];
    const sends = await Promise.all(senders.map((p) => p.client.post('/api/rooms/caravan/', {})));
    expect(sends.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(sends.find((r) => r.status === 200)!.body.data).toMatchObject({
      caravan: wireTime(s.clock.now() + CARAVAN_MINUTES * 60_000),
      caravan_items: 0,
    });
    expect(sends.find((r) => r.status === 409)!.body.message).toBe('Caravan will return in 1:00:00');
    expect((await holds(other.user.id, MAP)) + (await holds(racers[2]!.user.id, MAP))).toBe(1n);
    const sender = senders[sends.findIndex((r) => r.status === 200)]!;
    expect(await watcher.next('forumcaravan', 2)).toMatchObject({ name: sender.user.name });
    await ledgerOk();
  });

  it('burns an Incense and sends the caravan once per Idempotency-Key, also when the twin races the first', async () => {
    // Every slot out, and the caravan (sent by the test above) back home with its goods unpacked.
    s.clock.advance(Math.max(INCENSE_MINUTES, CARAVAN_MINUTES) * 60_000);
    const { client, user } = await registerPlayer(s, `key1${dialect}`);
    await client.csrf();
    const { goods_remaining: goods } = await db().kysely.selectFrom('caravan_state').select('goods_remaining').executeTakeFirstOrThrow();
    for (let i = 0; i < goods; i++) expect((await client.post('/api/rooms/caravan/', {})).status).toBe(200);
    s.clock.advance(CARAVAN_HOME_GRACE_MS);
    await issueItem(db(), s.clock, user.id, INCENSE, 3n);
    await issueItem(db(), s.clock, user.id, MAP, 2n);
    const replayed = (r: { headers: Headers }) => r.headers.get('idempotent-replayed');
    // This player's own socket hears the notices (every subscribed socket gets them).
    const ears = await openSocket('ws', s.url, { cookie: client.cookieHeader() });
    ears.send({ method: 'sync', token: user.ws_auth_token });
    expect(await ears.next('subscribe')).toMatchObject({ success: true });
    const heard = (event: string) => ears.received.filter((m) => m.event === event).length;

    // A retry with the key spends nothing more and answers the first answer, with or without the slash.
    const headers = { 'idempotency-key': `incense-${dialect}` };
    const first = await client.post('/api/rooms/incense/', { incense_id: 2 }, { headers });
    const again = await client.post('/api/rooms/incense/', { incense_id: 2 }, { headers });
    const bare = await client.post('/api/rooms/incense', { incense_id: 2 }, { headers });
    expect([first, again, bare].map((r) => [r.status, replayed(r)])).toEqual([
      [200, null],
      [200, 'true'],
      [200, 'true'],
    ]);
    expect(first.body.data).toMatchObject({ slot: 2, until: wireTime(s.clock.now() + INCENSE_MINUTES * 60_000) });
    expect(again.body).toEqual(first.body);
    expect(bare.body).toEqual(first.body);
    expect(await holds(user.id, INCENSE)).toBe(2n);
    // The same key for another request is refused, and changes nothing.
    const before = await snapshot();
    const other = await client.post('/api/rooms/incense/', { incense_id: 3 }, { headers });
    expect([other.status, other.body.errors]).toEqual([422, { idempotency_key: [REQUEST_KEY_REUSED] }]);
    expect(await snapshot()).toEqual(before);

    // Two requests with one key at once: one burns, the other waits and replays it.
    const twins = { headers: { 'idempotency-key': `incense-twins-${dialect}` } };
    const burns = await Promise.all([1, 2].map(() => client.post('/api/rooms/incense/', { incense_id: 1 }, twins)));
    expect(burns.map((r) => r.status)).toEqual([200, 200]);
    expect(burns.map(replayed).sort()).toEqual(['true', null].sort());
    expect(burns[1]!.body).toEqual(burns[0]!.body);
    expect(await holds(user.id, INCENSE)).toBe(1n);

    const sendKey = { headers: { 'idempotency-key': `caravan-${dialect}` } };
    const sends = await Promise.all([1, 2].map(() => client.post('/api/rooms/caravan/', {}, sendKey)));
    expect(sends.map((r) => r.status)).toEqual([200, 200]);
    expect(sends.map(replayed).sort()).toEqual(['true', null].sort());
    expect(sends[1]!.body).toEqual(sends[0]!.body);
    expect(sends[0]!.body.data).toMatchObject({ caravan: wireTime(s.clock.now() + CARAVAN_MINUTES * 60_000), caravan_items: 0 });
    const resent = await client.post('/api/rooms/caravan', {}, sendKey);
    expect([resent.status, replayed(resent), resent.body]).toEqual([200, 'true', sends[0]!.body]);
    expect(await holds(user.id, MAP)).toBe(1n);

    // Only the runs that did something were announced.
    await expect.poll(() => [heard('forumincense'), heard('forumcaravan')]).toEqual([2, 1]);
    await settle(100);
    expect([heard('forumincense'), heard('forumcaravan')]).toEqual([2, 1]);
    ears.close();
    await ledgerOk();
  });
});

describe.each(dialectsFor(pgAdminUrl))('incense in the round emission on %s', (dialect) => {
  let s: TestServer;
  let rc: RoundChain;
  beforeAll(async () => {
    rc = await startRoundChain();
    s = await startTestServer(
      dialect,
      pgAdminUrl,
      { rounds: { enabled: true, chainLength: 20, blocks: rc.blocks } },
      { roundOpenSeconds: 10, roundLockedSeconds: 2 },
    );
  });
  afterAll(async () => {
    await s?.close();
    await rc?.close();
  });

  /** The round's published record, and its settlement replayed with `slots` lit. */
  async function replay(roundId: number, slots: number) {
    const d: FairRoundDetail = (await s.client().get(`/api/fairness/rounds/${roundId}`)).body.data;
    const booked = settleRound({
      roundId: d.id,
      thresholdUnits: BigInt(d.threshold_units),
      poolBefore: BigInt(d.pool_before),
      incenseSlots: slots,
      config: ECONOMY_CONFIG,
      eidols: d.entries.map((e) => ({
        id: e.eidol_id,
        owner: 0,
        value: BigInt(e.value_before),
        risk: e.risk,
        yieldy: e.yieldy,
        type: e.type,
        xp: e.xp,
        level: e.level,
        topValue: BigInt(e.top_value_before),
        noLossValue: BigInt(e.no_loss_value),
      })),
    });
    return { d, emission: booked.totals.emission, paid: booked.totals.emissionPaid };
  }

  it('doubles the emission of a round booked while a slot burns, as verify recomputes it', async () => {
    await s.rounds!.idle();
    const k = s.testDb.db.kysely;
    const owner = await insertPlayer(s.testDb.db, s.clock.now());
    await insertEidols(s.testDb.db, s.clock, [
      { owner, risk: '0.3', value: 100n * ANGLS },
      { owner, risk: '0.6', value: 200n * ANGLS },
    ]);
    const round1 = await k.selectFrom('rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    s.clock.set(round1.ends_at);
    await s.rounds!.idle();

    // Round 2: a player lights slot 2 while it is open; it still burns when the round is booked.
    const { client, user } = await registerPlayer(s, `em${dialect}`);
    await issueItem(s.testDb.db, s.clock, user.id, INCENSE, 1n);
    expect((await client.post('/api/rooms/incense/', { incense_id: 2 })).status).toBe(200);
    const round2 = await k.selectFrom('rounds').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
    s.clock.set(round2.ends_at);
    await s.rounds!.idle();

    const r1 = await k
      .selectFrom('rounds')
      .select(['incense_slots', 'emission_paid', 'settled_at'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const r2 = await k
      .selectFrom('rounds')
      .select(['incense_slots', 'emission_paid', 'settled_at'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect([r1.incense_slots, r2.incense_slots]).toEqual([0, 1]);
    const unlit = await replay(2, 0);
    const lit = await replay(2, 1);
    expect(unlit.d.incense_slots).toBe(1);
    expect(unlit.emission).toBeGreaterThan(0n);
    expect(lit.emission).toBe(2n * unlit.emission);
    // Paid is E less the shares' rounding remainder (a few units at most).
    expect(BigInt(r2.emission_paid)).toBe(lit.paid);
    expect(lit.paid).toBeGreaterThan(unlit.paid);
    expect(BigInt(r1.emission_paid)).toBe((await replay(1, 0)).paid);
    for (const id of [1, 2]) expect(await verifyBookedRound(k, id)).toMatchObject({ ok: true });
    // Telemetry's "Mined/Aeon" is the last round's booked emission, doubling included.
    expect((await s.client().get('/api/telemetry')).body.data.emit).toBe(formatUnits(BigInt(r2.emission_paid), 8));
  });
});
