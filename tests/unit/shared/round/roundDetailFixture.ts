/** A published round detail built from the real rules (chain, threshold, settlement): what an honest server sends. */
import { chainFrom, thresholdDecimal, thresholdUnits } from '../../../../src/shared/rules/fairness';
import type { FairChain, FairRoundDetail } from '../../../../src/shared/api/game';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';

const ANGLS = 10n ** 8n;

/** The fixture's chain: 4 rounds from a fixed seed; round 12 reveals position 3. */
export const FIXTURE_CHAIN = chainFrom('ab'.repeat(32), 4);
export const FIXTURE_SALT = 'fixture-salt';

/** Eidols of every kind: winners and losers around T, Yieldy, an egg at r = 0, an egg with a risk. */
export const FIXTURE_SNAPSHOT: SnapshotEidol[] = [
  {
    id: 5,
    owner: 1,
    value: 100n * ANGLS,
    risk: '0.01',
    yieldy: 0,
    type: 'eidol',
    xp: 3,
    level: 2,
    topValue: 120n * ANGLS,
    noLossValue: 100n * ANGLS,
  },
  {
    id: 7,
    owner: 1,
    value: 250n * ANGLS,
    risk: '0.5',
    yieldy: 10,
    type: 'eidol',
    xp: 0,
    level: 4,
    topValue: 250n * ANGLS,
    noLossValue: 200n * ANGLS,
  },
  {
    id: 9,
    owner: 2,
    value: 400n * ANGLS,
    risk: '0.97',
    yieldy: 0,
    type: 'eidol',
    xp: 1,
    level: 1,
    topValue: 500n * ANGLS,
    noLossValue: 400n * ANGLS,
  },
  {
    id: 11,
    owner: 2,
    value: 100n * ANGLS,
    risk: '0',
    yieldy: 0,
    type: 'egg',
    xp: 11,
    level: 0,
    topValue: 100n * ANGLS,
    noLossValue: 100n * ANGLS,
  },
  {
    id: 12,
    owner: 3,
    value: 750n * ANGLS,
    risk: '0.25',
    yieldy: 5,
    type: 'egg',
    xp: 2,
    level: 0,
    topValue: 750n * ANGLS,
    noLossValue: 750n * ANGLS,
  },
];

/** An eggtoplasm filling its bar (value 0, XP only): what an enchanted jar adds to a round. */
export const FIXTURE_ECTOPLASM: SnapshotEidol = {
  id: 13,
  owner: 3,
  value: 0n,
  risk: '0',
  yieldy: 0,
  type: 'ectoplasm',
  xp: 4,
  level: 0,
  topValue: 0n,
  noLossValue: 0n,
};

/** The honest detail of round `id` at chain position 3, settled from `snapshot` (FIXTURE_SNAPSHOT unless given). */
export function honestDetail(
  id = 12,
  poolBefore = 1_000_000n * ANGLS,
  incenseSlots = 1,
  snapshot: readonly SnapshotEidol[] = FIXTURE_SNAPSHOT,
): FairRoundDetail {
  const hash = FIXTURE_CHAIN.hashes[2]!;
  const units = thresholdUnits(hash, FIXTURE_SALT);
  const out = settleRound({ roundId: id, thresholdUnits: units, eidols: snapshot, poolBefore, incenseSlots, config: ECONOMY_CONFIG });
  const byId = new Map(snapshot.map((e) => [e.id, e]));
  return {
    id,
    chain_id: 1,
    block_number: null,
    block_hash: null,
    hash,
    threshold: thresholdDecimal(units),
    ends_at: '2026-11-23 12:00:00',
    previous_hash: FIXTURE_CHAIN.hashes[1]!,
    salt: FIXTURE_SALT,
    threshold_units: units.toString(),
    incense_slots: incenseSlots,
    pool_before: poolBefore.toString(),
    pool_after: out.totals.poolAfter.toString(),
    entries: out.eidols.map((r) => {
      const e = byId.get(r.id)!;
      return {
        eidol_id: r.id,
        risk: String(e.risk),
        yieldy: e.yieldy,
        type: e.type,
        xp: e.xp,
        level: e.level,
        value_before: e.value.toString(),
        top_value_before: e.topValue.toString(),
        no_loss_value: e.noLossValue.toString(),
        zone: r.zone,
        stake: (-r.bet).toString(),
        payout: r.payout.toString(),
        mined: r.emission.toString(),
        value_after: r.value.toString(),
        reserved_stake: null,
        sat_out: false,
        previous_round_id: null,
        // Its first round: the egg purchase that funded it is its one movement, from an empty account.
        movements:
          e.value === 0n
            ? []
            : [{ version: 1, transfer_id: `egg:${r.id}`, code: 'egg', amount: e.value.toString(), before: '0', after: e.value.toString() }],
      };
    }),
  };
}

/** The chains listing that commits the fixture chain: round 12 at position 3, so the chain's rounds are 10–13 (salt rule). */
export function fixtureChains(): FairChain[] {
  return [
    {
      id: 1,
      terminal_hash: FIXTURE_CHAIN.terminalHash,
      salt: FIXTURE_SALT,
      salt_rule: 'salt',
      block_rule_from: null,
      length: 4,
      first_round_id: 10,
      last_round_id: 13,
    },
  ];
}

/** Round 11's own record as the verifier fetches it for round 12's link (position 2: its hash is what round 12 links to). */
export function previousDetail(): FairRoundDetail {
  return { ...honestDetail(11), hash: FIXTURE_CHAIN.hashes[1]!, previous_hash: FIXTURE_CHAIN.hashes[0]! };
}
