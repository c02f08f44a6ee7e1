/**
 * The booking (`settleDue`: columns, hub legs, slice-by-slice writes) against the shared rule (`settleRound`)
 * on the same random snapshot: every eidol's entry, progress and account balance, every transfer, the pool,
 * the players' XP and the round's totals must be what `settleRound` says, and the ledger check must pass.
 * Eggs about to hatch, eggtoplasms filling and full, unreadable risks, players at level −1, eidols that sat
 * out, reservations below r × V and eggs without an account are all in it. The seed is printed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from '../ledger/support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { manualClock } from '../../../src/server/clock';
import { mulberry32 } from '../../../src/shared/mulberry32';
import { hatchedFrame } from '../../../src/shared/rules/eggs';
import { ECONOMY_CONFIG, PPM } from '../../../src/shared/rules/round/economyConfig';
import { parseRisk, riskAtMostThreshold } from '../../../src/shared/rules/round/risk';
import { settleRound } from '../../../src/shared/rules/round/settlement';
import type { Settlement } from '../../../src/shared/rules/round/settlementTypes';
import { ensureFirstRound } from '../../../src/server/domain/rounds/openRound';
import { openRoundCapacity } from '../../../src/server/domain/rounds/roundCapacity';
import { recordBlockHash, roundThreshold } from '../../../src/server/domain/rounds/roundBlock';
import { loadSnapshot } from '../../../src/server/domain/rounds/roundSnapshot';
import { settleDue } from '../../../src/server/domain/rounds/settleDue';
import { checkLedger, createLedger, ensureGenesis, flagsOf, postBulk, systemAccount } from '../../../src/server/ledger/index';

const seed = Number(process.env.SETTLE_SEED ?? Date.now() % 2 ** 31);
console.info(`settle equivalence seed ${seed} (rerun with SETTLE_SEED=${seed})`);

/** More than two snapshot pages (1,024) and one hub-legs slice (2,048). */
const EIDOLS = 2600;
const PLAYERS = 60;
const START = Date.UTC(2026, 0, 1);
const timing = { openMs: 10_000, lockedMs: 2_000 };
const RISKS = ['0', '0.01', '0.1', '0.25', '0.5', '0.75', '0.9', '0.99', '0.333', '0.1234', 'bad'];

