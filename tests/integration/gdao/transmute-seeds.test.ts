/**
 * Transmutation with the player's seed on both databases: the commitment is published (eidol view and
 * quote) before the attempt and revealed after it; an outside verifier written from the gdao README alone
 * (node:crypto, no project code) recomputes the roll from the published answers and finds the outcome that
 * was booked; a replayed attempt moves nothing twice; malformed player seeds are refused and change nothing.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { fundAngls, gameSnapshot, openRound } from '../../support/gameFixtures';
import { eidolSchema } from '../../../src/shared/api/game';
import { trainingResultSchema, transmutationLineSchema } from '../../../src/shared/api/gdao';
import { PLAYER_SEED_CHARSET, PLAYER_SEED_LENGTH, PLAYER_SEED_TYPE, TRAIN_NOT_PREPARED } from '../../../src/server/domain/gdao/gdaoTexts';
import { activate, balanceOf, insertEidol, startGdaoServer } from './support';

const ANGLS = 100_000_000n;

/** The README's procedure: sha256(seed bytes) = seed_hash; roll = first 13 hex digits of HMAC / 2^52; success ⇔ roll < chance. */
function outsideVerify(a: {
  seed: string;
  seed_hash: string;
  player_seed: string;
  attempt: number;
  experience: number;
  next_level_experience: number;
}) {
  const hashOk = createHash('sha256').update(Buffer.from(a.seed, 'hex')).digest('hex') === a.seed_hash;
  const mac = createHmac('sha256', Buffer.from(a.seed, 'hex')).update(`${a.player_seed}:${a.attempt}`).digest('hex');
  const units = BigInt(`0x${mac.slice(0, 13)}`);
  const x = BigInt(Math.min(a.experience, a.next_level_experience));
  const next = BigInt(a.next_level_experience);
  const trained = units * 100n * next < (20n * next + 80n * x) * 2n ** 52n;
  return { hashOk, roll: Number(units) / 2 ** 52, trained };
}

