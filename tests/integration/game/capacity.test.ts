/**
 * The round's capacity on both databases (ECONOMY.md "The mining pool banks the round within a published
 * capacity"): K = c × the pool at the open, published by `GET /api/game`; each join reserves its fair claim
 * at once, a risk change re-reserves, risk 0 releases; a join past m × K or past what is left is refused with
 * the largest risk that fits, changing nothing; carried-over eidols are reserved at the next open in the
 * order of their last join and one that does not fit sits out, recorded. After every step
 * `rounds.reserved` is Σ of the round's reservation rows and never above K, and the ledger holds.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import type { TestServer } from '../../support/server';
import { gameSnapshot, insertRound, openRound, playerWithEgg, setPool, settleAllRounds, startGameServer } from '../../support/gameFixtures';
import { openRoundCapacity } from '../../../src/server/domain/rounds/roundCapacity';
import { loadSnapshot } from '../../../src/server/domain/rounds/roundSnapshot';
import { capacityFull } from '../../../src/server/domain/eidols/eidolTexts';
import { formatRisk } from '../../../src/server/domain/eidols/riskInput';
import { largestRiskThatFits, stakeAndClaim } from '../../../src/shared/rules/round/capacity';
import { ECONOMY_CONFIG, PPM } from '../../../src/shared/rules/round/economyConfig';
import { parseRisk } from '../../../src/shared/rules/round/risk';
import { formatUnits } from '../../../src/shared/money/format';

const ANGLS = 100_000_000n;
const angls = (units: bigint) => formatUnits(units, 8);
/** K for a pool, as the production config computes it. */
const capacityOf = (pool: bigint) => (pool * ECONOMY_CONFIG.capacityPpm) / PPM;
const perEidolOf = (pool: bigint) => (capacityOf(pool) * ECONOMY_CONFIG.eidolCapacityPpm) / PPM;

