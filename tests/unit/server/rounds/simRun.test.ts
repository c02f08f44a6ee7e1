import { describe, expect, it } from 'vitest';
import { formatReport } from '../../../../src/server/domain/rounds/sim/format';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { BooksBreach } from '../../../../src/server/domain/rounds/sim/books';
import { runSimulation, seedHash, SIM_GENESIS_POOL, SIM_START_VALUE } from '../../../../src/server/domain/rounds/sim/simulate';

const small = { rounds: 120, eidols: 30, seed: 'unit', incense: 1, windows: 4 };

describe('runSimulation', () => {
  it('is deterministic: the same seed prints the same report', () => {
    expect(formatReport(runSimulation(small))).toBe(formatReport(runSimulation(small)));
  });

  it('differs with the seed, and prints the chain seed it used', () => {
    const a = formatReport(runSimulation(small));
    const b = formatReport(runSimulation({ ...small, seed: 'other' }));
    expect(a).not.toBe(b);
    expect(a).toContain(seedHash('unit'));
  });

  it('conserves Σ values + pool over the whole run and covers every strategy', () => {
    const r = runSimulation(small);
    expect(r.finalTotal).toBe(SIM_GENESIS_POOL + 30n * SIM_START_VALUE);
    expect(r.strategies.reduce((a, s) => a + s.endWealth, 0n) + r.pool.at(-1)!.end).toBe(r.finalTotal);
    expect(r.strategies.reduce((a, s) => a + s.eidols, 0)).toBe(30);
    expect(r.pool).toHaveLength(4);
    expect(r.pool.at(-1)!.toRound).toBe(120);
    for (const w of r.pool) expect(w.min <= w.end && w.end <= w.max && w.min >= 0n).toBe(true);
  });

  it('uses a 64-hex seed as the chain seed itself', () => {
    const hex = 'ab'.repeat(32);
    expect(seedHash(hex)).toBe(hex);
  });

  it('stops at the first round whose settlement leaks, naming the round and the seed', () => {
    // A settlement that mints one unit into the pool from round 5 on.
    const leaky: typeof settleRound = (input) => {
      const out = settleRound(input);
      if (input.roundId >= 5) out.totals.poolAfter += 1n;
      return out;
    };
    expect(() => runSimulation({ ...small, settle: leaky })).toThrow(BooksBreach);
    expect(() => runSimulation({ ...small, settle: leaky })).toThrow(`round 5 (seed ${seedHash('unit')})`);
  });

  it('with refill, starts every eidol at the start value each round and accounts for what it paid in or took out', () => {
    const seen: bigint[] = [];
    const spy: typeof settleRound = (input) => {
      seen.push(...input.eidols.map((e) => e.value));
      return settleRound(input);
    };
    const r = runSimulation({ ...small, refill: true, settle: spy });
    expect(new Set(seen)).toEqual(new Set([SIM_START_VALUE]));
    expect(r.finalTotal).toBe(SIM_GENESIS_POOL + 30n * SIM_START_VALUE + r.refilled);
    expect(r.refilled).not.toBe(0n);
    expect(formatReport(r)).toContain('refill: every eidol starts every round at 100.00 ANGLS');
    expect(runSimulation(small).refilled).toBe(0n);
  });

  it('counts what the claims cap withheld per strategy: nothing while the pool is deep, the whole shortfall when it is empty', () => {
    const deep = runSimulation({ ...small, refill: true, poolStart: 10n ** 17n });
    expect(deep.cappedRounds).toBe(0);
    expect(deep.strategies.every((s) => s.cut === 0n)).toBe(true);
    // An empty pool with no emission: a round's claims are capped at the losers' stakes less the fee.
    const dry = runSimulation({ ...small, poolStart: 0n, config: { ...ECONOMY_CONFIG, emissionRatePpm: 0n } });
    const cut = dry.strategies.reduce((a, s) => a + s.cut, 0n);
    expect(dry.cappedRounds).toBeGreaterThan(0);
    expect(cut > 0n).toBe(true);
    expect(formatReport(dry)).toMatch(/cut\/S/);
  });

  it('refuses nonsense options', () => {
    expect(() => runSimulation({ ...small, rounds: 0 })).toThrow();
    expect(() => runSimulation({ ...small, incense: 4 })).toThrow();
  });
});
