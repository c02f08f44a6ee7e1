/** `settleRoundSliced` is `settleRound` interrupted: the same result byte for byte, with the loop handed turns. */
import { describe, expect, it } from 'vitest';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound, settleRoundSliced } from '../../../../src/shared/rules/round/settlement';
import type { SettlementInput, SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';
import { mulberry32 } from '../../../../src/shared/mulberry32';

/** n eidols of mixed risks, types and values, ids ascending or (`shuffled`) not. */
function input(n: number, shuffled: boolean): SettlementInput {
  const rnd = mulberry32(n);
  const risks = ['0', '0.01', '0.25', '0.5', '0.75', '0.999', '0.333'];
  const eidols: SnapshotEidol[] = Array.from({ length: n }, (_, i) => {
    const value = BigInt(Math.floor(rnd() * 1e12));
    return {
      id: 1 + 2 * i,
      owner: 1 + (i % 311),
      value,
      risk: risks[i % risks.length]!,
      yieldy: i % 11,
      type: i % 4 ? (i % 13 ? 'eidol' : 'ectoplasm') : 'egg',
      xp: i % 700,
      level: i % 9,
      topValue: value,
      noLossValue: value,
    };
  });
  if (shuffled) eidols.reverse();
  return { roundId: 7, thresholdUnits: 2n ** 51n, eidols, poolBefore: 10n ** 15n, incenseSlots: 1, config: ECONOMY_CONFIG };
}

describe('settleRoundSliced', () => {
  it.each([
    [0, false],
    [1, false],
    [2047, false],
    [2048, true],
    [10_000, false],
    [10_001, true],
  ])('equals settleRound for %i eidols (shuffled: %s)', async (n, shuffled) => {
    const i = input(n, shuffled);
    let pauses = 0;
    const sliced = await settleRoundSliced(i, async () => {
      pauses += 1;
    });
    expect(sliced).toStrictEqual(settleRound(i));
    expect(JSON.stringify(sliced, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(
      JSON.stringify(settleRound(i), (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
    );
    // At least one pause per 1,024 eidols of each of the four passes over the eidols; none for a small round.
    expect(pauses).toBeGreaterThanOrEqual(4 * Math.floor(n / 1024));
    if (n < 1024) expect(pauses).toBe(0);
  });

  it('refuses a snapshot listing an eidol twice, whatever its order', async () => {
    const i = input(5, false);
    const twice = { ...i, eidols: [...i.eidols, i.eidols[2]!] };
    await expect(settleRoundSliced(twice, async () => {})).rejects.toThrow(/listed twice/);
    expect(() => settleRound(twice)).toThrow(/listed twice/);
  });
});
