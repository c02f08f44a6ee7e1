/**
 * A settled round in a test database, booked the way the round scheduler books one (migration 0050): a
 * published fairness chain, consecutive rounds revealing it, eidols funded through the ledger, and for the
 * settled round, in ONE ledger commit, the settlement's transfers, its `round_entries` (snapshot + result)
 * and the round row's settled fields. Round 1 settles with nobody joined; round 2 is the interesting one;
 * round 3 is open (its hash still secret).
 */
import type { Db } from '../../../../src/server/db/database';
import type { ManualClock } from '../../../../src/server/clock';
import { chainFrom, thresholdUnits } from '../../../../src/shared/rules/fairness';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { SettlementAccount, SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';
import { createLedger, eidolAccount, ensureGenesis, getAccount, systemAccount, transferBatch } from '../../../../src/server/ledger/index';
import type { LedgerTx } from '../../../../src/server/ledger/index';

const ANGLS = 10n ** 8n;

/** The chain the test publishes (seed fixed so failures reproduce). */
export const TEST_CHAIN = chainFrom('5e'.repeat(32), 10);
/** Its published salt. */
export const TEST_SALT = 'verify-test-salt';

/** What each eidol joins with: risk, Yieldy, value (whole ANGLS), type. */
const JOINERS: { risk: string; yieldy: number; value: bigint; type: 'egg' | 'eidol'; user: 0 | 1 }[] = [
  { risk: '0.01', yieldy: 0, value: 100n, type: 'eidol', user: 0 },
  { risk: '0.3', yieldy: 10, value: 400n, type: 'eidol', user: 0 },
  { risk: '0.55', yieldy: 0, value: 750n, type: 'eidol', user: 1 },
  { risk: '0.9', yieldy: 3, value: 1000n, type: 'eidol', user: 1 },
  { risk: '0', yieldy: 0, value: 100n, type: 'egg', user: 1 },
  { risk: '0.125', yieldy: 0, value: 200n, type: 'egg', user: 0 },
];

/** Ids the test needs. */
export interface SettledRound {
  /** The settled round with entries. */
  roundId: number;
  eidolIds: number[];
  /** The settled round nobody joined. */
  emptyRoundId: number;
  /** The open round (not settled). */
  openRoundId: number;
}

/** Builds the three rounds; returns their ids. */
export async function buildSettledRound(db: Db, clock: ManualClock): Promise<SettledRound> {
  const k = db.kysely;
  const now = clock.now();
  await ensureGenesis(db, clock);
  const ledger = createLedger(db, clock);
  const users: number[] = [];
  for (const name of ['alice', 'bob']) {
    const u = await k
      .insertInto('users')
      .values({
        name,
        email: `${name}@x.io`,
        email_normalized: `${name}@x.io`,
        password_hash: 'h',
        investor_skin_id: 1,
        ref_code: name,
        ws_auth_token: name,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(u.id);
  }
  const eidolIds: number[] = [];
  for (const [i, j] of JOINERS.entries()) {
    const value = j.value * ANGLS;
    const e = await k
      .insertInto('eidols')
      .values({
        user_id: users[j.user]!,
        type: j.type === 'egg' ? 'egg' : 'ogle',
        rarity: 'common',
        collection: 'c',
        skin_name: `s${i}`,
        skin_image: `s${i}.png`,
        source: `egg${1 + (i % 4)}`,
        level: j.type === 'egg' ? 0 : 2 + i,
        experience: i,
        risk: j.risk,
        yieldy: j.yieldy,
        hatch_value: value,
        top_value: value + 5n * ANGLS,
        no_loss_value: value,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eidolIds.push(e.id);
    // The hatch value comes into the eidol's account as an egg purchase would move it.
    await ledger.run(async (tx) => {
      await transferBatch(tx, [
        {
          id: `test:fund:${e.id}`,
          debit: await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
          credit: await eidolAccount(tx, e.id),
          amount: value,
          code: 'egg',
        },
      ]);
    });
  }

  const chain = await k
    .insertInto('fairness_chains')
    .values({
      terminal_hash: TEST_CHAIN.terminalHash,
      salt: TEST_SALT,
      length: TEST_CHAIN.hashes.length,
      first_round_id: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const position of [1, 2, 3]) {
    const opens = now + (position - 1) * 660_000;
    await k
      .insertInto('rounds')
      .values({
        id: position,
        chain_id: chain.id,
        position,
        hash: TEST_CHAIN.hashes[position - 1]!,
        opens_at: opens,
        can_act_before: opens + 600_000,
        ends_at: opens + 660_000,
        settled_at: null,
        threshold_units: null,
      })
      .execute();
  }

  // Round 1: nobody joined. Round 2: every eidol. Each settled in one commit with its bookings.
  await settleAndBook(db, clock, 1, []);
  const snapshot: SnapshotEidol[] = [];
  for (const [i, id] of eidolIds.entries()) {
    const row = await k.selectFrom('eidols').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const account = await ledger.run(async (tx) => eidolAccount(tx, id));
    const value = (await getAccount(k, account))!.balance;
    snapshot.push({
      id,
      owner: row.user_id,
      value,
      risk: row.risk,
      yieldy: row.yieldy,
      type: JOINERS[i]!.type,
      xp: row.experience,
      level: row.level,
      topValue: row.top_value,
      noLossValue: row.no_loss_value,
    });
  }
  await settleAndBook(db, clock, 2, snapshot);
  return { roundId: 2, eidolIds, emptyRoundId: 1, openRoundId: 3 };
}

/** Settles round `roundId` from `snapshot` and books it: transfers, entries and the round row in one commit. */
async function settleAndBook(db: Db, clock: ManualClock, roundId: number, snapshot: SnapshotEidol[]): Promise<void> {
  const ledger = createLedger(db, clock);
  await ledger.run(async (tx) => {
    const round = await tx.kysely.selectFrom('rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
    const poolId = await systemAccount(tx, 'mining_pool', 'ANGLS');
    const poolBefore = (await getAccount(tx.kysely, poolId))!.balance;
    const units = thresholdUnits(round.hash, TEST_SALT);
    const out = settleRound({
      roundId,
      thresholdUnits: units,
      eidols: snapshot,
      poolBefore,
      incenseSlots: round.incense_slots,
      config: ECONOMY_CONFIG,
    });
    const account = (tx2: LedgerTx, a: SettlementAccount) => (a.kind === 'eidol' ? eidolAccount(tx2, a.id) : Promise.resolve(poolId));
    const inputs = [];
    for (const t of out.transfers)
      inputs.push({
        id: t.id,
        debit: await account(tx, t.debit),
        credit: await account(tx, t.credit),
        amount: t.amount,
        code: t.code,
        ref: t.ref,
      });
    if (inputs.length > 0) await transferBatch(tx, inputs);
    const byId = new Map(snapshot.map((e) => [e.id, e]));
    for (const r of out.eidols) {
      const e = byId.get(r.id)!;
      await tx.kysely
        .insertInto('round_entries')
        .values({
          round_id: roundId,
          eidol_id: r.id,
          user_id: r.owner,
          risk: String(e.risk),
          yieldy: e.yieldy,
          eidol_type: e.type,
          xp_before: e.xp,
          level_before: e.level,
          value_before: e.value,
          top_value_before: e.topValue,
          no_loss_value: e.noLossValue,
          zone: r.zone,
          stake: -r.bet,
          payout: r.payout,
          mined: r.emission,
          value_after: r.value,
          xp_gained: r.xpGained,
          created_at: clock.now(),
        })
        .execute();
    }
    const t = out.totals;
    await tx.kysely
      .updateTable('rounds')
      .set({
        settled_at: clock.now(),
        threshold_units: Number(units),
        participants: t.participants,
        winners: t.winners,
        pool_before: t.poolBefore,
        pool_after: t.poolAfter,
        round_fee: 0n,
        claims_paid: t.claimsPaid,
        emission_paid: t.emissionPaid,
        nominal_stakes: t.stakes,
      })
      .where('id', '=', roundId)
      .execute();
  });
}
