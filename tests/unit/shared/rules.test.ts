import { describe, expect, it } from 'vitest';
import { formatAmount, DISPLAY_DECIMALS } from '../../../src/shared/rules/displayAmount';
import {
  activeBadges,
  badgeActive,
  gdaoQuantity,
  mastershipTarget,
  parseUtc,
  walletActionTarget,
  xpFraction,
} from '../../../src/shared/rules/wallet';
import { stepChoice } from '../../../src/shared/rules/carousel';
import { chartSizeLabel, nextChartSize } from '../../../src/shared/rules/chartSize';

describe('formatAmount', () => {
  it('shows 8/2/4/0 decimals, truncating toward zero', () => {
    expect(formatAmount('12.345678919', DISPLAY_DECIMALS.ngls)).toBe('12.34567891');
    expect(formatAmount('5.999', DISPLAY_DECIMALS.busd)).toBe('5.99');
    expect(formatAmount('0.12345', DISPLAY_DECIMALS.bnb)).toBe('0.1234');
    expect(formatAmount(42, DISPLAY_DECIMALS.gdao)).toBe('42');
    expect(formatAmount('7', 2)).toBe('7.00');
    expect(formatAmount('-0.001', 2)).toBe('0.00');
    expect(formatAmount('-3.5', 2)).toBe('-3.50');
    expect(formatAmount('000123.4', 1)).toBe('123.4');
    expect(formatAmount('.5', 2)).toBe('0.50');
  });

  it('keeps digits beyond double precision exact', () => {
    expect(formatAmount('92233720368.54775807', 8)).toBe('92233720368.54775807');
    expect(formatAmount(10n ** 20n, 0)).toBe('100000000000000000000');
  });

  it('shows zero for anything that is not a decimal', () => {
    for (const bad of ['', 'abc', '1e5', null, undefined, NaN, '1.2.3']) expect(formatAmount(bad as string, 2)).toBe('0.00');
  });
});

describe('wallet rules', () => {
  it('Invoke Mastership: gas first, then the starter pack, none when both are set', () => {
    expect(mastershipTarget({ start_gas: false, start_pack: false })).toBe('/startergas');
    expect(mastershipTarget({ start_gas: true, start_pack: false })).toBe('/starterbuy');
    expect(mastershipTarget({ start_gas: false, start_pack: true })).toBe('/startergas');
    expect(mastershipTarget({ start_gas: true, start_pack: true })).toBeNull();
    expect(walletActionTarget({ start_gas: true, start_pack: true }, '/send')).toBe('/send');
    expect(walletActionTarget({ start_gas: true, start_pack: false }, '/send')).toBe('/starterbuy');
  });

  it('badges show while their UTC date is in the future', () => {
    const now = parseUtc('2026-01-01 12:00:00');
    expect(now).toBe(Date.UTC(2026, 0, 1, 12));
    expect(badgeActive('2026-01-01 12:00:01', now)).toBe(true);
    expect(badgeActive('2026-01-01 12:00:00', now)).toBe(false);
    expect(badgeActive(null, now)).toBe(false);
    expect(badgeActive('garbage', now)).toBe(false);
    expect(activeBadges({ senator: '2027-01-01 00:00:00', patricius: '2027-01-01 00:00:00' }, now)).toEqual(['S', 'P']);
    expect(activeBadges({ senator: '2025-01-01 00:00:00', patricius: '2027-01-01 00:00:00' }, now)).toEqual(['P']);
  });

  it('counts gDAO (item 4) and fills the XP bar', () => {
    expect(
      gdaoQuantity([
        { id: 4, quantity: 3 },
        { id: 6, quantity: 9 },
      ]),
    ).toBe(3);
    expect(gdaoQuantity([])).toBe(0);
    expect(xpFraction(30, 120)).toBe(0.25);
    expect(xpFraction(500, 120)).toBe(1);
    expect(xpFraction(5, 0)).toBe(0);
  });
});

describe('choices and chart sizes', () => {
  it('wraps through six masters and four eggs both ways', () => {
    expect(stepChoice(6, 1, 6)).toBe(1);
    expect(stepChoice(1, -1, 6)).toBe(6);
    expect(stepChoice(3, 1, 6)).toBe(4);
    expect(stepChoice(4, 1, 4)).toBe(1);
    expect(stepChoice(1, -9, 4)).toBe(4);
  });

  it('cycles 24 → 48 → 168 → 24 and labels 168 as 7d', () => {
    expect(nextChartSize(24)).toBe(48);
    expect(nextChartSize(48)).toBe(168);
    expect(nextChartSize(168)).toBe(24);
    expect(nextChartSize(5)).toBe(24);
    expect(chartSizeLabel(168)).toBe('7d');
    expect(chartSizeLabel(48)).toBe('48h');
  });
});
