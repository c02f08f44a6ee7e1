import { describe, expect, it } from 'vitest';
import { assertEconomyConfig, ECONOMY_CONFIG, NEXT_LEVEL_XP } from '../../../../src/shared/rules/round/economyConfig';
import { addXp, ectoplasmRoundXp, nextLevelXpAt, roundXp } from '../../../../src/shared/rules/round/eidolProgress';
import { parseRisk, riskAtMostThreshold } from '../../../../src/shared/rules/round/risk';

describe('risk', () => {
  it('parses exact decimals in [0, 1) and refuses r ≥ 1 or anything not a plain decimal', () => {
    expect(parseRisk('0')).toEqual({ units: 0n, digits: 0 });
    expect(parseRisk('0.0')).toEqual({ units: 0n, digits: 1 });
    expect(parseRisk('0.125')).toEqual({ units: 125n, digits: 3 });
    expect(parseRisk('.99999')).toEqual({ units: 99_999n, digits: 5 });
    for (const bad of ['1', '1.000', '0.', '', 'abc', '-0.5', '0.1e1', '0,5', '0.1234567890123']) expect(() => parseRisk(bad)).toThrow();
  });

  it('compares with T exactly: T = 0.5 has 0.5 winning and 0.5 + 10^-12 losing', () => {
    const half = 1n << 51n;
    expect(riskAtMostThreshold(parseRisk('0.5'), half)).toBe(true);
    expect(riskAtMostThreshold(parseRisk('0.500000000001'), half)).toBe(false);
    expect(riskAtMostThreshold(parseRisk('0.1'), 0n)).toBe(false);
    expect(riskAtMostThreshold(parseRisk('0.999999999999'), (1n << 52n) - 1n)).toBe(true);
  });
});

describe('XP and levels', () => {
  const c = ECONOMY_CONFIG;

  it('grants eggs 1 XP whatever the risk, participants more on a loss than a win', () => {
    expect([roundXp('egg', 'none', c), roundXp('egg', 'win', c), roundXp('egg', 'loss', c)]).toEqual([1, 2, 3]);
    expect([roundXp('eidol', 'none', c), roundXp('eidol', 'win', c), roundXp('eidol', 'loss', c)]).toEqual([0, 1, 2]);
  });

  it('levels up at next_level_experience carrying the surplus, hatches eggs, stops XP at the cap at 11', () => {
    expect(addXp({ xp: 11, level: 0, type: 'egg' }, 1, c)).toEqual({ xp: 0, level: 1, type: 'eidol' });
    expect(addXp({ xp: 10, level: 0, type: 'egg' }, 1, c)).toEqual({ xp: 11, level: 0, type: 'egg' });
    expect(addXp({ xp: 23, level: 1, type: 'eidol' }, 2, c)).toEqual({ xp: 1, level: 2, type: 'eidol' });
    // Several levels at once (a large grant): each threshold consumed in turn.
    expect(addXp({ xp: 0, level: 0, type: 'egg' }, 12 + 24 + 48 + 5, c)).toEqual({ xp: 5, level: 3, type: 'eidol' });
    const cap = NEXT_LEVEL_XP[11]!;
    expect(addXp({ xp: 1151, level: 10, type: 'eidol' }, 2, c)).toEqual({ xp: 1, level: 11, type: 'eidol' });
    expect(addXp({ xp: cap - 1, level: 11, type: 'eidol' }, 2, c)).toEqual({ xp: cap, level: 11, type: 'eidol' });
    expect(addXp({ xp: cap, level: 11, type: 'eidol' }, 2, c)).toEqual({ xp: cap, level: 11, type: 'eidol' });
  });

  it("fills an eggtoplasm by an egg's XP per round up to its next_level_experience, never past it", () => {
    expect([nextLevelXpAt(0, c), nextLevelXpAt(3, c), nextLevelXpAt(11, c), nextLevelXpAt(15, c)]).toEqual([12, 96, 1440, 1440]);
    expect([0, 10, 11, 12, 40].map((xp) => ectoplasmRoundXp(xp, 0, c))).toEqual([1, 1, 1, 0, 0]);
    expect(ectoplasmRoundXp(95, 3, c)).toBe(1);
    expect(ectoplasmRoundXp(10, 0, { ...c, eggXpPerRound: 5 })).toBe(2);
  });

  it('refuses a config that could break a promise', () => {
    expect(() => assertEconomyConfig(c)).not.toThrow();
    expect(() => assertEconomyConfig({ ...c, emissionRatePpm: 125_001n })).toThrow();
    expect(() => assertEconomyConfig({ ...c, capacityPpm: -1n })).toThrow();
    // y is at most 10 % of S per round.
    expect(() => assertEconomyConfig({ ...c, emissionPerStakePpm: 100_001n })).toThrow();
    expect(() => assertEconomyConfig({ ...c, emissionPerStakePpm: 100_000n })).not.toThrow();
    expect(() => assertEconomyConfig({ ...c, nextLevelXp: [1, 2] })).toThrow();
    expect(() => assertEconomyConfig({ ...c, xpPerLoss: 1.5 })).toThrow();
  });
});
