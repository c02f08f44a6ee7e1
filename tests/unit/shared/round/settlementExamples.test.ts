import { describe, expect, it } from 'vitest';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { SettlementInput } from '../../../../src/shared/rules/round/settlementTypes';
import { assertBooksBalance, snap } from './settlementCheck';

const ANGLS = 10n ** 8n;
const HALF = 1n << 51n; // T = 0.5 exactly
/**
 * The constants these hand computations were made with (emission 0.1 % of the pool, at most 1,000 ANGLS):
 * the arithmetic is what is checked here, so it is pinned; the production values live in economyConfig.ts.
 */
const HAND_CONFIG = { ...ECONOMY_CONFIG, emissionRatePpm: 1_000n, emissionCapUnits: 1_000n * ANGLS };

describe('settleRound, computed by hand', () => {
  it('a winner, a loser with Yieldy and an egg at r = 0 (emission at its cap)', () => {
    const input: SettlementInput = {
      roundId: 7,
      thresholdUnits: HALF,
      poolBefore: 1_000_000n * ANGLS,
      incenseSlots: 0,
      config: HAND_CONFIG,
      eidols: [
        snap(3, { type: 'egg', level: 0, xp: 11, owner: 9 }),
        snap(2, { risk: '0.75', yieldy: 10, level: 10, xp: 1150 }),
        snap(1, { risk: { units: 25n, digits: 2 }, level: 3, xp: 10 }),
      ],
    };
    const out = settleRound(input);
    const [a, b, c] = out.eidols;
    // A: S = 25 ANGLS, s = S, r ≤ T wins, G = 25 × 0.25/0.75 = 8.33333333 ANGLS (rounded down).
    expect(a).toMatchObject({ id: 1, zone: 'bot', nominalStake: 2_500_000_000n, bet: -2_500_000_000n, claim: 833_333_333n, claimPaid: 833_333_333n, payout: 3_333_333_333n });
    // B: S = 75, s = 75 × 0.9 = 67.5 ANGLS lost to the pool.
    expect(b).toMatchObject({ id: 2, zone: 'top', nominalStake: 7_500_000_000n, bet: -6_750_000_000n, claim: 0n, payout: 0n });
    expect(c).toMatchObject({ id: 3, zone: null, nominalStake: 0n, bet: 0n, emission: 0n, value: 100n * ANGLS });
    const t = out.totals;
    expect(t).toMatchObject({ participants: 2, winners: 1, losers: 1, losersStakes: 6_750_000_000n, fee: 135_000_000n, poolReserve: 30_000n * ANGLS, capped: false });
    expect(t.poolAfterSettling).toBe(100_005_916_666_667n); // 1e14 + 67.5 ANGLS − 8.33333333
    // pool × 0.1 % = 1000.059… ANGLS, above the 1,000 ANGLS cap: E = 1,000 ANGLS, shared 25 : 75 by S.
    expect(t.emission).toBe(1_000n * ANGLS);
    expect([a?.emission, b?.emission]).toEqual([250n * ANGLS, 750n * ANGLS]);
    expect(t.poolAfter).toBe(99_905_916_666_667n);
    expect(a?.value).toBe(35_833_333_333n); // 100 − 25 + 33.33333333 + 250
    expect(b?.value).toBe(78_250_000_000n); // 100 − 67.5 + 750
    expect(a?.topValue).toBe(a?.value);
    // XP: win +1; loss +2 crosses level 10's 1,152 into level 11 with 0 carried; the egg hatches.
    expect(a).toMatchObject({ xpGained: 1, xp: 11, level: 3, type: 'eidol', hatched: false });
    expect(b).toMatchObject({ xpGained: 2, xp: 0, level: 11 });
    expect(c).toMatchObject({ xpGained: 1, xp: 0, level: 1, type: 'eidol', hatched: true });
    expect(out.owners).toEqual([{ owner: 1, xpGained: 3 }, { owner: 9, xpGained: 1 }]);
    expect(out.transfers.map((x) => [x.id, x.amount])).toEqual([
      ['round:7:1:bet', 2_500_000_000n],
      ['round:7:2:bet', 6_750_000_000n],
      ['round:7:1:win', 3_333_333_333n],
      ['round:7:1:mined', 25_000_000_000n],
      ['round:7:2:mined', 75_000_000_000n],
    ]);
    expect(out.transfers[0]).toMatchObject({ debit: { kind: 'eidol', id: 1 }, credit: { kind: 'system', name: 'mining_pool' }, code: 'bet', ref: '7' });
    assertBooksBalance(input, out);
  });

  it('scales the claims down pro rata when they exceed the cap (empty pool)', () => {
    const input: SettlementInput = {
      roundId: 1,
      thresholdUnits: HALF,
      poolBefore: 0n,
      incenseSlots: 3,
      config: HAND_CONFIG,
      eidols: [snap(1, { value: 100n, risk: '0.5' }), snap(2, { value: 120n, risk: '0.25' }), snap(3, { value: 10n, risk: '0.9' })],
    };
    const out = settleRound(input);
    // Claims 50 (r = T wins) and 10; losers' stakes 9, fee ⌈0.18⌉ = 1, c × 0 = 0: cap 8.
    expect(out.totals).toMatchObject({ claims: 60n, losersStakes: 9n, fee: 1n, claimsCap: 8n, capped: true, claimsPaid: 7n, poolAfterSettling: 2n, emission: 0n, poolAfter: 2n });
    expect(out.eidols.map((e) => e.claimPaid)).toEqual([6n, 1n, 0n]); // ⌊50 × 8/60⌋, ⌊10 × 8/60⌋
    expect(out.eidols.map((e) => e.value)).toEqual([106n, 121n, 1n]);
    assertBooksBalance(input, out);
  });

  it('incense doubles the emission per slot; the remainder of the shares stays in the pool', () => {
    const base: SettlementInput = {
      roundId: 2, thresholdUnits: 0n, poolBefore: 1_000_000n, incenseSlots: 0, config: HAND_CONFIG,
      eidols: [snap(1, { value: 1000n, risk: '0.1' }), snap(2, { value: 1000n, risk: '0.1' }), snap(3, { value: 1000n, risk: '0.1' })],
    };
    // T = 0: every r > 0 loses. Stakes 3 × 100; fee 6; pool 1,000,300 → E = 1,000 × 2^slots.
    for (const slots of [0, 1, 2, 3]) {
      const out = settleRound({ ...base, incenseSlots: slots });
      expect(out.totals.emission).toBe(1000n << BigInt(slots));
      const share = (1000n << BigInt(slots)) / 3n;
      expect(out.eidols.map((e) => e.emission)).toEqual([share, share, share]);
      expect(out.totals.poolAfter).toBe(1_000_300n - 3n * share);
      assertBooksBalance({ ...base, incenseSlots: slots }, out);
    }
  });

  it('r at the precision maximum: the claim is S × (10^d − 1), capped by what the round affords', () => {
    const input: SettlementInput = {
      roundId: 3, thresholdUnits: (1n << 52n) - 1n, poolBefore: 10_000n * ANGLS, incenseSlots: 0, config: HAND_CONFIG,
      eidols: [snap(1, { risk: '0.99999' }), snap(2, { risk: '0.9' })],
    };
    const out = settleRound(input);
    const [hi] = out.eidols;
    // T = 1 − 2^−52 ≥ 0.99999: both win; G = 99.999 ANGLS × 99,999; no loser, so the cap is c × pool = 300 ANGLS.
    expect(hi?.zone).toBe('bot');
    expect(hi?.claim).toBe(9_999_900_000n * 99_999n);
    expect(out.totals.claimsCap).toBe(300n * ANGLS);
    expect(out.totals.capped).toBe(true);
    assertBooksBalance(input, out);
  });

  it('refuses what the rules forbid: r = 1, finer-than-allowed or negative input, duplicate ids, bad slots', () => {
    const ok: SettlementInput = { roundId: 1, thresholdUnits: HALF, poolBefore: 0n, incenseSlots: 0, config: HAND_CONFIG, eidols: [] };
    expect(settleRound(ok).transfers).toEqual([]);
    for (const risk of ['1', '1.0', '0.', '-0.1', '0.5e1', ' 0.5']) expect(() => settleRound({ ...ok, eidols: [snap(1, { risk })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1, { risk: { units: 100n, digits: 2 } })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1), snap(1)] })).toThrow('listed twice');
    expect(() => settleRound({ ...ok, eidols: [snap(1, { yieldy: 11 })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1, { value: -1n })] })).toThrow();
    expect(() => settleRound({ ...ok, incenseSlots: 4 })).toThrow();
    expect(() => settleRound({ ...ok, thresholdUnits: 1n << 52n })).toThrow();
    expect(() => settleRound({ ...ok, poolBefore: -1n })).toThrow();
  });
});
