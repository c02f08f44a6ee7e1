/** The join's risk: strict decimals, float-noise normalisation of the multiplier form, precision by eidol. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRisk, readJoinRisk, riskDigits } from '../../../../src/server/domain/eidols/riskInput';
import { MULTIPLIER_INVALID, RISK_INVALID, RISK_REQUIRED, riskTooPrecise } from '../../../../src/server/domain/eidols/eidolTexts';
import { parseRisk } from '../../../../src/shared/rules/round/risk';

const text = (r: ReturnType<typeof readJoinRisk>) => (r.ok ? r.text : `${r.field}: ${r.message}`);

describe('riskDigits', () => {
  it('is precise + 2, one more while an apple burns', () => {
    expect(riskDigits({ precise: 0, apple_until: null }, 1000)).toBe(2);
    expect(riskDigits({ precise: 2, apple_until: null }, 1000)).toBe(4);
    expect(riskDigits({ precise: 1, apple_until: 1001 }, 1000)).toBe(4);
    // The apple's last millisecond is over at apple_until.
    expect(riskDigits({ precise: 1, apple_until: 1000 }, 1000)).toBe(3);
  });
});

describe('readJoinRisk with {risk}', () => {
  it('accepts decimals up to the precision and stores the canonical text', () => {
    expect(text(readJoinRisk({ risk: '0.12' }, 2))).toBe('0.12');
    expect(text(readJoinRisk({ risk: '.5' }, 2))).toBe('0.5');
    expect(text(readJoinRisk({ risk: '0.50' }, 2))).toBe('0.5');
    expect(text(readJoinRisk({ risk: '0' }, 2))).toBe('0');
    expect(text(readJoinRisk({ risk: '0.000' }, 2))).toBe('0');
    expect(text(readJoinRisk({ risk: '0.99' }, 2))).toBe('0.99');
    expect(text(readJoinRisk({ risk: '0.12345' }, 5))).toBe('0.12345');
    // Trailing zeros are not finer precision.
    expect(text(readJoinRisk({ risk: '0.1200' }, 2))).toBe('0.12');
  });

  it('refuses finer precision, r ≥ 1, negatives and anything not a plain decimal', () => {
    expect(text(readJoinRisk({ risk: '0.125' }, 2))).toBe(`risk: ${riskTooPrecise(2)}`);
    expect(text(readJoinRisk({ risk: '0.12000000001' }, 2))).toBe(`risk: ${riskTooPrecise(2)}`);
    for (const bad of ['1', '1.0', '0.999x', '-0.1', '', '.', '1e-2', ' 0.1', '0,5', '2', 'NaN']) {
      expect(text(readJoinRisk({ risk: bad }, 2)), bad).toBe(`risk: ${RISK_INVALID}`);
    }
  });

  it('reads a JSON number as a float: quantised when within 1e-9', () => {
    expect(text(readJoinRisk({ risk: 0.1 }, 2))).toBe('0.1');
    expect(text(readJoinRisk({ risk: 0.1 + 0.2 }, 2))).toBe('0.3');
    expect(text(readJoinRisk({ risk: 0.125 }, 2))).toBe(`risk: ${riskTooPrecise(2)}`);
    expect(text(readJoinRisk({ risk: 1 }, 2))).toBe(`risk: ${RISK_INVALID}`);
    expect(text(readJoinRisk({ risk: Number.NaN }, 2))).toBe(`risk: ${RISK_INVALID}`);
  });

  it('prefers risk when both forms are sent, and needs one of them', () => {
    expect(text(readJoinRisk({ risk: '0.2', multiplier: 1.7 }, 2))).toBe('0.2');
    expect(text(readJoinRisk({}, 2))).toBe(`risk: ${RISK_REQUIRED}`);
  });
});

describe('readJoinRisk with {multiplier}', () => {
  it('normalises float noise within 1e-9 to the precision', () => {
    expect(text(readJoinRisk({ multiplier: 1.1 }, 2))).toBe('0.1');
    expect(text(readJoinRisk({ multiplier: 1 + 0.07 }, 2))).toBe('0.07');
    expect(text(readJoinRisk({ multiplier: '1.1250000000000002' }, 3))).toBe('0.125');
    expect(text(readJoinRisk({ multiplier: '1.1249999999' }, 3))).toBe('0.125');
    expect(text(readJoinRisk({ multiplier: 1 }, 2))).toBe('0');
    expect(text(readJoinRisk({ multiplier: '1.99' }, 2))).toBe('0.99');
  });

  it('refuses what is farther than 1e-9 from the precision, and m outside [1, 2)', () => {
    expect(text(readJoinRisk({ multiplier: 1.125 }, 2))).toBe(`multiplier: ${riskTooPrecise(2)}`);
    expect(text(readJoinRisk({ multiplier: '1.120000002' }, 2))).toBe(`multiplier: ${riskTooPrecise(2)}`);
    for (const bad of [2, '2', 0.5, '0.9', 'x', '', 1e300, Number.POSITIVE_INFINITY]) {
      expect(text(readJoinRisk({ multiplier: bad }, 2)), String(bad)).toBe(`multiplier: ${MULTIPLIER_INVALID}`);
    }
    // Within the noise of 2: it would round to r = 1, which is never allowed.
    expect(text(readJoinRisk({ multiplier: '1.9999999999' }, 2))).toBe(`multiplier: ${MULTIPLIER_INVALID}`);
  });

  it('gives back every quantised risk sent as 1 + r in floating point (property)', () => {
    const seed = Number(process.env.TEST_SEED ?? Date.now() % 2 ** 31);
    console.info(`riskInput property seed ${seed}`);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(), (digits, n) => {
        const scale = 10 ** digits;
        const units = n % scale;
        const expected = formatRisk({ units: BigInt(units), digits });
        const r = readJoinRisk({ multiplier: 1 + units / scale }, digits);
        expect(r.ok && r.text).toBe(expected);
        // The canonical text is what settlement parses.
        expect(parseRisk(expected).units * 10n ** BigInt(digits - parseRisk(expected).digits)).toBe(BigInt(units));
      }),
      { seed, numRuns: 2000 },
    );
  });
});
