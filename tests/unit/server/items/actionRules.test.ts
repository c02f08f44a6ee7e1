/** The item actions' pure rules: the potency share and the amount reading (digits only, at least 1). */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/server/domain/errors';
import { readAmount } from '../../../../src/server/domain/items/actionGuard';
import { potencyShare } from '../../../../src/server/domain/items/itemActionsConfig';

describe('potencyShare', () => {
  it('pays 74 % + 2 % per level, rounded down to the unit', () => {
    expect(potencyShare(100n, 0)).toBe(74n);
    expect(potencyShare(100n, 3)).toBe(80n);
    expect(potencyShare(100n, 11)).toBe(96n);
    expect(potencyShare(1n, 0)).toBe(0n);
    expect(potencyShare(199n, 1)).toBe(151n); // 151.24
  });
});

describe('readAmount', () => {
  it('reads JSON integers and digit strings of at least 1', () => {
    expect(readAmount(1, 'x')).toBe(1n);
    expect(readAmount('0012', 'x')).toBe(12n);
    expect(readAmount('123456789012345678901234567890', 'x')).toBe(123456789012345678901234567890n);
  });

  it('refuses everything else with the given text on `amount`', () => {
    for (const raw of [
      undefined,
      null,
      '',
      0,
      '0',
      -1,
      '-1',
      '+1',
      1.5,
      '1.5',
      '1e3',
      ' 1',
      'abc',
      true,
      [1],
      { a: 1 },
      Number.MAX_SAFE_INTEGER + 2,
      '1'.repeat(31),
    ]) {
      let err: unknown;
      try {
        readAmount(raw, 'Specify feed amount');
      } catch (e) {
        err = e;
      }
      expect(err, String(raw)).toBeInstanceOf(AppError);
      expect((err as AppError).errors).toEqual({ amount: ['Specify feed amount'] });
    }
  });
});
