import { describe, expect, it } from 'vitest';
import { dailyLimitOf, loadWithdrawalSafety, parseDailyLimits } from '../../../../../src/server/domain/wallet/withdrawalSafetyConfig';
import { isBurnAddress } from '../../../../../src/shared/rules/wallet/index';

describe('withdrawal safety settings', () => {
  it('defaults: a day of cooling-off, ten minutes of hold, one faucet gift an hour, a limit for every level', () => {
    const cfg = loadWithdrawalSafety({});
    expect([cfg.coolingOffMs, cfg.holdMs, cfg.faucetIntervalMs]).toEqual([86_400_000, 600_000, 3_600_000]);
    expect(dailyLimitOf(cfg, 1).busd).toBe(200_000_000n);
    expect(dailyLimitOf(cfg, 4).busd).toBe(20_000_000_000n);
    expect(dailyLimitOf(cfg, 9).busd).toBe(20_000_000_000n);
  });

  it('reads limits by level (the highest level at or below applies; a currency left out may not leave)', () => {
    const cfg = { ...loadWithdrawalSafety({}), dailyLimits: parseDailyLimits('3:busd=50;1:busd=10,bnb=0.5') };
    expect(dailyLimitOf(cfg, 2)).toEqual({ busd: 10_000_000n, bnb: 500_000_000n, ngls: 0n });
    expect(dailyLimitOf(cfg, 3)).toEqual({ busd: 50_000_000n, bnb: 0n, ngls: 0n });
  });

  it('refuses bad values with the variable\u2019s name', () => {
    expect(() => parseDailyLimits('2:busd=10')).toThrow(/level 1/);
    expect(() => parseDailyLimits('1:usd=10')).toThrow(/unknown currency "usd"/);
    expect(() => loadWithdrawalSafety({ WITHDRAW_HOLD_SECONDS: '-1' })).toThrow(/WITHDRAW_HOLD_SECONDS/);
  });

  it('knows the burn addresses in any case', () => {
    for (const a of [
      '0x0000000000000000000000000000000000000000',
      '0x000000000000000000000000000000000000dEaD',
      '0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
      '0x0000000000000000000000000000000000000009',
    ]) {
      expect(isBurnAddress(a)).toBe(true);
    }
    expect(isBurnAddress('0x00000000000000000000000000000000000c0ffe')).toBe(false);
  });
});
