/** Amounts: input normalisation as typed, strict exact parsing into ledger units, the spec text. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseAmountInput, parseAmount } from '../../../../src/shared/rules/wallet/amount';
import { wireScale } from '../../../../src/shared/rules/wallet/currency';
import { MAX_UNITS } from '../../../../src/shared/money/assets';

const BAD = { ok: false, error: 'Specify correct amount' };

describe('normaliseAmountInput', () => {
  it('turns a comma into a point, strips other characters, keeps the first point', () => {
    expect(normaliseAmountInput('1,5')).toBe('1.5');
    expect(normaliseAmountInput('1.2.3')).toBe('1.23');
    expect(normaliseAmountInput('1,2.3')).toBe('1.23');
    expect(normaliseAmountInput('-3a b')).toBe('3');
    expect(normaliseAmountInput('1e5')).toBe('15');
    expect(normaliseAmountInput('.')).toBe('.');
    expect(normaliseAmountInput('')).toBe('');
  });

  it('cuts decimals beyond the currency scale', () => {
    expect(normaliseAmountInput('0.1234567', wireScale('busd'))).toBe('0.123456');
    expect(normaliseAmountInput('2.', wireScale('busd'))).toBe('2.');
    expect(normaliseAmountInput('0.123456789012', wireScale('bnb'))).toBe('0.123456789');
  });

  it('always yields digits with at most one point (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 9 }), (raw, scale) => {
        const out = normaliseAmountInput(raw, scale);
        expect(out).toMatch(/^\d*(\.\d*)?$/);
        expect((out.split('.')[1] ?? '').length).toBeLessThanOrEqual(scale);
        expect(normaliseAmountInput(out, scale)).toBe(out);
      }),
    );
  });
});

describe('parseAmount', () => {
  it('parses exactly into ledger units', () => {
    expect(parseAmount('1.5', 8)).toEqual({ ok: true, units: 150_000_000n });
    expect(parseAmount('1,5', 6)).toEqual({ ok: true, units: 1_500_000n });
    expect(parseAmount('.5', 6)).toEqual({ ok: true, units: 500_000n });
    expect(parseAmount('2.', 6)).toEqual({ ok: true, units: 2_000_000n });
    expect(parseAmount(' 0.00000001 ', 8)).toEqual({ ok: true, units: 1n });
  });

  it('reads JSON numbers by their shortest spelling', () => {
    expect(parseAmount(0.1, 8)).toEqual({ ok: true, units: 10_000_000n });
    expect(parseAmount(1e-7, 8)).toEqual({ ok: true, units: 10n });
    expect(parseAmount(12, 6)).toEqual({ ok: true, units: 12_000_000n });
    expect(parseAmount(1.5e3, 0)).toEqual({ ok: true, units: 1500n });
  });

  it('refuses zero, signs, exponents, junk, too many decimals and overflow with the spec text', () => {
    for (const bad of ['0', '0.000', '', '.', '-1', '+1', '1e5', '1a', '1.2.3', '1,2,3', ' ', null, undefined, {}, NaN, -1, Infinity, 0]) {
      expect(parseAmount(bad, 8)).toEqual(BAD);
    }
    expect(parseAmount('0.123456789', 8)).toEqual(BAD);
    expect(parseAmount(1e-9, 8)).toEqual(BAD);
    expect(parseAmount((MAX_UNITS + 1n).toString(), 0)).toEqual(BAD);
    expect(parseAmount(MAX_UNITS.toString(), 0)).toEqual({ ok: true, units: MAX_UNITS });
  });

  it('accepts whatever the normaliser leaves, when it is above zero (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const text = normaliseAmountInput(raw, 8);
        const r = parseAmount(text, 8);
        if (/[1-9]/.test(text) && text.replace('.', '').length < 18) expect(r.ok).toBe(true);
        else if (!/[1-9]/.test(text)) expect(r).toEqual(BAD);
      }),
    );
  });
});
