/**
 * Joins racing for the last of a round's capacity on two server nodes sharing one PostgreSQL database
 * (ECONOMY.md: "a join or a risk change reserves at once, first come first served"): never more reserved
 * than K, `rounds.reserved` always Σ of the reservation rows, every accepted risk backed by its reservation,
 * every refused one changing nothing (a risk change that does not fit keeps the old risk and reservation).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, TestClient, type TestServer } from '../../support/server';
import { openRound, setPool, settleAllRounds, startGameServer } from '../../support/gameFixtures';
import { insertEidols } from '../rounds/support/world';
import { stakeAndClaim } from '../../../src/shared/rules/round/capacity';
import { parseRisk } from '../../../src/shared/rules/round/risk';
import { ECONOMY_CONFIG, PPM } from '../../../src/shared/rules/round/economyConfig';

const ANGLS = 100_000_000n;
/** m × K when K is 1,002 ANGLS. */
const perEidolOf1002 = () => (1_002n * ANGLS * ECONOMY_CONFIG.eidolCapacityPpm) / PPM;

describe.each(dialectsFor(inject('pgAdminUrl')).filter((d) => d === 'postgres'))('capacity races on two %s nodes', (dialect) => {
  let s: TestServer;
  let second: TestServer;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
    second = await startTestServer(dialect, inject('pgAdminUrl'), {}, {}, { beside: s, clock: s.clock });
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  const k = () => s.testDb.db.kysely;
  /** Checks the invariants; answers the reservations by eidol. */
  async function invariants(roundId: number): Promise<Map<number, { risk: string; claim: bigint }>> {
    const round = await k().selectFrom('rounds').select(['capacity', 'reserved']).where('id', '=', roundId).executeTakeFirstOrThrow();
    const rows = await k().selectFrom('round_reservations').select(['eidol_id', 'risk', 'claim']).where('round_id', '=', roundId).execute();
    expect(round.reserved).toBe(rows.reduce((a, r) => a + r.claim, 0n));
    expect(round.reserved <= round.capacity).toBe(true);
    const held = new Map(rows.map((r) => [r.eidol_id, { risk: r.risk, claim: r.claim }]));
    for (const e of await k().selectFrom('eidols').select(['id', 'risk']).where('closed_at', 'is', null).execute()) {
      // A staking risk is always backed by the reservation made at that risk; risk 0 holds none.
      if (e.risk === '0') expect(held.has(e.id)).toBe(false);
      else expect(held.get(e.id)?.risk).toBe(e.risk);
    }
    await ledgerOk();
    return held;
  }

  it('never reserves more than K, and every refusal leaves its eidol as it was', async () => {
    const { client, user } = await registerPlayer(s, 'race1');
    await k().updateTable('users').set({ level: 4 }).where('id', '=', user.id).execute();
    await settleAllRounds(s.testDb.db, s.clock.now());
    const ids = await insertEidols(
      s.testDb.db,
      s.clock,
      Array.from({ length: 40 }, () => ({ owner: user.id, value: 100n * ANGLS })),
    );
    // K = 1,002 ANGLS: twenty claims of 50 (r = 0.5 on 100 ANGLS) fit, the 21st does not.
    await setPool(s.testDb.db, s.clock, (1_002n * ANGLS * PPM) / ECONOMY_CONFIG.capacityPpm);
    expect(perEidolOf1002()).toBeGreaterThanOrEqual(50n * ANGLS);
    await openRound(s.testDb.db, s.clock, 900);
    const other = new TestClient(second.url);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    const join = (i: number, risk: string) => (i % 2 === 0 ? client : other).post('/api/game/join', { risk, oogle_id: ids[i] });

    const first = await Promise.all(ids.map((_, i) => join(i, '0.5')));
    expect(first.filter((r) => r.status === 200)).toHaveLength(20);
    for (const r of first.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(422);
      expect(r.body.errors.risk[0]).toMatch(/^This Crypto Aeon (has room for this Eidol up to risk 0\.1[0-3] |is full)/);
    }
    let held = await invariants(900);
    expect(held.size).toBe(20);

    // A second wave on both nodes at once: the holders ask for more (0.6: a claim of 90, more than the 2 ANGLS left
    // plus their own 50, so refused and kept at 0.5), the others for 0.1 (a claim of 1.11: as many as 2 ANGLS allow).
    const wave = await Promise.all(ids.map((id, i) => join(i, held.has(id) ? '0.6' : '0.1')));
    held = await invariants(900);
    for (const [i, id] of ids.entries()) {
      if (first[i]!.status === 200) {
        expect(wave[i]!.status).toBe(422);
        expect(held.get(id)?.risk).toBe('0.5');
      } else expect(held.has(id)).toBe(wave[i]!.status === 200);
    }
    const small = stakeAndClaim(parseRisk('0.1'), 100n * ANGLS).claim;
    expect(wave.filter((r) => r.status === 200)).toHaveLength(Number((2n * ANGLS) / small));

    // Everyone releases at once: nothing stays reserved.
    await Promise.all(ids.map((_, i) => join(i, '0')));
    expect((await invariants(900)).size).toBe(0);
  });
});
