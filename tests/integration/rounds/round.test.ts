/**
 * One fast round end to end: two players (eidols written and funded directly, risks set in the row), the
 * scheduler settles the round, and the test recomputes it independently from the published fairness
 * data with node:crypto (chain link, HMAC threshold, zones, stakes) and the shared settlement, then
 * compares with the booked entries, the eidols' ledger balances, the events and `checkLedger`.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settleRound } from '../../../src/shared/rules/round/settlement';
import { ECONOMY_CONFIG } from '../../../src/shared/rules/round/economyConfig';
import { hatchedFrame } from '../../../src/shared/rules/eggs';
import { formatUnits } from '../../../src/shared/money/format';
import type { FairRoundDetail } from '../../../src/shared/api/game';
import { checkLedger } from '../../../src/server/ledger/index';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../../support/server';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { openSocket, type TestSocket } from '../../support/sockets';
import { ANGLS, eidolValue, insertEidols, poolBalance } from './support/world';

const pgAdminUrl = inject('pgAdminUrl');

describe.each(dialectsFor(pgAdminUrl))('one round on %s', (dialect) => {
  let s: TestServer;
  const sockets: TestSocket[] = [];
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
    for (const socket of sockets) socket.close();
    await s?.close();
    await rc?.close();
  });

  it('settles as anyone can recompute from the fairness record', async () => {
    await s.rounds!.idle();
    const round1 = await s.testDb.db.kysely.selectFrom('rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    // Before it settles, the round's hash is nowhere to be read.
    expect((await s.client().get('/api/fairness/rounds/1')).status).toBe(404);
    const early = await s.client().get('/api/fairness');
    expect(early.body.data.rounds).toEqual([]);
    expect(early.text).not.toContain(round1.hash);

    const a = await registerPlayer(s, 'ra');
    const b = await registerPlayer(s, 'rb');
    const k = s.testDb.db.kysely;
    await k.updateTable('users').set({ level: 1 }).where('id', '=', a.user.id).execute();
    await k.updateTable('users').set({ level: 0 }).where('id', '=', b.user.id).execute();
    const [lowRisk, highRisk, egg, idle] = await insertEidols(s.testDb.db, s.clock, [
      { owner: a.user.id, risk: '0.3', value: 100n * ANGLS },
      { owner: b.user.id, risk: '0.85', yieldy: 5, value: 400n * ANGLS },
      // An egg one XP short of hatching, at r = 0: it takes part for its XP only.
      { owner: b.user.id, type: 'egg', risk: '0', value: 100n * ANGLS, experience: 11 },
      // A hatched eidol at r = 0 sits out.
      { owner: a.user.id, risk: '0', value: 10n * ANGLS },
    ]);
    for (const p of [a, b]) {
      const socket = await openSocket('ws', s.url, { cookie: p.client.cookieHeader() });
      sockets.push(socket);
      socket.send({ method: 'sync', token: p.user.ws_auth_token });
      expect(await socket.next('subscribe')).toMatchObject({ success: true });
    }

    // An egg that arrives once the round has locked waits for the next round.
    s.clock.set(round1.can_act_before);
    const [late] = await insertEidols(s.testDb.db, s.clock, [{ owner: a.user.id, type: 'egg', risk: '0.5', value: 100n * ANGLS }]);
    s.clock.set(round1.ends_at);
    await s.rounds!.idle();

    // The published record.
    const list = (await s.client().get('/api/fairness')).body.data;
    expect(list.rounds).toEqual([
      {
        id: 1,
        chain_id: 1,
        hash: round1.hash,
        threshold: expect.any(String),
        ends_at: expect.any(String),
        block_number: expect.any(Number),
        block_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      },
    ]);
    expect(list.chains).toEqual([
      {
        id: 1,
        terminal_hash: list.terminal_hash,
        salt: list.salt,
        salt_rule: 'block',
        block_rule_from: 1,
        length: 20,
        first_round_id: 1,
        last_round_id: 1,
      },
    ]);
    expect(list.has_more).toBe(false);
    const res = await s.client().get('/api/fairness/rounds/1');
    expect(res.status).toBe(200);
    const d: FairRoundDetail = res.body.data;

    // Chain link: sha256 of the raw hash is the terminal hash (round 1 is the chain's first).
    const sha = (hex: string) => crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
    expect(d.previous_hash).toBe(list.terminal_hash);
    expect(sha(d.hash)).toBe(d.previous_hash);
    // Threshold: first 52 bits of HMAC-SHA256(key = raw hash, message = the raw hash of the block after the lock).
    const block = await rc.chain.gateway.client.getBlock({ blockNumber: BigInt(d.block_number!) });
    expect(d.block_hash).toBe(block.hash);
    const mac = crypto
      .createHmac('sha256', Buffer.from(d.hash, 'hex'))
      .update(Buffer.from(d.block_hash!.slice(2), 'hex'))
      .digest('hex');
    const u = BigInt(`0x${mac.slice(0, 13)}`);
    expect(d.threshold_units).toBe(u.toString());
    expect(list.rounds[0].threshold).toBe(d.threshold);

    // Zones and stakes by hand, in integers.
    expect(d.entries.map((e) => e.eidol_id)).toEqual([lowRisk, highRisk, egg]);
    for (const e of d.entries) {
      const frac = e.risk === '0' ? '' : (e.risk.split('.')[1] ?? '');
      const p = frac ? BigInt(frac) : 0n;
      const q = 10n ** BigInt(frac.length);
      const zone = p === 0n ? null : p * 2n ** 52n <= u * q ? 'bot' : 'top';
      expect(e.zone).toBe(zone);
      // S = r × V booked in full: Yieldy weighs the emission, not the stake.
      expect(e.stake).toBe(((p * BigInt(e.value_before)) / q).toString());
    }

    // The settlement recomputed from the published snapshot equals what was booked.
    const replay = settleRound({
      roundId: d.id,
      thresholdUnits: u,
      poolBefore: BigInt(d.pool_before),
      incenseSlots: d.incense_slots,
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
    expect(replay.totals.poolAfter.toString()).toBe(d.pool_after);
    expect(await poolBalance(s.testDb.db)).toBe(replay.totals.poolAfter);
    for (const [i, r] of replay.eidols.entries()) {
      const e = d.entries[i]!;
      expect([e.zone, e.stake, e.payout, e.mined, e.value_after]).toEqual([
        r.zone,
        (-r.bet).toString(),
        r.payout.toString(),
        r.emission.toString(),
        r.value.toString(),
      ]);
      expect(await eidolValue(s.testDb.db, r.id)).toBe(r.value);
    }
    expect(await eidolValue(s.testDb.db, idle!)).toBe(10n * ANGLS);
    expect(await eidolValue(s.testDb.db, late!)).toBe(100n * ANGLS);
    expect(await k.selectFrom('eidols').select('experience').where('id', '=', late!).executeTakeFirstOrThrow()).toEqual({ experience: 0 });

    // Progress: the egg hatched; both players gained their eidols' XP; b is now a titled player.
    const eggRow = await k.selectFrom('eidols').selectAll().where('id', '=', egg!).executeTakeFirstOrThrow();
    expect(eggRow).toMatchObject({
      type: 'ogle',
      level: 1,
      experience: 0,
      hatched_at: round1.ends_at,
      skin_image: hatchedFrame('basic', 'common', egg!),
    });
    const users = await k
      .selectFrom('users')
      .select(['id', 'xp', 'level'])
      .where('id', 'in', [a.user.id, b.user.id])
      .orderBy('id')
      .execute();
    const xpOf = (owner: number[]) => replay.eidols.filter((e) => owner.includes(e.id)).reduce((n, e) => n + e.xpGained, 0);
    expect(users).toEqual([
      { id: a.user.id, xp: xpOf([lowRisk!]), level: 1 },
      { id: b.user.id, xp: xpOf([highRisk!, egg!]), level: 1 },
    ]);

    // Events: every player hears the round end; each participant's owner gets its transaction update.
    for (const socket of sockets) {
      expect(await socket.next('game_ended')).toMatchObject({ game_id: 1, threshold: d.threshold, hash: d.hash, next_game_id: 2 });
      expect(await socket.next('transaction_update')).toMatchObject({ status: 'success', type: 'round', game_id: 1 });
    }

    // Round 2 is open; its hash stays secret.
    const round2 = await k.selectFrom('rounds').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
    expect(round2).toMatchObject({ opens_at: round1.ends_at, settled_at: null, position: 2 });
    expect((await s.client().get('/api/fairness/rounds/2')).status).toBe(404);
    expect((await s.client().get('/api/fairness')).text).not.toContain(round2.hash);

    // Telemetry.
    const tel = (await s.client().get('/api/telemetry')).body.data;
    expect(tel).toEqual({
      total_pool: formatUnits(replay.totals.poolAfter, 8),
      totalNodes: 5,
      total_mined: formatUnits(replay.totals.emissionPaid, 8),
      total_users: 2,
      emit: formatUnits(replay.totals.emissionPaid, 8),
    });
    const chart = (await s.client().get('/api/telemetry/chart')).body.data;
    expect(chart).toEqual([{ amount: formatUnits(replay.totals.poolAfter, 8), created_at: d.ends_at }]);
    const num = (await s.client().get('/api/telemetry/num')).body.data;
    expect(num).toEqual([{ amount: Number(u) / 2 ** 52, created_at: d.ends_at }]);

    expect((await checkLedger(s.testDb.db)).broken).toEqual([]);
  });

  it('answers bad fairness requests plainly', async () => {
    const c = s.client();
    expect((await c.get('/api/fairness/rounds/abc')).status).toBe(404);
    expect((await c.get('/api/fairness/rounds/0')).status).toBe(404);
    const bad = await c.get('/api/fairness?page=0');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, errors: { page: [expect.any(String)] } });
    const empty = (await c.get('/api/fairness?page=2')).body.data;
    expect(empty).toMatchObject({ rounds: [], page: 2, has_more: false });
  });
});
