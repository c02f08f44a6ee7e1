/**
 * Transmutation on both databases: the commitment published before the attempt, the fee by rarity to the
 * mining pool whatever the outcome, the revealed seed verifying with the shared verifier, the outcome
 * applied, a new commitment, the socket event, and every refusal writing nothing; the ledger checks clean.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { fundAngls, gameSnapshot, openRound, settleAllRounds } from '../../support/gameFixtures';
import { verifyTraining } from '../../../src/shared/rules/training';
import { trainingQuoteSchema, trainingResultSchema } from '../../../src/shared/api/gdao';
import { INVOKE_MASTERSHIP } from '../../../src/server/domain/wallet/walletTexts';
import { INSUFFICIENT_ANGLS, ROUND_LOCKED } from '../../../src/server/domain/eidols/eidolTexts';
import { TRAIN_EGGS_REFUSED, TRAIN_LEVEL_REQUIRED, TRAIN_NOT_PREPARED } from '../../../src/server/domain/gdao/gdaoTexts';
import { openSocket } from '../../support/sockets';
import { activate, balanceOf, insertEidol, startGdaoServer } from './support';

const ANGLS = 100_000_000n;
let roundId = 1;

describe.each(dialectsFor(inject('pgAdminUrl')))('transmutation on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  const sent: Array<[number, string, unknown]> = [];
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGdaoServer(dialect, inject('pgAdminUrl')));
    const original = s.realtime.sendToUser.bind(s.realtime);
    s.realtime.sendToUser = ((userId: number, event: string, payload: unknown) => {
      sent.push([userId, event, payload]);
      original(userId, event as never, payload as never);
    }) as typeof s.realtime.sendToUser;
    await openRound(s.testDb.db, s.clock, roundId++);
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;
  const snapshot = () => gameSnapshot(db());

  it('publishes a commitment, charges the fee, reveals a seed that verifies, and commits anew', async () => {
    const { client, user } = await registerPlayer(s, `tr1${dialect}`);
    await activate(db(), user.id);
    await fundAngls(db(), s.clock, user.id, 1000n * ANGLS, `tr1${dialect}`);
    const id = await insertEidol(db(), s.clock, user.id, { experience: 720 });

    const quote = await client.get(`/api/oogles/${id}/train`);
    expect(quote.status).toBe(200);
    expect(trainingQuoteSchema.parse(quote.body.data)).toMatchObject({ fee: '2.00000000', chance: 60, attempt: 1 });
    expect(quote.body.data.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    // Asking again shows the same commitment: the seed is fixed before the attempt.
    expect((await client.get(`/api/oogles/${id}/train`)).body.data.seed_hash).toBe(quote.body.data.seed_hash);

    const pool = await balanceOf(db(), s.clock, { system: 'mining_pool' }, 'ANGLS');
    const res = await client.post(`/api/oogles/${id}/train`);
    expect(res.status).toBe(200);
    const d = trainingResultSchema.parse(res.body.data);
    expect(d.seed_hash).toBe(quote.body.data.seed_hash);
    expect(d.chance).toBe(60);
    expect(d.player_seed).toBe('none');
    expect(
      verifyTraining({
        playerSeed: d.player_seed,
        attempt: 1,
        seed: d.seed,
        seedHash: d.seed_hash,
        experience: d.experience,
        nextLevelExperience: d.next_level_experience,
        trained: d.trained,
      }),
    ).toBeNull();
    expect(d.trained).toBe(d.roll < d.chance / 100);
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'ANGLS')).toBe(998n * ANGLS);
    expect(await balanceOf(db(), s.clock, { system: 'mining_pool' }, 'ANGLS')).toBe(pool + 2n * ANGLS);
    if (d.trained) {
      expect(d.oogle.experience).toBe(0);
      expect(d.oogle.data.greedy + d.oogle.data.precise).toBeGreaterThan(0);
    } else {
      expect(d.oogle).toMatchObject({ experience: 720, rarity: 'common', data: { greedy: 0, precise: 0 } });
    }
    expect(sent.at(-1)).toEqual([user.id, d.trained ? 'training_succesfull' : 'training_failed', { oogle_id: id }]);
    await ledgerOk();

    const next = await client.get(`/api/oogles/${id}/train`);
    expect(next.body.data.attempt).toBe(2);
    expect(next.body.data.seed_hash).not.toBe(d.seed_hash);
  });

  it('always succeeds at full XP: traits rise, XP resets, the fee follows the rarity', async () => {
    const { client, user } = await registerPlayer(s, `tr2${dialect}`);
    await activate(db(), user.id);
    await fundAngls(db(), s.clock, user.id, 1000n * ANGLS, `tr2${dialect}`);
    const id = await insertEidol(db(), s.clock, user.id, { rarity: 'epic', experience: 1440, yieldy: 10, precise: 2 });
    expect((await client.get(`/api/oogles/${id}/train`)).body.data).toMatchObject({ fee: '200.00000000', chance: 100 });
    // The event reaches the player's sockets on both transports.
    const sockets = await Promise.all((['socket.io', 'ws'] as const).map((t) => openSocket(t, s.url, { cookie: client.cookieHeader() })));
    for (const socket of sockets) {
      socket.send({ method: 'sync', token: user.ws_auth_token });
      expect(await socket.next('subscribe')).toMatchObject({ success: true });
    }
    const res = await client.post(`/api/oogles/${id}/train`);
    expect(res.body.data.trained).toBe(true);
    for (const socket of sockets) {
      expect(await socket.next('training_succesfull')).toMatchObject({ oogle_id: id });
      socket.close();
    }
    expect(res.body.data.oogle).toMatchObject({ experience: 0, data: { greedy: 10, precise: 2 } });
    expect(['epic', 'mythic']).toContain(res.body.data.oogle.rarity);
    if (res.body.data.oogle.rarity === 'mythic') expect(['Egregori', 'Egod']).toContain(res.body.data.oogle.skin.name);
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'ANGLS')).toBe(800n * ANGLS);
    await ledgerOk();
  });

  it('refuses without activation, below level 11, for eggs, without funds, and unprepared, writing nothing', async () => {
    const { client, user } = await registerPlayer(s, `tr3${dialect}`);
    const id = await insertEidol(db(), s.clock, user.id, { experience: 10 });
    const before = await snapshot();
    const inactive = await client.post(`/api/oogles/${id}/train`);
    expect([inactive.status, inactive.body.message]).toEqual([403, INVOKE_MASTERSHIP]);
    expect((await client.get(`/api/oogles/${id}/train`)).body.message).toBe(INVOKE_MASTERSHIP);
    await activate(db(), user.id);
    expect((await client.post(`/api/oogles/${id}/train`)).body.message).toBe(TRAIN_NOT_PREPARED);
    expect(await snapshot()).toEqual(before);
    expect((await client.get(`/api/oogles/${id}/train`)).status).toBe(200);
    const mid = await snapshot();
    const poor = await client.post(`/api/oogles/${id}/train`);
    expect([poor.status, poor.body.message]).toEqual([422, INSUFFICIENT_ANGLS]);
    const low = await insertEidol(db(), s.clock, user.id, { level: 10 });
    expect((await client.get(`/api/oogles/${low}/train`)).body.message).toBe(TRAIN_LEVEL_REQUIRED);
    const egg = await insertEidol(db(), s.clock, user.id, { type: 'egg', level: 0 });
    expect((await client.post(`/api/oogles/${egg}/train`)).body.message).toBe(TRAIN_EGGS_REFUSED);
    const other = await registerPlayer(s, `tr3b${dialect}`);
    await activate(db(), other.user.id);
    expect((await other.client.post(`/api/oogles/${id}/train`)).status).toBe(404);
    expect((await snapshot()).transfers).toBe(mid.transfers);
    await ledgerOk();
  });

  it('refuses while the round is locked ("Locked for Aeon Computing"), then trains in the next open round', async () => {
    const { client, user } = await registerPlayer(s, `tr4${dialect}`);
    await activate(db(), user.id);
    await fundAngls(db(), s.clock, user.id, 10n * ANGLS, `tr4${dialect}`);
    const id = await insertEidol(db(), s.clock, user.id, { experience: 100 });
    await client.get(`/api/oogles/${id}/train`);
    s.clock.advance(600_000);
    const before = await snapshot();
    const locked = await client.post(`/api/oogles/${id}/train`);
    expect([locked.status, locked.body.message]).toEqual([422, ROUND_LOCKED]);
    expect(await snapshot()).toEqual(before);
    await settleAllRounds(db(), s.clock.now());
    await openRound(db(), s.clock, roundId++);
    expect((await client.post(`/api/oogles/${id}/train`)).status).toBe(200);
    await ledgerOk();
  });

  it('makes one attempt per commitment under concurrent presses', async () => {
    const { client, user } = await registerPlayer(s, `tr5${dialect}`);
    await activate(db(), user.id);
    await fundAngls(db(), s.clock, user.id, 20_000n * ANGLS, `tr5${dialect}`);
    // Mythic: the fee (2000) cannot change with an evolution between the attempts.
    const id = await insertEidol(db(), s.clock, user.id, { experience: 0, rarity: 'mythic' });
    await client.get(`/api/oogles/${id}/train`);
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.post(`/api/oogles/${id}/train`)));
    const attempts = answers.filter((a) => a.status === 200).map((a) => a.body.data.attempt as number);
    // Each press takes the commitment open when it runs: attempts are distinct, each fee paid once.
    expect(new Set(attempts).size).toBe(attempts.length);
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'ANGLS')).toBe((20_000n - 2000n * BigInt(attempts.length)) * ANGLS);
    await ledgerOk();

    // Presses naming the seed hash they were shown: exactly one draws from it.
    const shown = (await client.get(`/api/oogles/${id}/train`)).body.data.seed_hash as string;
    const named = await Promise.all(Array.from({ length: 4 }, () => client.post(`/api/oogles/${id}/train`, { seed_hash: shown })));
    expect(named.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of named.filter((x) => x.status !== 200)) expect([a.status, a.body.message]).toEqual([422, TRAIN_NOT_PREPARED]);
    await ledgerOk();
  });
});