describe.each(dialectsFor(inject('pgAdminUrl')))('round capacity on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  let roundId = 500;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());

  const k = () => s.testDb.db.kysely;
  /** A fresh round opened with the pool at `pool`. */
  async function freshRound(pool: bigint): Promise<number> {
    await settleAllRounds(s.testDb.db, s.clock.now());
    await setPool(s.testDb.db, s.clock, pool);
    roundId += 1;
    await openRound(s.testDb.db, s.clock, roundId);
    return roundId;
  }
  const withEgg = (tag: string) => playerWithEgg(s, tag);
  /** `rounds.reserved` equals Σ of its reservations and stays within K; answers both. */
  async function reservedOf(id: number): Promise<{ capacity: bigint; reserved: bigint; rows: Map<number, bigint> }> {
    const round = await k().selectFrom('rounds').select(['capacity', 'reserved']).where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await k().selectFrom('round_reservations').select(['eidol_id', 'claim']).where('round_id', '=', id).execute();
    const sum = rows.reduce((a, r) => a + r.claim, 0n);
    expect(round.reserved).toBe(sum);
    expect(round.reserved <= round.capacity).toBe(true);
    return { ...round, rows: new Map(rows.map((r) => [r.eidol_id, r.claim])) };
  }

  it('publishes K, reserves each join’s fair claim at once, re-reserves on a risk change and releases at 0', async () => {
    const pool = 100_000n * ANGLS;
    const id = await freshRound(pool);
    const { client, eggId } = await withEgg('cap1');
    // The free egg came out of the pool after the open: K stays what the open fixed.
    const view = async () => (await client.get('/api/game')).body.data;
    expect(await view()).toMatchObject({
      id,
      capacity: angls(capacityOf(pool)),
      capacity_left: angls(capacityOf(pool)),
      capacity_per_eidol: angls(perEidolOf(pool)),
      reserved_claims: {},
    });

    const value = (await view()).oogles[0].value as string;
    const v = BigInt(value.replace('.', ''));
    for (const risk of ['0.5', '0.6', '0.25']) {
      expect((await client.post('/api/game/join', { risk, oogle_id: eggId })).status).toBe(200);
      const { claim } = stakeAndClaim(parseRisk(risk), v);
      const r = await reservedOf(id);
      expect(r.rows.get(eggId)).toBe(claim);
      expect(await view()).toMatchObject({
        capacity_left: angls(capacityOf(pool) - claim),
        reserved_claims: { [String(eggId)]: angls(claim) },
      });
    }
    expect((await client.post('/api/game/join', { risk: '0', oogle_id: eggId })).status).toBe(200);
    expect((await reservedOf(id)).rows.has(eggId)).toBe(false);
    expect(await view()).toMatchObject({ capacity_left: angls(capacityOf(pool)), reserved_claims: {} });
    await ledgerOk();
  });

  it('refuses a claim past m × K with the largest risk that fits, changing nothing; that risk then joins', async () => {
    // A pool whose m × K is 15 ANGLS: a 100-ANGLS egg fits up to r = 0.31.
    const pool = (15n * ANGLS * PPM * PPM) / (ECONOMY_CONFIG.capacityPpm * ECONOMY_CONFIG.eidolCapacityPpm);
    expect(perEidolOf(pool)).toBe(15n * ANGLS);
    const id = await freshRound(pool);
    const { client, eggId } = await withEgg('cap2');
    expect((await client.post('/api/game/join', { risk: '0.3', oogle_id: eggId })).status).toBe(200);
    const before = await gameSnapshot(s.testDb.db);
    const value = (
      await k()
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner_kind', '=', 'eidol')
        .where('owner_id', '=', eggId)
        .executeTakeFirstOrThrow()
    ).balance;
    const fits = largestRiskThatFits(value, 2, perEidolOf(pool));
    expect(fits.units).toBeGreaterThan(30n);
    const res = await client.post('/api/game/join', { risk: '0.5', oogle_id: eggId });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: capacityFull(formatRisk(fits)),
      errors: { risk: [capacityFull(formatRisk(fits))] },
    });
    expect(await gameSnapshot(s.testDb.db)).toEqual(before);
    expect((await client.post('/api/game/join', { risk: formatRisk(fits), oogle_id: eggId })).status).toBe(200);
    expect((await reservedOf(id)).rows.get(eggId)).toBe(stakeAndClaim(fits, value).claim);
    // One unit more does not fit.
    const over = formatRisk({ units: fits.units + 1n, digits: 2 });
    expect((await client.post('/api/game/join', { risk: over, oogle_id: eggId })).status).toBe(422);
    await ledgerOk();
  });

  it('reserves carried-over eidols at the next open: never joined first, then in the order of their last join; one that does not fit sits out', async () => {
    // Only this test's eidols carry a risk over.
    await k().updateTable('eidols').set({ risk: '0' }).execute();
    const pool = 100_000n * ANGLS;
    const first = await freshRound(pool);
    const a = await withEgg('cap3a');
    const b = await withEgg('cap3b');
    const c = await withEgg('cap3c');
    const d = await withEgg('cap3d');
    // Joined in the order d, b, c, a (clock steps apart); a then changes its risk, which makes it the last joiner.
    for (const [p, risk] of [
      [d, '0.5'],
      [b, '0.5'],
      [c, '0.5'],
      [a, '0.4'],
      [a, '0.5'],
    ] as const) {
      expect((await p.client.post('/api/game/join', { risk, oogle_id: p.eggId })).status).toBe(200);
      s.clock.advance(1000);
    }
    expect((await reservedOf(first)).rows.size).toBe(4);
    // d's risk as one set before joins were recorded: no join time. It goes first on both databases (PostgreSQL
    // sorts a NULL last unless told otherwise).
    await k().updateTable('eidols').set({ joined_at: null }).where('id', '=', d.eggId).execute();
    // The next open, with K = 120 ANGLS: two claims of 50 fit, d's and then b's. (m = 100 % here, not the
    // production value, so that K alone decides; production's m × K would refuse them all.)
    await settleAllRounds(s.testDb.db, s.clock.now());
    await setPool(s.testDb.db, s.clock, (120n * ANGLS * PPM) / ECONOMY_CONFIG.capacityPpm);
    roundId += 1;
    const now = s.clock.now();
    await insertRound(
      s.testDb.db,
      roundId,
      { opensAt: now, canActBefore: now + 600_000, endsAt: now + 660_000 },
      { ...ECONOMY_CONFIG, eidolCapacityPpm: PPM },
    );
    const next = await reservedOf(roundId);
    expect(next.capacity).toBe(120n * ANGLS);
    expect([...next.rows.keys()].sort()).toEqual([d.eggId, b.eggId].sort());
    expect(next.reserved).toBe(100n * ANGLS);
    // Read in pages (settlement's transaction: PostgreSQL's cursor, SQLite's runs by id merged; a row a page and two a run
    // here), the open reserves the same.
    await k().deleteFrom('round_reservations').where('round_id', '=', roundId).execute();
    const paged = await k()
      .transaction()
      .execute((tx) =>
        openRoundCapacity(
          tx,
          roundId,
          now,
          { ...ECONOMY_CONFIG, eidolCapacityPpm: PPM },
          { dialect, pause: async () => {}, pageRows: 1, runRows: 2 },
        ),
      );
    expect(paged).toMatchObject({ reserved: 100n * ANGLS, carried: 2 });
    expect((await reservedOf(roundId)).rows).toEqual(next.rows);
    // The one that sits out sees it: no claim held while its risk stays 0.5.
    const view = (await a.client.get('/api/game')).body.data;
    expect(view.reserved_claims).toEqual({});
    expect(view.oogles[0].risk).toBe('0.5');
    // Settlement's snapshot: b and c stake what they reserved, a sits out (its entry will say so).
    const { rows } = await loadSnapshot(k(), { roundId, lockedAt: now + 600_000 });
    const byId = new Map(rows.map((r) => [r.eidol.id, r.eidol]));
    expect(byId.get(a.eggId)).toMatchObject({ satOut: true });
    expect(byId.get(a.eggId)?.reservedStake).toBeUndefined();
    expect(byId.get(b.eggId)).toMatchObject({ reservedStake: 50n * ANGLS });
    expect(byId.get(b.eggId)?.satOut).toBeUndefined();
    await ledgerOk();
  });
});