describe.each(dialectsFor(inject('pgAdminUrl')))('transmutation seeds on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGdaoServer(dialect, inject('pgAdminUrl')));
    await openRound(s.testDb.db, s.clock, 1);
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;
  /** Everything an attempt may change: the game snapshot plus the eidol's row and its commitments. */
  const state = async (eidolId: number) => ({
    game: await gameSnapshot(db()),
    eidol: await db().kysely.selectFrom('eidols').selectAll().where('id', '=', eidolId).executeTakeFirst(),
    commitments: await db()
      .kysely.selectFrom('training_commitments')
      .selectAll()
      .where('eidol_id', '=', eidolId)
      .orderBy('attempt')
      .execute(),
  });

  async function player(tag: string, patch: Parameters<typeof insertEidol>[3] = {}) {
    const { client, user } = await registerPlayer(s, `${tag}${dialect}`);
    await activate(db(), user.id);
    await fundAngls(db(), s.clock, user.id, 1000n * ANGLS, `${tag}${dialect}`);
    const id = await insertEidol(db(), s.clock, user.id, { experience: 720, ...patch });
    return { client, user, id };
  }

  it('publishes the commitment before, reveals it after, and the outside recomputation finds the booked outcome', async () => {
    const { client, id } = await player('ts1');
    // The eidol view publishes the commitment before any attempt; the quote shows the same one.
    const view = eidolSchema.parse((await client.get(`/api/oogles/${id}`)).body.data);
    expect(view.transmute_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(view.transmute_attempt).toBe(1);
    const quote = (await client.get(`/api/oogles/${id}/train`)).body.data;
    expect([quote.seed_hash, quote.attempt]).toEqual([view.transmute_seed_hash, 1]);
    // Nothing is revealed before the attempt.
    expect((await client.get(`/api/oogles/${id}/transmutations`)).body.data).toEqual([]);

    const outcomes: boolean[] = [];
    let shown = view.transmute_seed_hash!;
    for (let attempt = 1; attempt <= 6; attempt++) {
      const playerSeed = `mine-${attempt}_${dialect}`;
      const res = await client.post(`/api/oogles/${id}/train`, { seed_hash: shown, player_seed: playerSeed });
      expect(res.status).toBe(200);
      const d = trainingResultSchema.parse(res.body.data);
      expect([d.seed_hash, d.attempt, d.player_seed]).toEqual([shown, attempt, playerSeed]);
      const check = outsideVerify(d);
      expect(check.hashOk).toBe(true);
      expect(d.roll).toBe(check.roll);
      expect(d.trained).toBe(check.trained);
      // What was booked follows the recomputed outcome: XP spent on success, kept on failure.
      const row = await db().kysely.selectFrom('eidols').select('experience').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.experience).toBe(check.trained ? 0 : d.experience);
      outcomes.push(check.trained);
      // The answer publishes the next commitment; the eidol view shows the same one.
      expect(d.oogle.transmute_attempt).toBe(attempt + 1);
      expect(d.oogle.transmute_seed_hash).not.toBe(shown);
      const after = eidolSchema.parse((await client.get(`/api/oogles/${id}`)).body.data);
      expect(after.transmute_seed_hash).toBe(d.oogle.transmute_seed_hash);
      shown = after.transmute_seed_hash!;
      // Keep the chance middling so both outcomes can occur, and the fee common's.
      await db().kysely.updateTable('eidols').set({ experience: 720, rarity: 'common' }).where('id', '=', id).execute();
    }

    // The history reveals every attempt with what a recomputation needs, newest first.
    const history = (await client.get(`/api/oogles/${id}/transmutations`)).body.data.map((l: unknown) => transmutationLineSchema.parse(l));
    expect(history.map((l: { attempt: number }) => l.attempt)).toEqual([6, 5, 4, 3, 2, 1]);
    for (const line of history) {
      const check = outsideVerify({ ...line, player_seed: line.player_seed! });
      expect([check.hashOk, check.trained, check.roll]).toEqual([true, line.trained, line.roll]);
      expect(line.fee).toBe('2.00000000');
    }
    expect(history.map((l: { trained: boolean }) => l.trained)).toEqual([...outcomes].reverse());
    await ledgerOk();
  });

  it('uses the documented default player seed when the request sends none (the original client posts an empty body)', async () => {
    const { client, id } = await player('ts2');
    await client.get(`/api/oogles/${id}/train`);
    const d = trainingResultSchema.parse((await client.post(`/api/oogles/${id}/train`)).body.data);
    expect(d.player_seed).toBe('none');
    expect(outsideVerify(d)).toMatchObject({ hashOk: true, trained: d.trained });
    expect((await client.get(`/api/oogles/${id}/transmutations`)).body.data[0]).toMatchObject({
      attempt: 1,
      player_seed: 'none',
      seed: d.seed,
    });
    // An attempt made before migration 0180 has no player seed: listed, with no roll restated.
    await db()
      .kysely.updateTable('training_commitments')
      .set({ player_seed: null })
      .where('eidol_id', '=', id)
      .where('attempt', '=', 1)
      .execute();
    const old = transmutationLineSchema.parse((await client.get(`/api/oogles/${id}/transmutations`)).body.data[0]);
    expect(old).toMatchObject({ attempt: 1, player_seed: null, roll: null, seed: d.seed, trained: d.trained });
    // Another player's eidol answers 404, like a missing one.
    const other = await registerPlayer(s, `ts2b${dialect}`);
    expect((await other.client.get(`/api/oogles/${id}/transmutations`)).status).toBe(404);
  });

  it('moves nothing twice for a replayed attempt', async () => {
    const { client, user, id } = await player('ts3');
    const shown = (await client.get(`/api/oogles/${id}/train`)).body.data.seed_hash as string;
    const body = { seed_hash: shown, player_seed: 'replay-me' };
    const headers = { 'idempotency-key': `ts3-${dialect}` };
    const first = await client.post(`/api/oogles/${id}/train`, body, { headers });
    expect(first.status).toBe(200);
    const afterFirst = await state(id);
    // The same Idempotency-Key replays the first answer; the same commitment without it is refused.
    const again = await client.post(`/api/oogles/${id}/train`, body, { headers });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(again.body.data).toEqual(first.body.data);
    const bare = await client.post(`/api/oogles/${id}/train`, body);
    expect([bare.status, bare.body.message]).toEqual([422, TRAIN_NOT_PREPARED]);
    expect(await state(id)).toEqual(afterFirst);
    // One fee of 2 ANGLS, paid once.
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'ANGLS')).toBe(998n * ANGLS);
    await ledgerOk();
  });

  it('refuses malformed player seeds with a per-field error and changes nothing', async () => {
    const { client, id } = await player('ts4');
    await client.get(`/api/oogles/${id}/train`);
    const before = await state(id);
    const cases: Array<[unknown, string]> = [
      ['', PLAYER_SEED_LENGTH],
      ['x'.repeat(65), PLAYER_SEED_LENGTH],
      ['has:colon', PLAYER_SEED_CHARSET],
      ['with space', PLAYER_SEED_CHARSET],
      ['ünïcode', PLAYER_SEED_CHARSET],
      [12345, PLAYER_SEED_TYPE],
      [['a'], PLAYER_SEED_TYPE],
    ];
    for (const [seed, text] of cases) {
      const res = await client.post(`/api/oogles/${id}/train`, { player_seed: seed });
      expect([res.status, res.body.success, res.body.message, res.body.errors], JSON.stringify(seed)).toEqual([
        422,
        false,
        text,
        { player_seed: [text] },
      ]);
    }
    expect(await state(id)).toEqual(before);
    // The same commitment then takes a well-formed seed.
    expect((await client.post(`/api/oogles/${id}/train`, { player_seed: 'fine_seed-1' })).body.data.attempt).toBe(1);
    await ledgerOk();
  });
});
