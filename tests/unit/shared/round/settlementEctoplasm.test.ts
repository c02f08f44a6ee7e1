/**
 * An eggtoplasm in the rounds: 1 XP per round like an egg, up to its next_level_experience; no stake, no
 * transfer, no emission share (the round settles as if it were absent, XP aside); never a level-up nor a
 * hatching. The fairness recomputation (verifyRound, also the browser's) agrees with such a round.
 */
import { describe, expect, it } from 'vitest';
import { ECONOMY_CONFIG, NEXT_LEVEL_XP } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { SettlementInput, SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';
import { verifyRound } from '../../../../src/shared/rules/round/verifyRound';
import { payoutRows } from '../../../../src/client/hud/screens/fairnessView';
import { assertBooksBalance, snap } from './settlementCheck';
import { FIXTURE_ECTOPLASM, FIXTURE_SNAPSHOT, honestDetail } from './roundDetailFixture';

const ANGLS = 10n ** 8n;

/** A round of two staking eidols and an egg, plus `extra`. */
function round(extra: SnapshotEidol[], roundId = 3): SettlementInput {
  return {
    roundId,
    thresholdUnits: 1n << 51n,
    poolBefore: 1_000_000n * ANGLS,
    incenseSlots: 2,
    config: ECONOMY_CONFIG,
    eidols: [snap(1, { risk: '0.25' }), snap(2, { risk: '0.75', owner: 2 }), snap(3, { type: 'egg', level: 0, xp: 3 }), ...extra],
  };
}

describe('an eggtoplasm in settlement', () => {
  it('gains 1 XP, stakes nothing whatever its risk, mines nothing, and leaves the round otherwise unchanged', () => {
    const without = settleRound(round([]));
    // A stored risk (never set by a join, which refuses eggtoplasm) and even a value would not make it stake.
    const ecto = snap(9, { type: 'ectoplasm', risk: '0.5', value: 7n * ANGLS, level: 0, xp: 0, owner: 4 });
    const input = round([ecto]);
    const out = settleRound(input);
    assertBooksBalance(input, out);
    const e = out.eidols.find((x) => x.id === 9)!;
    expect(e).toMatchObject({
      zone: null,
      stake: 0n,
      bet: 0n,
      claim: 0n,
      payout: 0n,
      emission: 0n,
      valueBefore: 7n * ANGLS,
      value: 7n * ANGLS,
      xpGained: 1,
      xp: 1,
      level: 0,
      type: 'ectoplasm',
      hatched: false,
    });
    expect(out.transfers.filter((t) => t.id.startsWith('round:3:9:'))).toEqual([]);
    expect(out.totals).toStrictEqual(without.totals);
    expect(out.transfers).toStrictEqual(without.transfers);
    expect(out.eidols.filter((x) => x.id !== 9)).toStrictEqual(without.eidols);
    // Its XP counts towards its player's, like an egg's.
    expect(out.owners.find((o) => o.owner === 4)).toEqual({ owner: 4, xpGained: 1 });
  });

  it('fills up to next_level_experience round after round and never hatches by itself', () => {
    let ecto = snap(9, { type: 'ectoplasm', value: 0n, level: 0, xp: 0, owner: 4 });
    const bar = NEXT_LEVEL_XP[0]!;
    const seen: number[] = [];
    for (let r = 1; r <= bar + 3; r++) {
      const e = settleRound(round([ecto], r)).eidols.find((x) => x.id === 9)!;
      expect([e.level, e.type, e.hatched, e.value]).toEqual([0, 'ectoplasm', false, 0n]);
      seen.push(e.xpGained);
      ecto = { ...ecto, xp: e.xp, level: e.level, type: e.type };
    }
    expect(ecto.xp).toBe(bar);
    expect(seen).toEqual([...Array<number>(bar).fill(1), 0, 0, 0]);
    // At a higher level the bar is that level's.
    const high = settleRound(round([snap(9, { type: 'ectoplasm', value: 0n, level: 2, xp: NEXT_LEVEL_XP[2]! - 1 })])).eidols.find(
      (x) => x.id === 9,
    )!;
    expect([high.xpGained, high.xp, high.level]).toEqual([1, NEXT_LEVEL_XP[2], 2]);
  });

  it('verifies in the fairness recomputation: an honest round passes, a stake published for it does not', () => {
    const d = honestDetail(12, 1_000_000n * ANGLS, 1, [...FIXTURE_SNAPSHOT, FIXTURE_ECTOPLASM]);
    const entry = d.entries.find((x) => x.eidol_id === FIXTURE_ECTOPLASM.id)!;
    expect(entry).toMatchObject({ type: 'ectoplasm', zone: null, stake: '0', payout: '0', mined: '0', value_after: '0' });
    const v = verifyRound(d);
    expect(v.ok).toBe(true);
    expect(v.settlement?.eidols.find((x) => x.id === FIXTURE_ECTOPLASM.id)).toMatchObject({ xpGained: 1, xp: 5, type: 'ectoplasm' });
    // The eggtoplasm changes nothing the other entries publish.
    expect(d.entries.filter((x) => x.eidol_id !== FIXTURE_ECTOPLASM.id)).toEqual(honestDetail().entries);
    expect(payoutRows(v).at(-1)).toMatchObject({ eidolId: 13, zone: '–', stake: '0', mined: '0', mark: '✓' });
    entry.mined = '1';
    expect(verifyRound(d).mismatches).toEqual([{ field: 'mined', eidolId: 13, expected: '0', published: '1' }]);
  });
});
