/** Money: exact parsing and formatting at every asset's scale, and chain-unit rescaling. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CURRENCY_ASSETS,
  assetScale,
  formatUnits,
  formatUnitsTrimmed,
  isAssetCode,
  itemAsset,
  itemIdOf,
  parseUnits,
  rescaleDown,
  tryParseUnits,
} from '../../../src/shared/money/index';

describe('asset scales', () => {
  it('fixes ANGLS 8, USDC 6, BNB 9, gDAO and items 0', () => {
    expect([assetScale('ANGLS'), assetScale('USDC'), assetScale('BNB'), assetScale('GDAO'), assetScale('item:6')]).toEqual([8, 6, 9, 0, 0]);
    expect(CURRENCY_ASSETS.USDC.wire).toBe('busd');
    expect(() => assetScale('DOGE')).toThrow(/unknown asset/);
  });

  it('maps item ids to asset codes, gDAO (4) to GDAO', () => {
    expect(itemAsset(6)).toBe('item:6');
    expect(itemAsset(4)).toBe('GDAO');
    expect(itemIdOf('item:14')).toBe(14);
    expect(itemIdOf('GDAO')).toBe(4);
    expect(itemIdOf('ANGLS')).toBeUndefined();
    expect(isAssetCode('item:0')).toBe(false);
    expect(() => itemAsset(0)).toThrow();
  });
});

describe('parseUnits', () => {
  it('parses exactly, without floating point', () => {
    expect(parseUnits('1', 8)).toBe(100_000_000n);
    expect(parseUnits('0.1', 8)).toBe(10_000_000n);
    expect(parseUnits('.5', 2)).toBe(50n);
    expect(parseUnits('5.', 2)).toBe(500n);
    expect(parseUnits('-0.00000001', 8)).toBe(-1n);
    expect(parseUnits('92233720368.54775807', 8)).toBe(2n ** 63n - 1n);
    expect(parseUnits('1.50000000000', 2)).toBe(150n);
  });

  it('refuses malformed text and hidden precision unless told to truncate', () => {
    for (const bad of ['', '.', '-', '1e5', '1,5', '0x10', '1.2.3', ' - 1']) expect(() => parseUnits(bad, 8)).toThrow();
    expect(() => parseUnits('0.123', 2)).toThrow(/more than 2 decimals/);
    expect(parseUnits('0.129', 2, { truncate: true })).toBe(12n);
    expect(tryParseUnits('abc', 2)).toBeUndefined();
  });
});

describe('formatUnits', () => {
  it('formats with the scale or fewer decimals, truncating toward zero', () => {
    expect(formatUnits(123_456_789n, 8)).toBe('1.23456789');
    expect(formatUnits(123_456_789n, 8, 4)).toBe('1.2345');
    expect(formatUnits(5n, 0)).toBe('5');
    expect(formatUnits(-1n, 8)).toBe('-0.00000001');
    expect(formatUnits(-1n, 8, 2)).toBe('0.00');
    expect(formatUnits(1_500_000n, 6, 8)).toBe('1.50000000');
    expect(formatUnitsTrimmed(150_000_000n, 8)).toBe('1.5');
    expect(formatUnitsTrimmed(200_000_000n, 8)).toBe('2');
  });

  it('round-trips every int64 at every scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.integer({ min: 0, max: 18 }), (units, scale) => {
        expect(parseUnits(formatUnits(units, scale), scale)).toBe(units);
      }),
    );
  });
});

describe('rescaleDown', () => {
  it('converts to a coarser scale rounding down, keeping the dust', () => {
    expect(rescaleDown(1_234_567_890_123_456_789n, 18, 6)).toEqual({ units: 1_234_567n, dust: 890_123_456_789n });
    expect(rescaleDown(1_234_567n, 6, 18)).toEqual({ units: 1_234_567_000_000_000_000n, dust: 0n });
    expect(() => rescaleDown(-1n, 18, 6)).toThrow();
  });
});
