import { describe, expect, it } from 'vitest';
import {
  claimOfStake,
  eidolClaimLimit,
  largestRiskThatFits,
  roundCapacity,
  stakeAndClaim,
} from '../../../../src/shared/rules/round/capacity';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { parseRisk } from '../../../../src/shared/rules/round/risk';

const ANGLS = 10n ** 8n;

describe('round capacity', () => {
  it('stake and claim are exact on the risk digits, rounded down', () => {
    // r = 0.5 of 100 ANGLS: S = 50, G = 50.
    expect(stakeAndClaim(parseRisk('0.5'), 100n * ANGLS)).toEqual({ stake: 50n * ANGLS, claim: 50n * ANGLS });
    // r = 0.9 of 10 units: S = 9, G = ⌊9 × 9 / 1⌋ = 81.
    expect(stakeAndClaim(parseRisk('0.9'), 10n)).toEqual({ stake: 9n, claim: 81n });
    // r = 0.3 of 7 units: S = ⌊2.1⌋ = 2, G = ⌊2 × 3 / 7⌋ = 0.
    expect(stakeAndClaim(parseRisk('0.3'), 7n)).toEqual({ stake: 2n, claim: 0n });
    expect(stakeAndClaim(parseRisk('0'), 7n)).toEqual({ stake: 0n, claim: 0n });
    expect(claimOfStake(parseRisk('0.75'), 4n)).toBe(12n);
  });

  it('K is c of the pool and one eidol may take m of K', () => {
    const config = { ...ECONOMY_CONFIG, capacityPpm: 30_000n, eidolCapacityPpm: 50_000n };
    expect(roundCapacity(1_000_000n * ANGLS, config)).toBe(30_000n * ANGLS);
    expect(roundCapacity(-5n, config)).toBe(0n);
    expect(eidolClaimLimit(30_000n * ANGLS, config)).toBe(1_500n * ANGLS);
  });

  it('the largest risk that fits is the last one whose claim is within the room', () => {
    const value = 4_000n * ANGLS;
    for (const room of [0n, 1n, 10n * ANGLS, 1_500n * ANGLS, 10n ** 15n]) {
      for (const digits of [2, 3, 4]) {
        const r = largestRiskThatFits(value, digits, room);
        expect(stakeAndClaim(r, value).claim <= room).toBe(true);
        if (r.units < 10n ** BigInt(digits) - 1n) expect(stakeAndClaim({ units: r.units + 1n, digits }, value).claim > room).toBe(true);
      }
    }
    expect(largestRiskThatFits(value, 2, -1n).units).toBe(0n);
  });
});
