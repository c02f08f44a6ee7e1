import { describe, expect, it } from 'vitest';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { SettlementInput } from '../../../../src/shared/rules/round/settlementTypes';
import { assertBooksBalance, snap } from './settlementCheck';

const ANGLS = 10n ** 8n;
const HALF = 1n << 51n; // T = 0.5 exactly
/**
 * The constants these hand computations were made with (emission 0.1 % of the pool, at most 1,000 ANGLS, y 10 %
 * of Σ S): the arithmetic is what is checked here, so it is pinned; the production values live in economyConfig.ts.
 */
const HAND_CONFIG = { ...ECONOMY_CONFIG, emissionRatePpm: 1_000n, emissionCapUnits: 1_000n * ANGLS, emissionPerStakePpm: 100_000n };

describe('settleRound, computed by hand', () => {
  it('a winner paid in full, a loser with Yieldy and an egg at r = 0 (emission bounded by y, remainder to the largest fraction)', () => {
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
    // A: S = 25 ANGLS, r ≤ T wins, G = 25 × 0.25/0.75 = 8.33333333 ANGLS (rounded down), paid with S.
    expect(a).toMatchObject({
      id: 1,
      zone: 'bot',
      stake: 2_500_000_000n,
      bet: -2_500_000_000n,
      claim: 833_333_333n,
      payout: 3_333_333_333n,
    });
    // B: S = 75 ANGLS booked in full (Yieldy no longer lowers it), lost to the pool.
    expect(b).toMatchObject({ id: 2, zone: 'top', stake: 7_500_000_000n, bet: -7_500_000_000n, claim: 0n, payout: 0n });
    expect(c).toMatchObject({ id: 3, zone: null, stake: 0n, bet: 0n, emission: 0n, value: 100n * ANGLS });
    const t = out.totals;
    expect(t).toMatchObject({
      participants: 2,
      winners: 1,
      losers: 1,
      satOut: 0,
      stakes: 100n * ANGLS,
      losersStakes: 75n * ANGLS,
      claimsPaid: 833_333_333n,
    });
    expect(t.poolAfterSettling).toBe(100_006_666_666_667n); // 1e14 + 75 ANGLS − 8.33333333
    // min(cap 1,000 ANGLS, pool × 0.1 % = 1,000.07 ANGLS, y × Σ S = 10 ANGLS) = 10 ANGLS.
    expect(t.emission).toBe(10n * ANGLS);
    // Weights 25 × 100 : 75 × 110 = 2,500 : 8,250. Shares ⌊10e8 × 2500/10750⌋ = 232,558,139 (.535) and
    // ⌊10e8 × 8250/10750⌋ = 767,441,860 (.465): one unit left, to A's larger fraction. Σ = E exactly.
    expect([a?.emission, b?.emission]).toEqual([232_558_140n, 767_441_860n]);
    expect(t.emissionPaid).toBe(t.emission);
    expect(t.poolAfter).toBe(100_005_666_666_667n);
    expect(a?.value).toBe(11_065_891_473n); // 100 − 25 + 33.33333333 + 2.32558140
    expect(b?.value).toBe(3_267_441_860n); // 100 − 75 + 7.67441860
    expect(a?.topValue).toBe(a?.value);
    // XP: win +1; loss +2 crosses level 10's 1,152 into level 11 with 0 carried; the egg hatches.
    expect(a).toMatchObject({ xpGained: 1, xp: 11, level: 3, type: 'eidol', hatched: false });
    expect(b).toMatchObject({ xpGained: 2, xp: 0, level: 11 });
    expect(c).toMatchObject({ xpGained: 1, xp: 0, level: 1, type: 'eidol', hatched: true });
    expect(out.owners).toEqual([
      { owner: 1, xpGained: 3 },
      { owner: 9, xpGained: 1 },
    ]);
    expect(out.transfers.map((x) => [x.id, x.amount])).toEqual([
      ['round:7:1:bet', 2_500_000_000n],
      ['round:7:2:bet', 7_500_000_000n],
      ['round:7:1:win', 3_333_333_333n],
      ['round:7:1:mined', 232_558_140n],
      ['round:7:2:mined', 767_441_860n],
    ]);
    expect(out.transfers[0]).toMatchObject({
      debit: { kind: 'eidol', id: 1 },
      credit: { kind: 'system', name: 'mining_pool' },
      code: 'bet',
      ref: '7',
    });
    assertBooksBalance(input, out);
  });

  it('a reservation caps the stake: S = min(⌊r × V⌋, reserved stake), and G follows the capped S', () => {
    const input: SettlementInput = {
      roundId: 4,
      thresholdUnits: HALF,
      poolBefore: 1_000n * ANGLS,
      incenseSlots: 0,
      config: { ...HAND_CONFIG, emissionPerStakePpm: 0n },
      // Reserved at 60 ANGLS when the eidol held 120; it holds 200 now. The other reserved more than r × V.
      eidols: [
        snap(1, { value: 200n * ANGLS, risk: '0.5', reservedStake: 60n * ANGLS }),
        snap(2, { value: 100n * ANGLS, risk: '0.2', reservedStake: 90n * ANGLS }),
      ],
    };
    const out = settleRound(input);
    expect(out.eidols[0]).toMatchObject({
      stake: 60n * ANGLS,
      claim: 60n * ANGLS,
      payout: 120n * ANGLS,
      value: 260n * ANGLS,
      emission: 0n,
    });
    // ⌊0.2 × 100⌋ = 20 < 90: the stake is r × V; G = 20 × 0.2/0.8 = 5.
    expect(out.eidols[1]).toMatchObject({ stake: 20n * ANGLS, claim: 5n * ANGLS, payout: 25n * ANGLS, value: 105n * ANGLS });
    expect(out.totals).toMatchObject({ stakes: 80n * ANGLS, claimsPaid: 65n * ANGLS, emission: 0n, poolAfter: 935n * ANGLS });
    assertBooksBalance(input, out);
  });

  it('a sat-out eidol takes no part: no zone, stake, leg or emission; an egg keeps its egg XP, a hatched eidol gets none', () => {
    const input: SettlementInput = {
      roundId: 5,
      thresholdUnits: 0n,
      poolBefore: 1_000n * ANGLS,
      incenseSlots: 0,
      config: HAND_CONFIG,
      eidols: [
        snap(1, { risk: '0.5', satOut: true, xp: 3 }),
        snap(2, { risk: '0.5', satOut: true, type: 'egg', level: 0, xp: 3 }),
        snap(3, { risk: '0.1' }),
      ],
    };
    const out = settleRound(input);
    expect(out.eidols[0]).toMatchObject({ zone: null, stake: 0n, bet: 0n, emission: 0n, value: 100n * ANGLS, xpGained: 0, xp: 3 });
    expect(out.eidols[1]).toMatchObject({ zone: null, stake: 0n, emission: 0n, xpGained: 1, xp: 4 });
    // Only eidol 3 takes part (T = 0: it loses 10) and mines the whole emission: y × 10 ANGLS = 1 ANGLS.
    expect(out.totals).toMatchObject({ participants: 1, satOut: 2, stakes: 10n * ANGLS, emission: ANGLS });
    expect(out.transfers.map((t) => t.id)).toEqual(['round:5:3:bet', 'round:5:3:mined']);
    assertBooksBalance(input, out);
  });

  it('Yieldy raises the emission weight by Yieldy %, never the stake or the claim', () => {
    const input: SettlementInput = {
      roundId: 6,
      thresholdUnits: HALF,
      poolBefore: 1_000_000n * ANGLS,
      incenseSlots: 0,
      config: HAND_CONFIG,
      eidols: [snap(1, { risk: '0.5' }), snap(2, { risk: '0.5', yieldy: 10 })],
    };
    const out = settleRound(input);
    const [plain, yieldy] = out.eidols;
    expect(yieldy?.stake).toBe(plain?.stake);
    expect(yieldy?.claim).toBe(plain?.claim);
    // E = y × 100 ANGLS = 10 ANGLS, shared 100 : 110 = 4.76190476 (.19) : 5.23809523 (.81) → the unit to eidol 2.
    expect([plain?.emission, yieldy?.emission]).toEqual([476_190_476n, 523_809_524n]);
    assertBooksBalance(input, out);
  });

  it('y bounds what a lone egg mines: 0.1 % of its 1 ANGLS stake, not the pool rate × 1,000,000 ANGLS', () => {
    const config = { ...ECONOMY_CONFIG, emissionPerStakePpm: 1_000n, emissionRatePpm: 100n, emissionCapUnits: 10_000n * ANGLS };
    const input: SettlementInput = {
      roundId: 8,
      thresholdUnits: HALF,
      poolBefore: 1_000_000n * ANGLS,
      incenseSlots: 0,
      config,
      eidols: [snap(1, { risk: '0.01', type: 'egg', level: 0 })],
    };
    const out = settleRound(input);
    // S = 1 ANGLS; pool × 0.01 % would be 100 ANGLS; y × S = 0.001 ANGLS = 100,000 units.
    expect(out.totals.emission).toBe(100_000n);
    expect(out.eidols[0]?.emission).toBe(100_000n);
    // Three incense slots: × 8, still bounded by y before the doubling.
    expect(settleRound({ ...input, incenseSlots: 3 }).totals.emission).toBe(800_000n);
    assertBooksBalance(input, out);
  });

  it('largest remainders: equal weights share 1,000 units as 334, 333, 333 (ties by ascending id), whatever the input order', () => {
    const base: SettlementInput = {
      roundId: 2,
      thresholdUnits: 0n,
      poolBefore: 1_000_000n,
      incenseSlots: 0,
      config: { ...HAND_CONFIG, emissionCapUnits: 1_000n },
      eidols: [
        snap(3, { value: 100_000n, risk: '0.1' }),
        snap(1, { value: 100_000n, risk: '0.1' }),
        snap(2, { value: 100_000n, risk: '0.1' }),
      ],
    };
    // T = 0: every r > 0 loses. Stakes 3 × 10,000; min(cap 1,000, pool 1,030,000 × 0.1 %, y × 30,000) = 1,000 × 2^slots.
    for (const slots of [0, 1, 2, 3]) {
      const out = settleRound({ ...base, incenseSlots: slots });
      const e = 1_000n << BigInt(slots);
      expect(out.totals.emission).toBe(e);
      const floor = e / 3n,
        left = Number(e - 3n * floor);
      expect(left).toBeGreaterThan(0);
      expect(out.eidols.map((x) => x.emission)).toEqual([0, 1, 2].map((i) => floor + (i < left ? 1n : 0n)));
      expect(out.totals.emissionPaid).toBe(e);
      assertBooksBalance({ ...base, incenseSlots: slots }, out);
    }
    expect(settleRound(base).eidols.map((x) => x.emission)).toEqual([334n, 333n, 333n]);
  });

  it('emission is never more than the pool holds after settling', () => {
    const input: SettlementInput = {
      roundId: 9,
      thresholdUnits: 0n,
      poolBefore: 0n,
      incenseSlots: 3,
      config: { ...HAND_CONFIG, emissionRatePpm: 125_000n },
      eidols: [snap(1, { value: 100n, risk: '0.5' })],
    };
    // Pool 50 after the loss; min(cap, 50 × 12.5 % = 6, y × 50 = 5) = 5, × 8 = 40 ≤ 50.
    expect(settleRound(input).totals.emission).toBe(40n);
    const thin = settleRound({
      ...input,
      config: { ...input.config, emissionPerStakePpm: 100_000n, emissionRatePpm: 125_000n },
      eidols: [snap(1, { value: 16n, risk: '0.5' })],
    });
    // Pool 8; min(cap, 1, 0) = 0: y × 8 rounds down to 0.
    expect(thin.totals.emission).toBe(0n);
  });

  it('r at the precision maximum wins S × (10^d − 1), paid in full when the pool holds it', () => {
    const input: SettlementInput = {
      roundId: 3,
      thresholdUnits: (1n << 52n) - 1n,
      poolBefore: 20_000_000n * ANGLS,
      incenseSlots: 0,
      config: HAND_CONFIG,
      eidols: [snap(1, { risk: '0.99999' }), snap(2, { risk: '0.9' })],
    };
    const out = settleRound(input);
    const [hi] = out.eidols;
    // T = 1 − 2^−52 ≥ 0.99999: both win; G = 99.999 ANGLS × 99,999, in full.
    expect(hi?.zone).toBe('bot');
    expect(hi?.claim).toBe(9_999_900_000n * 99_999n);
    expect(hi?.payout).toBe(9_999_900_000n * 100_000n);
    assertBooksBalance(input, out);
  });

  it('refuses a snapshot whose claims the pool cannot pay (capacity not honoured) rather than cut a claim', () => {
    const input: SettlementInput = {
      roundId: 3,
      thresholdUnits: (1n << 52n) - 1n,
      poolBefore: 100n * ANGLS,
      incenseSlots: 0,
      config: HAND_CONFIG,
      eidols: [snap(1, { risk: '0.9' })],
    };
    expect(() => settleRound(input)).toThrow('exceed the pool');
  });

  it('refuses what the rules forbid: r = 1, finer-than-allowed or negative input, duplicate ids, bad slots', () => {
    const ok: SettlementInput = { roundId: 1, thresholdUnits: HALF, poolBefore: 0n, incenseSlots: 0, config: HAND_CONFIG, eidols: [] };
    expect(settleRound(ok).transfers).toEqual([]);
    for (const risk of ['1', '1.0', '0.', '-0.1', '0.5e1', ' 0.5'])
      expect(() => settleRound({ ...ok, eidols: [snap(1, { risk })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1, { risk: { units: 100n, digits: 2 } })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1), snap(1)] })).toThrow('listed twice');
    expect(() => settleRound({ ...ok, eidols: [snap(1, { yieldy: 11 })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1, { value: -1n })] })).toThrow();
    expect(() => settleRound({ ...ok, eidols: [snap(1, { reservedStake: -1n })] })).toThrow();
    expect(() => settleRound({ ...ok, incenseSlots: 4 })).toThrow();
    expect(() => settleRound({ ...ok, thresholdUnits: 1n << 52n })).toThrow();
    expect(() => settleRound({ ...ok, poolBefore: -1n })).toThrow();
    expect(() => settleRound({ ...ok, config: { ...HAND_CONFIG, emissionPerStakePpm: 100_001n } })).toThrow('emissionPerStakePpm');
  });
});
