/** The exchange formulas with exact figures at the configured rates, and the server's reading of wallet amounts. */
import { describe, expect, it } from 'vitest';
import { feeOf, quoteBnbToUsdc, quoteMelt, quoteMint, quoteUsdcToBnb, ratioOf } from '../../../../src/server/domain/exchange/exchangeMath';
import { EXCHANGE_RATES } from '../../../../src/server/domain/exchange/exchangeConfig';
import { weekStartOf, weeklyMeltLimit } from '../../../../src/server/domain/exchange/meltAllowance';
import { amountUnits } from '../../../../src/server/domain/wallet/walletInput';

const r = (k: keyof typeof EXCHANGE_RATES) => ratioOf(EXCHANGE_RATES[k]);

describe('exchange formulas', () => {
  it('reads rates exactly', () => {
    expect(ratioOf('0.09')).toEqual({ num: 9n, den: 100n });
    expect(ratioOf('600')).toEqual({ num: 600n, den: 1n });
    expect(() => ratioOf('1e-3')).toThrow();
    expect(feeOf(1n, ratioOf('0.01'))).toBe(1n);
    expect(feeOf(100n, ratioOf('0.01'))).toBe(1n);
    expect(feeOf(101n, ratioOf('0.01'))).toBe(2n);
  });

  it('mints 10 USDC into 103.95 ANGLS: 100 at 0.1, 1 % fee, +5 % bonus', () => {
    expect(quoteMint(10_000_000n, r('nglsPrice'), r('nglsFee'))).toEqual({
      paid: 10_000_000n,
      fee: 100_000_000n,
      received: 10_395_000_000n,
      bonus: 495_000_000n,
    });
    // One USDC unit: 1000 ANGLS units gross, fee rounded up, bonus rounded down.
    expect(quoteMint(1n, r('nglsPrice'), r('nglsFee'))).toEqual({ paid: 1n, fee: 10n, received: 1_039n, bonus: 49n });
  });

  it('melts 100 ANGLS into 8.91 USDC (0.09, 1 % fee) and rounds payouts down', () => {
    expect(quoteMelt(10_000_000_000n, r('nglsSPrice'), r('nglsFee'))).toEqual({
      paid: 10_000_000_000n,
      fee: 100_000_000n,
      received: 8_910_000n,
      bonus: 0n,
    });
    expect(quoteMelt(12_345_678_901n, r('nglsSPrice'), r('nglsFee'))).toEqual({
      paid: 12_345_678_901n,
      fee: 123_456_790n,
      received: 10_999_999n,
      bonus: 0n,
    });
    expect(quoteMelt(1n, r('nglsSPrice'), r('nglsFee')).received).toBe(0n);
  });

  it('swaps 600 USDC into 0.995 BNB and 1 BNB into 597 USDC (0.5 % fee)', () => {
    expect(quoteUsdcToBnb(600_000_000n, r('bnbPrice'), r('bnbFee'))).toEqual({
      paid: 600_000_000n,
      fee: 3_000_000n,
      received: 995_000_000n,
      bonus: 0n,
    });
    expect(quoteBnbToUsdc(1_000_000_000n, r('bnbPrice'), r('bnbFee'))).toEqual({
      paid: 1_000_000_000n,
      fee: 5_000_000n,
      received: 597_000_000n,
      bonus: 0n,
    });
    expect(quoteUsdcToBnb(1n, r('bnbPrice'), r('bnbFee')).received).toBe(0n);
  });
});

describe('weekly melt allowance', () => {
  it('starts weeks on Monday 00:00 UTC', () => {
    expect(weekStartOf(Date.UTC(2026, 10, 25, 14))).toBe(Date.UTC(2026, 10, 23));
    expect(weekStartOf(Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 23));
    expect(weekStartOf(Date.UTC(2026, 10, 22, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 16));
  });

  it('grows with the level', () => {
    expect([-1, 0, 1, 2, 3, 4].map(weeklyMeltLimit)).toEqual([0n, 0n, 100n, 500n, 2_500n, 10_000n].map((n) => n * 100_000_000n));
  });
});

describe('wallet amounts', () => {
  it('reads amounts by the shared rule the client checks them with: a comma is the point, nothing is guessed at', () => {
    expect(amountUnits('1,5', 'busd')).toBe(1_500_000n);
    expect(amountUnits('5.', 'busd')).toBe(5_000_000n);
    expect(amountUnits('.5', 'busd')).toBe(500_000n);
    // The client normalises these as the player types and never sends them; the server refuses them
    // instead of turning them into another amount.
    for (const bad of [' 1.2.3 USDC', '5abc', 'abc', '-1', '1e3', '', null, undefined, {}, -1, Infinity])
      expect(amountUnits(bad, 'busd')).toBeUndefined();
  });

  it('answers units above 0 at the currency scale and refuses finer digits instead of dropping them', () => {
    expect(amountUnits('10', 'busd')).toBe(10_000_000n);
    expect(amountUnits('0.123456', 'busd')).toBe(123_456n);
    expect(amountUnits('0.123456789', 'busd')).toBeUndefined();
    expect(amountUnits('0.0000001', 'busd')).toBeUndefined();
    expect(amountUnits('0', 'ngls')).toBeUndefined();
    expect(amountUnits('99999999999999999999', 'ngls')).toBeUndefined();
    expect(amountUnits(0.5, 'bnb')).toBe(500_000_000n);
  });

  it('reads a JSON number by its shortest spelling, not the binary float\u2019s expansion', () => {
    // 0.3 is 0.29999999999999998889… as a double: digit-dropping made it 0.29999999 ANGLS.
    expect(amountUnits(0.3, 'ngls')).toBe(30_000_000n);
    expect(amountUnits(0.3, 'busd')).toBe(300_000n);
    expect(amountUnits(1e-7, 'ngls')).toBe(10n);
  });
});