describe.each(dialectsFor(inject('pgAdminUrl')))('booking equals settleRound on %s', (dialect) => {
  let t: TestDb;
  let chain: RoundChain;
  const clock = manualClock(START);

  beforeAll(async () => {
    chain = await startRoundChain();
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    const ledger = createLedger(t.db, clock);
    await ensureGenesis(t.db, clock);
    await ensureFirstRound(ledger, timing, 10);
    const k = t.db.kysely;
    const rnd = mulberry32(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    await k
      .insertInto('users')
      .values(
        Array.from({ length: PLAYERS }, (_, i) => ({
          name: `q${i}`,
          email_normalized: `q${i}@x.test`,
          email: `q${i}@x.test`,
          password_hash: 'x',
          investor_skin_id: 1,
          ref_code: `q${i}`,
          referrer_id: null,
          senator_until: null,
          patricius_until: null,
          ws_auth_token: `q${i}`,
          created_at: START,
          updated_at: START,
          level: i % 15 === 0 ? -1 : i % 7 === 0 ? 0 : 1,
          xp: Math.floor(rnd() * 500),
        })),
      )
      .execute();
    const users = (await k.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
    const values: bigint[] = [];
    for (let from = 0; from < EIDOLS; from += 500) {
      await k
        .insertInto('eidols')
        .values(
          Array.from({ length: Math.min(500, EIDOLS - from) }, () => {
            const type = pick(['egg', 'egg', 'ectoplasm', 'ogle', 'ogle', 'ogle', 'ogle'] as const);
            const level = type === 'egg' ? 0 : Math.floor(rnd() * 12);
            // Eggs one XP short of hatching, eggtoplasms one short of full or full: the edges of the XP rules.
            const experience =
              type === 'egg' ? pick([0, 5, 10, 11]) : type === 'ectoplasm' ? pick([0, 11, 23, 24]) : Math.floor(rnd() * 50);
            const value = rnd() < 0.1 ? 0n : BigInt(1 + Math.floor(rnd() * 10 ** 10));
            values.push(value);
            return {
              user_id: pick(users),
              type,
              rarity: pick(['common', 'rare', 'epic'] as const),
              collection: 'basic',
              skin_name: 'b',
              skin_image: type === 'egg' ? 'egg1' : 'eidol-basic-common-1',
              source: 'egg1',
              level,
              experience,
              risk: pick(RISKS),
              yieldy: Math.floor(rnd() * 11),
              hatch_value: value,
              top_value: value + BigInt(Math.floor(rnd() * 1000)),
              no_loss_value: value,
              hatched_at: type === 'egg' ? null : START,
              created_at: START,
              updated_at: START,
              is_locked: rnd() < 0.02 ? 1 : 0,
            };
          }),
        )
        .execute();
    }
    const eidols = await k.selectFrom('eidols').select('id').orderBy('id').execute();
    // Accounts for every eidol with a value (setup shortcut), funded through the ledger; eggs of value 0 have none.
    const funded = eidols.flatMap((e, i) => (values[i]! > 0n ? [{ id: e.id, value: values[i]! }] : []));
    for (let from = 0; from < funded.length; from += 1000) {
      await k
        .insertInto('ledger_accounts')
        .values(
          funded.slice(from, from + 1000).map((e) => ({
            asset: 'ANGLS',
            owner_kind: 'eidol' as const,
            owner_id: e.id,
            name: 'main',
            flags: flagsOf('eidol', 'main'),
            balance: 0n,
            debits_pending: 0n,
            credits_pending: 0n,
            version: 0,
            created_at: START,
          })),
        )
        .execute();
    }
    const accounts = new Map(
      (await k.selectFrom('ledger_accounts').select(['id', 'owner_id']).where('owner_kind', '=', 'eidol').execute()).map((a) => [
        a.owner_id,
        a.id,
      ]),
    );
    await ledger.run(async (tx) => {
      const genesis = await systemAccount(tx, 'genesis', 'ANGLS');
      await postBulk(
        tx,
        funded.map((e) => ({ id: `fund:${e.id}`, debit: genesis, credit: accounts.get(e.id)!, amount: e.value, code: 'test' })),
      );
    });
    // A capacity that refuses some carried-over eidols (they sit out), then values grown after the reservation
    // (their stake is the reserved one, below r × V).
    await k.deleteFrom('round_reservations').where('round_id', '=', 1).execute();
    await openRoundCapacity(k, 1, START, { ...ECONOMY_CONFIG, capacityPpm: PPM / 2n, eidolCapacityPpm: PPM / 100n });
    await ledger.run(async (tx) => {
      const genesis = await systemAccount(tx, 'genesis', 'ANGLS');
      await postBulk(
        tx,
        funded
          .filter((_, i) => i % 9 === 0)
          .map((e) => ({ id: `grow:${e.id}`, debit: genesis, credit: accounts.get(e.id)!, amount: e.value / 3n + 1n, code: 'test' })),
      );
    });
    clock.set(START + timing.openMs + timing.lockedMs);
    await keyRoundWithBothOutcomes(k);
  }, 240_000);
  /**
   * Records the round's block, moving it to the next block while its T is at or above the highest risk (0.99):
   * the chain's blocks are random, and such a T (about 1 round in 100) makes every eidol a winner.
   */
  async function keyRoundWithBothOutcomes(k: TestDb['db']['kysely']) {
    const highest = parseRisk('0.99');
    for (let tries = 0; ; tries++) {
      await recordBlockHash(k, chain.blocks, 1);
      const round = await k.selectFrom('rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      const fc = await k.selectFrom('fairness_chains').selectAll().where('id', '=', round.chain_id).executeTakeFirstOrThrow();
      if (!riskAtMostThreshold(highest, roundThreshold(round, fc)!)) return;
      if (tries === 20) throw new Error('20 blocks in a row with T ≥ 0.99');
      await k.updateTable('rounds').set({ block_number: null, block_hash: null }).where('id', '=', 1).execute();
      await chain.chain.mine();
    }
  }

  afterAll(async () => {
    await destroyQuietly(t);
    await chain?.close();
  });

  it('books every eidol, transfer and balance as settleRound computes them', async () => {
    const k = t.db.kysely;
    const round = await k.selectFrom('rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const fc = await k
      .selectFrom('fairness_chains')
      .select(['salt', 'block_rule_from'])
      .where('id', '=', round.chain_id)
      .executeTakeFirstOrThrow();
    const { rows } = await loadSnapshot(k, { roundId: 1, lockedAt: round.can_act_before });
    const pool = await poolAccount();
    const users = new Map((await k.selectFrom('users').select(['id', 'xp']).execute()).map((u) => [u.id, u.xp]));
    const want: Settlement = settleRound({
      roundId: 1,
      thresholdUnits: roundThreshold(round, fc)!,
      eidols: rows.map((r) => r.eidol),
      poolBefore: pool.balance,
      incenseSlots: 0,
      config: ECONOMY_CONFIG,
    });
    // The snapshot covers every case the booking must get right.
    expect(want.totals.winners).toBeGreaterThan(0);
    expect(want.totals.losers).toBeGreaterThan(0);
    expect(want.totals.satOut).toBeGreaterThan(0);
    expect(want.eidols.some((e) => e.hatched)).toBe(true);
    expect(want.eidols.some((e) => e.type === 'ectoplasm')).toBe(true);
    expect(
      rows.some(
        (r) => r.eidol.reservedStake !== undefined && want.eidols.find((e) => e.id === r.eidol.id)!.stake === r.eidol.reservedStake,
      ),
    ).toBe(true);
    expect(rows.some((r) => r.accountId === null)).toBe(true);

    const booked = await settleDue(createLedger(t.db, clock), { timing, blocks: chain.blocks });
    expect(booked?.participants).toBe(want.totals.participants);
    expect(booked?.owners).toEqual([...new Set(want.eidols.map((e) => e.owner))].sort((a, b) => a - b));

    // The entry holds the type the eidol played the round as (an egg that hatched is still an egg there).
    const snapOf = (id: number) => rows.find((r) => r.eidol.id === id)!.eidol;
    const entries = await k.selectFrom('round_entries').selectAll().where('round_id', '=', 1).orderBy('eidol_id').execute();
    expect(
      entries.map((e) => [
        e.eidol_id,
        e.user_id,
        e.zone,
        e.stake,
        e.payout,
        e.mined,
        e.value_before,
        e.value_after,
        e.xp_gained,
        e.eidol_type,
      ]),
    ).toEqual(
      want.eidols.map((e) => [e.id, e.owner, e.zone, e.stake, e.payout, e.emission, e.valueBefore, e.value, e.xpGained, snapOf(e.id).type]),
    );
    const snap = new Map(rows.map((r) => [r.eidol.id, r]));
    expect(
      entries.map((e) => [e.risk, e.yieldy, e.xp_before, e.level_before, e.top_value_before, e.no_loss_value, e.reserved_stake, e.sat_out]),
    ).toEqual(
      want.eidols.map((e) => {
        const s = snap.get(e.id)!.eidol;
        return [s.risk, s.yieldy, s.xp, s.level, s.topValue, s.noLossValue, s.reservedStake ?? null, s.satOut ? 1 : 0];
      }),
    );

    // Each eidol's value is its account's balance; its progress is on its row.
    const balances = new Map(
      (await k.selectFrom('ledger_accounts').select(['owner_id', 'balance']).where('owner_kind', '=', 'eidol').execute()).map((a) => [
        a.owner_id,
        a.balance,
      ]),
    );
    expect(want.eidols.map((e) => [e.id, balances.get(e.id) ?? 0n])).toEqual(want.eidols.map((e) => [e.id, e.value]));
    const eidolRows = new Map((await k.selectFrom('eidols').selectAll().execute()).map((e) => [e.id, e]));
    expect(
      want.eidols.map((e) => {
        const r = eidolRows.get(e.id)!;
        return [e.id, r.experience, r.level, r.type, r.top_value, r.skin_image, r.hatched_at];
      }),
    ).toEqual(
      want.eidols.map((e) => {
        const s = snap.get(e.id)!;
        return [
          e.id,
          e.xp,
          e.level,
          e.hatched ? 'ogle' : s.dbType,
          e.topValue,
          e.hatched ? hatchedFrame(s.collection, s.rarity, e.id) : s.skinImage,
          e.hatched ? clock.now() : s.hatchedAt,
        ];
      }),
    );

    // Every transfer, in booking order (one batch: its id is the first leg's), and the pool after them.
    const transfers = await k
      .selectFrom('ledger_transfers')
      .select(['id', 'batch_id', 'debit_account_id', 'credit_account_id', 'amount', 'code', 'ref'])
      .where('ref', '=', '1')
      .where('code', 'in', ['bet', 'win', 'mined'])
      .execute();
    const accountOf = (a: { kind: string; id?: number }) => (a.kind === 'system' ? pool.id : snap.get(a.id!)!.accountId);
    const byId = new Map(transfers.map((x) => [x.id, x]));
    expect(transfers.length).toBe(want.transfers.length);
    expect(
      want.transfers.map((x) => {
        const got = byId.get(x.id)!;
        return [got.debit_account_id, got.credit_account_id, got.amount, got.code, got.ref, got.batch_id];
      }),
    ).toEqual(want.transfers.map((x) => [accountOf(x.debit), accountOf(x.credit), x.amount, x.code, x.ref, want.transfers[0]!.id]));
    expect((await poolAccount()).balance).toBe(want.totals.poolAfter);

    // Player XP grew by what their eidols gained.
    const after = new Map((await k.selectFrom('users').select(['id', 'xp']).execute()).map((u) => [u.id, u.xp]));
    const gained = new Map(want.owners.map((o) => [o.owner, o.xpGained]));
    for (const [id, xp] of after) expect([id, xp]).toEqual([id, users.get(id)! + (gained.get(id) ?? 0)]);

    const r = await k.selectFrom('rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const tt = want.totals;
    expect([r.participants, r.winners, r.pool_before, r.pool_after, r.claims_paid, r.emission_paid, r.nominal_stakes]).toEqual([
      tt.participants,
      tt.winners,
      tt.poolBefore,
      tt.poolAfter,
      tt.claimsPaid,
      tt.emissionPaid,
      tt.stakes,
    ]);
    const report = await checkLedger(t.db);
    expect(report.broken).toEqual([]);
  }, 240_000);

  async function poolAccount() {
    return t.db.kysely
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('owner_kind', '=', 'system')
      .where('name', '=', 'mining_pool')
      .where('asset', '=', 'ANGLS')
      .executeTakeFirstOrThrow();
  }
});
