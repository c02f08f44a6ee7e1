/**
 * `GET /api/game`, `GET /api/oogles/{id}`, Confirm Loss, an eidol's history and the 30-day stats on both
 * databases: the wire shapes parse with the shared schemas, other players' eidols are 404s, refusals
 * change nothing, and the history lines of a round add up to what the round booked.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { confirmEmail, drainEidol, fundAngls, gameSnapshot, openRound, settleAllRounds, startGameServer } from '../../support/gameFixtures';
import { eidolSchema, eidolTransactionSchema, gameSchema, transactionStatsSchema } from '../../../src/shared/api/game';
import { EIDOL_NOT_FOUND, LOSS_NOT_ZERO, NO_ROUND } from '../../../src/server/domain/eidols/eidolTexts';
import { STATS_WINDOW_MS } from '../../../src/server/domain/eidols/eidolHistory';

const ANGLS = 100_000_000n;

describe.each(dialectsFor(inject('pgAdminUrl')))('game view and eidols on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());

  /** A settled round's entry for `eidolId`, as settlement writes it. */
  async function entry(
    roundId: number,
    eidolId: number,
    userId: number,
    e: { zone: 'bot' | 'top' | null; stake: bigint; payout: bigint; mined: bigint; at: number },
  ) {
    await s.testDb.db.kysely
      .insertInto('round_entries')
      .values({
        round_id: roundId,
        eidol_id: eidolId,
        user_id: userId,
        risk: '0.5',
        yieldy: 0,
        eidol_type: 'egg',
        xp_before: 0,
        level_before: 0,
        value_before: 100n * ANGLS,
        top_value_before: 100n * ANGLS,
        no_loss_value: 100n * ANGLS,
        zone: e.zone,
        stake: e.stake,
        payout: e.payout,
        mined: e.mined,
        value_after: 100n * ANGLS - e.stake + e.payout + e.mined,
        xp_gained: 1,
        created_at: e.at,
      })
      .execute();
  }

  it('answers 401 without a session and 404 while no round exists', async () => {
    expect((await s.client().get('/api/game')).status).toBe(401);
    const { client } = await registerPlayer(s, 'g404');
    const res = await client.get('/api/game');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: NO_ROUND });
  });

  it('shows the round, the player\u2019s open eidols ascending and whether they joined', async () => {
    const round = await openRound(s.testDb.db, s.clock, 1);
    const { client, user } = await registerPlayer(s, 'gview1');
    const empty = gameSchema.parse((await client.get('/api/game')).body.data);
    expect(empty).toMatchObject({
      id: 1,
      is_joined: false,
      my_multiplier: 1,
      oogles: [],
      items: [],
      incense_1: '',
      caravan: '',
      chest_locked: false,
    });
    expect(empty.can_act_before).toBe(new Date(round.canActBefore).toISOString().slice(0, 19).replace('T', ' '));
    expect(empty.server_time).toBe(s.clock.now());

    await confirmEmail(s.testDb.db, user.id);
    await fundAngls(s.testDb.db, s.clock, user.id, 1_000n * ANGLS, 'gview1');
    const free = (await client.post('/api/oogle/free')).body.data;
    await s.testDb.db.kysely.updateTable('users').set({ level: 2 }).where('id', '=', user.id).execute();
    const bought = (await client.post('/api/oogle/buy', { type: 'egg2' })).body.data;
    const game = gameSchema.parse((await client.get('/api/game')).body.data);
    expect(game.oogles.map((o) => o.id)).toEqual([free.id, bought.id]);
    expect(game.oogles[1]).toEqual(bought);
    // Eggs are always in the round.
    expect(game.is_joined).toBe(true);
    await client.post('/api/game/join', { risk: '0.3', oogle_id: free.id });
    expect((await client.get('/api/game')).body.data.my_multiplier).toBe(1.3);
    // A hatched eidol at risk 0 is out.
    await s.testDb.db.kysely.updateTable('eidols').set({ type: 'ogle', risk: '0' }).where('user_id', '=', user.id).execute();
    expect((await client.get('/api/game')).body.data.is_joined).toBe(false);
  });

  it('shows an own eidol, 404s another player\u2019s and closes only a value-0 eidol', async () => {
    const a = await registerPlayer(s, 'own1');
    const b = await registerPlayer(s, 'own2');
    await confirmEmail(s.testDb.db, a.user.id);
    const egg = (await a.client.post('/api/oogle/free')).body.data;
    expect(eidolSchema.parse((await a.client.get(`/api/oogles/${egg.id}`)).body.data)).toEqual(egg);
    for (const path of [`/api/oogles/${egg.id}`, '/api/oogles/987654', '/api/oogles/abc', `/api/oogles/${egg.id}/transactions`]) {
      const res = await b.client.get(path);
      expect([res.status, res.body.message], path).toEqual([404, EIDOL_NOT_FOUND]);
    }
    let before = await gameSnapshot(s.testDb.db);
    const foreign = await b.client.post(`/api/oogles/${egg.id}/confirmloss`);
    expect([foreign.status, foreign.body.message]).toEqual([404, EIDOL_NOT_FOUND]);
    const notZero = await a.client.post(`/api/oogles/${egg.id}/confirmloss`);
    expect([notZero.status, notZero.body.message]).toEqual([422, LOSS_NOT_ZERO]);
    expect(await gameSnapshot(s.testDb.db)).toEqual(before);

    await drainEidol(s.testDb.db, s.clock, egg.id, 'own1');
    const closed = await a.client.post(`/api/oogles/${egg.id}/confirmloss`);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ id: egg.id, value: '0.00000000' });
    expect((await a.client.get(`/api/oogles/${egg.id}`)).status).toBe(404);
    before = await gameSnapshot(s.testDb.db);
    expect((await a.client.post(`/api/oogles/${egg.id}/confirmloss`)).status).toBe(404);
    expect(await gameSnapshot(s.testDb.db)).toEqual(before);
    // The level stays: a lost eidol does not send a player back to −1.
    expect((await a.client.get('/api/user')).body.level).toBe(0);
    await ledgerOk();
  });

  it('lists bet, win and mined lines newest first, paged, and sums 30 days of stats', async () => {
    await settleAllRounds(s.testDb.db, s.clock.now());
    const { client, user } = await registerPlayer(s, 'hist1');
    await confirmEmail(s.testDb.db, user.id);
    await fundAngls(s.testDb.db, s.clock, user.id, 1_000n * ANGLS, 'hist1');
    const egg = (await client.post('/api/oogle/free')).body.data;
    await s.testDb.db.kysely.updateTable('users').set({ level: 2 }).where('id', '=', user.id).execute();
    expect((await client.post('/api/oogle/buy', { type: 'egg1' })).status).toBe(200);
    const now = s.clock.now();
    // Rounds 501..530: a win (stake 10, payout 20, mined 1), a loss (stake 10, mined 1), alternately.
    for (let r = 501; r <= 530; r++) {
      await openRound(s.testDb.db, s.clock, r);
      await settleAllRounds(s.testDb.db, now);
      const won = r % 2 === 1;
      await entry(r, egg.id, user.id, {
        zone: won ? 'bot' : 'top',
        stake: 10n * ANGLS,
        payout: won ? 20n * ANGLS : 0n,
        mined: 1n * ANGLS,
        at: now - (530 - r) * 1000,
      });
    }
    // An old round outside the 30-day window, and one at r = 0 (no lines).
    await openRound(s.testDb.db, s.clock, 400);
    await settleAllRounds(s.testDb.db, now);
    await entry(400, egg.id, user.id, { zone: 'bot', stake: 5n * ANGLS, payout: 7n * ANGLS, mined: 0n, at: now - STATS_WINDOW_MS - 1 });
    await openRound(s.testDb.db, s.clock, 531);
    await settleAllRounds(s.testDb.db, now);
    await entry(531, egg.id, user.id, { zone: null, stake: 0n, payout: 0n, mined: 0n, at: now });

    const page1 = (await client.get(`/api/oogles/${egg.id}/transactions`)).body.data;
    for (const line of page1) eidolTransactionSchema.parse(line);
    // Rounds 530..506: 13 losses (mined + bet) and 12 wins (mined + win + bet).
    expect(page1).toHaveLength(13 * 2 + 12 * 3);
    expect(page1.slice(0, 5)).toEqual([
      // A lost round's emission is a `mined` line, not a win.
      { id: `mined:530:${egg.id}`, type: 'mined', amount: '1.00000000', game_id: 530, zone: 'top', created_at: expect.any(String) },
      { id: `bet:530:${egg.id}`, type: 'bet', amount: '-10.00000000', game_id: 530, zone: 'top', created_at: expect.any(String) },
      { id: `mined:529:${egg.id}`, type: 'mined', amount: '1.00000000', game_id: 529, zone: 'bot', created_at: expect.any(String) },
      { id: `win:529:${egg.id}`, type: 'win', amount: '20.00000000', game_id: 529, zone: 'bot', created_at: expect.any(String) },
      { id: `bet:529:${egg.id}`, type: 'bet', amount: '-10.00000000', game_id: 529, zone: 'bot', created_at: expect.any(String) },
    ]);
    expect(page1.filter((l: { type: string; zone: string | null }) => l.type === 'win' && l.zone === 'top')).toEqual([]);
    const page2 = (await client.get(`/api/oogles/${egg.id}/transactions?page=2`)).body.data;
    expect(page2.map((l: { game_id: number }) => l.game_id)).toEqual([
      505, 505, 505, 504, 504, 503, 503, 503, 502, 502, 501, 501, 501, 400, 400,
    ]);
    expect(page2.slice(-2).map((l: { type: string }) => l.type)).toEqual(['win', 'bet']);
    expect((await client.get(`/api/oogles/${egg.id}/transactions?page=3`)).body.data).toEqual([]);

    const stats = transactionStatsSchema.parse((await client.get('/api/transactions/stats')).body.data);
    // 30 rounds in the window: bet 300, won 15 × 20 = 300, emission (mined) 30 apart from it; one egg1 bought for 200.
    expect(stats).toMatchObject({
      bet: '300.00000000',
      won: '300.00000000',
      mined: '30.00000000',
      saldo: '0.00000000',
      earned: '30.00000000',
      spent: '200.00000000',
    });
    expect(stats.period.till).toBe(new Date(now).toISOString().slice(0, 19).replace('T', ' '));
    expect((await s.client().get('/api/transactions/stats')).status).toBe(401);
  });
});
