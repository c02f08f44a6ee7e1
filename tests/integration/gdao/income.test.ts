/**
 * The monthly gDAO income on both databases: a closed month's distribution computed from rounds joined
 * (own and invited players'), published with a root hash anyone recomputes and shares that sum to the
 * budget, paid once from the gDAO reserve however many publishers race; the income ledger's answer.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHash } from 'node:crypto';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { insertRound } from '../../support/gameFixtures';
import type { Ledger } from '../../../src/server/ledger/index';
import { MONTHLY_GDAO_BUDGET } from '../../../src/server/domain/gdao/gdaoConfig';
import { monthOf, monthRange, publishDueMonths } from '../../../src/server/domain/gdao/monthlyIncome';
import { runGdaoJob } from '../../../src/server/domain/gdao/gdaoJob';
import { distributionSchema, incomeLedgerSchema } from '../../../src/shared/api/gdao';
import { balanceOf, insertEidol, startGdaoServer } from './support';

describe.each(dialectsFor(inject('pgAdminUrl')))('monthly gDAO income on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startGdaoServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;

  /** A settled-looking entry of eidol `eidolId` of `userId` in round `roundId` at `at`. */
  async function entry(roundId: number, eidolId: number, userId: number, at: number): Promise<void> {
    await db()
      .kysely.insertInto('round_entries')
      .values({
        round_id: roundId,
        eidol_id: eidolId,
        user_id: userId,
        risk: '0.5',
        yieldy: 0,
        eidol_type: 'eidol',
        xp_before: 0,
        level_before: 1,
        value_before: 0n,
        top_value_before: 0n,
        no_loss_value: 0n,
        zone: 'bot',
        stake: 0n,
        payout: 0n,
        mined: 0n,
        value_after: 0n,
        xp_gained: 1,
        created_at: at,
      })
      .execute();
  }

  it('publishes the closed month once, with shares that sum to the budget and a recomputable root hash', async () => {
    const a = await registerPlayer(s, `in-a${dialect}`);
    const b = await registerPlayer(s, `in-b${dialect}`, { ref_code: a.user.ref_code });
    const c = await registerPlayer(s, `in-c${dialect}`);
    const now = s.clock.now();
    const [thisMonthStart] = monthRange(monthOf(now));
    const prev = monthOf(thisMonthStart - 1);
    const [prevStart] = monthRange(prev);
    const ea = await insertEidol(db(), s.clock, a.user.id, { level: 1 });
    const eb = await insertEidol(db(), s.clock, b.user.id, { level: 1 });
    const ec1 = await insertEidol(db(), s.clock, c.user.id, { level: 1 });
    const ec2 = await insertEidol(db(), s.clock, c.user.id, { level: 1 });
    for (let r = 1; r <= 6; r++) {
      const at = prevStart + r * 3_600_000;
      await insertRound(db(), r, { opensAt: at - 1000, canActBefore: at - 500, endsAt: at });
      await db().kysely.updateTable('rounds').set({ settled_at: at }).where('id', '=', r).execute();
      if (r <= 4) await entry(r, ea, a.user.id, at);
      await entry(r, eb, b.user.id, at);
      if (r <= 2) {
        await entry(r, ec1, c.user.id, at);
        await entry(r, ec2, c.user.id, at);
      }
    }
    await insertRound(db(), 7, { opensAt: thisMonthStart, canActBefore: thisMonthStart + 500, endsAt: thisMonthStart + 1000 });
    await db()
      .kysely.updateTable('rounds')
      .set({ settled_at: thisMonthStart + 1000 })
      .where('id', '=', 7)
      .execute();
    await entry(7, eb, b.user.id, thisMonthStart + 1000);

    const reserve = await balanceOf(db(), s.clock, { system: 'gdao_reserve' }, 'GDAO');
    // Racing publishers: the periodic job, on-demand reads and direct calls.
    await Promise.all([
      runGdaoJob(ledger),
      publishDueMonths(ledger),
      a.client.post('/api/rooms/gdaoledger'),
      s.client().get('/api/gdao/distributions'),
    ]);
    expect(await balanceOf(db(), s.clock, { system: 'gdao_reserve' }, 'GDAO')).toBe(reserve - MONTHLY_GDAO_BUDGET);
    await ledgerOk();

    const list = await s.client().get('/api/gdao/distributions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ month: prev, budget: '10000', total_activity: 15 });
    const dist = await s.client().get(`/api/gdao/distributions/${prev}`);
    expect(dist.status).toBe(200);
    const d = distributionSchema.parse(dist.body.data);
    // A: 4 rounds + 50 % of B's 6 = 7; B: 6; C: 2 rounds (two eidols in a round count once). 10000 × 7/15 etc., largest remainder.
    expect(d.rows).toEqual([
      { user_id: a.user.id, activity: 7, share: '0.46666666', amount: '4667' },
      { user_id: b.user.id, activity: 6, share: '0.40000000', amount: '4000' },
      { user_id: c.user.id, activity: 2, share: '0.13333333', amount: '1333' },
    ]);
    const lines = d.rows.map((r) => `${r.user_id}:${r.activity}:${r.amount}`).join('\n');
    expect(d.root_hash).toBe(createHash('sha256').update(lines).digest('hex'));
    expect(d.rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(BigInt(d.budget));
    expect(await balanceOf(db(), s.clock, { player: a.user.id }, 'GDAO')).toBe(4667n);

    const mine = await a.client.post('/api/rooms/gdaoledger');
    expect(incomeLedgerSchema.parse(mine.body.data)).toEqual({
      monthly_income: '4667',
      total_patrons: 1,
      social_income: '2666',
      patron_income: '2001',
      burned: '0',
      patron_active: 1,
    });
    expect((await s.client().get(`/api/gdao/distributions/${monthOf(now)}`)).status).toBe(404);
    expect((await s.client().get('/api/gdao/distributions/2026-13')).status).toBe(404);

    // Later calls publish nothing twice.
    await Promise.all([runGdaoJob(ledger), publishDueMonths(ledger)]);
    expect(await balanceOf(db(), s.clock, { system: 'gdao_reserve' }, 'GDAO')).toBe(reserve - MONTHLY_GDAO_BUDGET);
    await ledgerOk();
  });
});
