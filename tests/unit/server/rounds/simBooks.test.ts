import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { Settlement, SettlementInput } from '../../../../src/shared/rules/round/settlementTypes';
import { assertRoundBooks, BooksBreach } from '../../../../src/server/domain/rounds/sim/books';
import { gini, ratioDecimal } from '../../../../src/server/domain/rounds/sim/gini';
import { medianRisk } from '../../../../src/server/domain/rounds/sim/strategies';
import { snap } from '../../shared/round/settlementCheck';

const seed = Number(process.env.SIM_TEST_SEED ?? Date.now() % 2 ** 31);
console.info(`sim books property seed ${seed} (rerun with SIM_TEST_SEED=${seed})`);

const A = 10n ** 8n;
const input: SettlementInput = {
  roundId: 7,
  thresholdUnits: 1n << 51n, // T = 0.5
  eidols: [snap(1, { risk: '0.25' }), snap(2, { risk: '0.75' }), snap(3, { risk: '0' }), snap(4, { risk: '0.5' })],
  poolBefore: 1_000_000n * A,
  incenseSlots: 1,
  config: ECONOMY_CONFIG,
};
const before = { values: new Map(input.eidols.map((e) => [e.id, e.value])), pool: input.poolBefore };
const clone = (s: Settlement): Settlement => structuredClone(s);

describe('assertRoundBooks', () => {
  it('passes a real settlement', () => {
    expect(() => assertRoundBooks(before, settleRound(input), 'abc')).not.toThrow();
  });

  it('catches a planted imbalance, naming the round and the seed', () => {
    const out = clone(settleRound(input));
    out.eidols[0]!.value += 1n;
    expect(() => assertRoundBooks(before, out, 'seed-x')).toThrow(BooksBreach);
    expect(() => assertRoundBooks(before, out, 'seed-x')).toThrow(/round 7 \(seed seed-x\)/);
  });

  it('catches a transfer that does not match the new values, and a pool that drifted', () => {
    const t = clone(settleRound(input));
    t.transfers[0]!.amount += 1n;
    expect(() => assertRoundBooks(before, t, 's')).toThrow(/replayed/);
    const p = clone(settleRound(input));
    p.totals.poolAfter -= 1n;
    expect(() => assertRoundBooks(before, p, 's')).toThrow(/pool/);
  });

  it('catches money created on both sides (balanced transfers but more in total)', () => {
    const out = clone(settleRound(input));
    const richer = { values: before.values, pool: before.pool + 5n };
    expect(() => assertRoundBooks(richer, out, 's')).toThrow(/pool/);
  });

  it('catches an overdraft mid-batch (solvency after every single transfer)', () => {
    const poor = { values: new Map([...before.values].map(([id, v]) => [id, id === 1 ? 0n : v])), pool: before.pool };
    expect(() => assertRoundBooks(poor, settleRound(input), 's')).toThrow(/eidol 1 negative/);
  });

  it('catches a non-positive transfer', () => {
    const out = clone(settleRound(input));
    out.transfers[0]!.amount = 0n;
    expect(() => assertRoundBooks(before, out, 's')).toThrow(/≤ 0/);
  });
});

describe('gini', () => {
  const asNumber = (r: { numerator: bigint; denominator: bigint }) => Number(r.numerator) / Number(r.denominator);
  it('is 0 for equal wealth, empty or all-zero input', () => {
    expect(gini([5n, 5n, 5n]).numerator).toBe(0n);
    expect(gini([]).numerator).toBe(0n);
    expect(gini([0n, 0n]).numerator).toBe(0n);
  });
  it('is (n−1)/n when one holder owns everything', () => {
    const g = gini([0n, 0n, 0n, 9n]);
    expect(g.numerator * 4n).toBe(g.denominator * 3n);
  });
  it('is 0.25 for 1, 2, 3, 4 (Σ|xi−xj| = 20 over 2·n²·mean = 80)', () => {
    expect(asNumber(gini([4n, 1n, 3n, 2n]))).toBe(0.25);
  });
  it('equals the pairwise definition exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 30 }), (xs) => {
        const g = gini(xs);
        const n = BigInt(xs.length);
        const total = xs.reduce((a, b) => a + b, 0n);
        let pairs = 0n;
        for (const a of xs) for (const b of xs) pairs += a > b ? a - b : b - a;
        if (total === 0n) return g.numerator === 0n;
        // g = pairs / (2 n Σx): compare cross-multiplied, no floating point.
        return g.numerator * 2n * n * total === pairs * g.denominator;
      }),
      { seed },
    );
  });
  it('refuses a negative amount', () => {
    expect(() => gini([1n, -1n])).toThrow();
  });
});

describe('ratioDecimal and medianRisk', () => {
  it('truncates toward zero and keeps the sign', () => {
    expect(ratioDecimal(1n, 3n, 4)).toBe('0.3333');
    expect(ratioDecimal(-2n, 3n, 2)).toBe('-0.66');
    expect(ratioDecimal(-1n, 1000n, 2)).toBe('0.00');
    expect(ratioDecimal(123n, 1n, 0)).toBe('123');
  });
  it('takes the lower middle of last round at 5 decimals, 0.5 with nobody', () => {
    expect(medianRisk([])).toEqual({ units: 50n, digits: 2 });
    expect(
      medianRisk([
        { units: 9n, digits: 1 },
        { units: 1n, digits: 2 },
        { units: 25n, digits: 2 },
        { units: 3n, digits: 5 },
      ]),
    ).toEqual({ units: 1000n, digits: 5 });
  });
});
