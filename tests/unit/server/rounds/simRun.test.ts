import { describe, expect, it } from 'vitest';
import { checkEconomy } from '../../../../src/server/domain/rounds/sim/check';
import { parseSimArgs } from '../../../../src/server/domain/rounds/sim/cliArgs';
import { formatSetting } from '../../../../src/server/domain/rounds/sim/format';
import { ratioInterval, RatioSums } from '../../../../src/server/domain/rounds/sim/interval';
import { CapacityBook } from '../../../../src/server/domain/rounds/sim/reserve';
import { allSettings, runSetting } from '../../../../src/server/domain/rounds/sim/settings';
import { BooksBreach } from '../../../../src/server/domain/rounds/sim/books';
import {
  luckFree,
  runGame,
  seedHash,
  SIM_EGG_PREMIUM,
  SIM_GENESIS_POOL,
  SIM_START_VALUE,
} from '../../../../src/server/domain/rounds/sim/simulate';
import { fixedAt, STRATEGIES, WHALE } from '../../../../src/server/domain/rounds/sim/strategies';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';

const lineup = Array.from({ length: 34 }, (_, i) => i % STRATEGIES.length);
const small = { rounds: 120, lineup, strategies: STRATEGIES, seed: 'unit', incense: 1, windows: 4 };

describe('runGame', () => {
  it('is deterministic, differs with the seed, and uses a 64-hex seed as the chain seed itself', () => {
    const a = runGame(small);
    expect(runGame(small)).toStrictEqual(a);
    expect(runGame({ ...small, seed: 'other' }).finalValues).not.toEqual(a.finalValues);
    expect(a.seed).toBe(seedHash('unit'));
    expect(seedHash('ab'.repeat(32))).toBe('ab'.repeat(32));
  });

  it("conserves Σ values + pool with no refill: the pool is the genesis plus the eggs' premiums, nothing more", () => {
    const r = runGame(small);
    expect(r.poolStart).toBe(SIM_GENESIS_POOL + 34n * SIM_EGG_PREMIUM);
    expect(r.finalTotal).toBe(r.poolStart + 34n * SIM_START_VALUE);
    expect(r.strategies.reduce((a, s) => a + s.endWealth, 0n) + r.pool.at(-1)!.end).toBe(r.finalTotal);
    expect(r.pool).toHaveLength(4);
    for (const w of r.pool) expect(w.min <= w.end && w.end <= w.max && w.min >= 0n).toBe(true);
  });

  it('reserves capacity as the server does: a join whose claim does not fit is refused, or retried at the largest risk that fits', () => {
    // A pool of 10,000 ANGLS: K = c × pool, m × K per eidol. 0.99 of 100 ANGLS claims 9,801 ANGLS: never fits.
    const poolStart = (10_000n * SIM_START_VALUE) / 100n;
    const strategies = [fixedAt(99), { ...fixedAt(99), name: 'retrying 0.99', retry: true, fixedAngle: undefined }];
    const r = runGame({ rounds: 5, lineup: [0, 1], strategies, seed: 'cap', poolStart });
    expect(r.strategies[0]).toMatchObject({ plays: 0, refused: 5 });
    // The retrying eidol plays every round (at a lower risk that fits), and each round counts its refusal first.
    expect(r.strategies[1]!.refused).toBe(5);
    expect(r.strategies[1]!.plays).toBeGreaterThan(0);
  });

  it('a carried-over eidol that no longer fits sits the round out instead of playing', () => {
    // m × K = 1 % of a 6,000 ANGLS pool = 60 ANGLS: 0.5 of 100 ANGLS claims 50 and joins; after a win (150 ANGLS)
    // its claim of 75 no longer fits at the open, so it sits out every round after (its value no longer moves).
    const config = { ...ECONOMY_CONFIG, capacityPpm: 50_000n, eidolCapacityPpm: 200_000n };
    const r = runGame({
      rounds: 40,
      lineup: [0],
      strategies: [fixedAt(50)],
      seed: 'sit',
      config,
      poolStart: 6_000n * (SIM_START_VALUE / 100n),
    });
    const s = r.strategies[0]!;
    expect(s.refused).toBe(0);
    expect(s.satOut).toBeGreaterThan(0);
    expect(s.plays + s.satOut).toBe(40);
    expect(s.wins).toBe(1);
  });

  it('stops at the first round whose settlement leaks, naming the round and the seed', () => {
    const leaky: typeof settleRound = (input) => {
      const out = settleRound(input);
      if (input.roundId >= 5) out.totals.poolAfter += 1n;
      return out;
    };
    expect(() => runGame({ ...small, settle: leaky })).toThrow(BooksBreach);
    expect(() => runGame({ ...small, settle: leaky })).toThrow(`round 5 (seed ${seedHash('unit')})`);
  });

  it('with refill, restarts every eidol at its start value each round and accounts for it', () => {
    const r = runGame({ ...small, refill: true });
    expect(r.finalTotal).toBe(r.startTotal + r.refilled);
    expect(r.refilled).not.toBe(0n);
    expect(runGame(small).refilled).toBe(0n);
  });

  it('refuses nonsense options', () => {
    expect(() => runGame({ ...small, rounds: 0 })).toThrow();
    expect(() => runGame({ ...small, incense: 4 })).toThrow();
    expect(() => runGame({ ...small, lineup: [] })).toThrow();
  });
});

describe('luck-free income', () => {
  it('removes the draw: a fair claim paid in full leaves ~0 whether the play won or lost', () => {
    const risk = { units: 99n, digits: 2 };
    const stake = 99n * 10n ** 8n;
    const g = 9_801n * 10n ** 8n;
    expect(Math.abs(luckFree(g, true, risk, stake))).toBeLessThan(1e-3 * Number(stake));
    expect(Math.abs(luckFree(-stake, false, risk, stake))).toBeLessThan(1e-3 * Number(stake));
    // A claim cut by 10 % on a win shows as −10 % × G × (1 − r) in expectation, not hidden by the coin flip.
    expect(luckFree((g * 9n) / 10n, true, risk, stake)).toBeLessThan(-0.9 * Number(stake));
  });
});

describe('ratioInterval', () => {
  it('is the ratio of sums with a 95 % band that narrows with more rounds and is 0 wide when every round agrees', () => {
    const flat = new RatioSums();
    for (let i = 0; i < 10; i++) flat.add(2, 100);
    expect(ratioInterval(flat)).toEqual({ mean: 0.02, low: 0.02, high: 0.02 });
    const noisy = (n: number) => {
      const s = new RatioSums();
      for (let i = 0; i < n; i++) s.add(i % 2 ? 10 : -10, 100);
      return ratioInterval(s)!;
    };
    expect(noisy(10).high - noisy(10).low).toBeGreaterThan(noisy(1000).high - noisy(1000).low);
    expect(noisy(1000).low).toBeLessThan(0);
    expect(ratioInterval(new RatioSums())).toBeUndefined();
  });
});

describe('CapacityBook', () => {
  it('keeps K and m × K: reservations up to the room, none beyond', () => {
    const book = new CapacityBook(1_000n, { ...ECONOMY_CONFIG, capacityPpm: 100_000n, eidolCapacityPpm: 500_000n });
    expect([book.capacity, book.limit]).toEqual([100n, 50n]);
    expect(book.reserve({ units: 5n, digits: 1 }, 60n)).toBe(30n); // G = 30
    expect(book.reserve({ units: 5n, digits: 1 }, 120n)).toBeUndefined(); // G = 60 > m × K
    expect(book.reserve({ units: 5n, digits: 1 }, 100n)).toBe(50n); // G = 50, left 20
    expect(book.left).toBe(20n);
    expect(book.largestFit(100n, 2).units).toBe(36n); // 0.36: G = ⌊36 × 36/64⌋ = 20 ≤ 20; 0.37: ⌊37 × 37/63⌋ = 21
  });
});

describe('checkEconomy', () => {
  const lone = allSettings().find((s) => s.crowd === 1)!;
  const mixed10 = allSettings().find((s) => s.name === 'mixed ×10')!;

  it('passes the chosen constants on a short run of a lone eidol and a crowd of 10', () => {
    const reports = [lone, mixed10].map((s) =>
      runSetting(s, { seed: 'unit', config: ECONOMY_CONFIG, short: true, rounds: 300, replicas: s.crowd === 1 ? STRATEGIES.length : 2 }),
    );
    expect(checkEconomy(reports)).toEqual([]);
    expect(formatSetting(reports[0]!)).toContain('| fixed 0.05 |');
  });

  it('fails when a thin game pays more than twice a full one per unit staked (y at 10 %, a cap of 10 ANGLS)', () => {
    const config = { ...ECONOMY_CONFIG, emissionPerStakePpm: 100_000n, emissionCapUnits: 10n * 10n ** 8n };
    // 200 eidols stake thousands of ANGLS a round: the cap binds there, y × S for the lone eidol.
    const crowd = { ...mixed10, name: 'mixed ×200', crowd: 200 };
    const reports = [lone, crowd].map((s) =>
      runSetting(s, { seed: 'unit', config, short: true, rounds: 30, replicas: s.crowd === 1 ? STRATEGIES.length : 1 }),
    );
    expect(checkEconomy(reports).map((f) => f.setting)).toContain('lone eidol');
  });

  it("fails when one fixed angle earns outside the others' interval", () => {
    const rep = runSetting(lone, { seed: 'unit', config: ECONOMY_CONFIG, short: true, rounds: 200 });
    expect(checkEconomy([rep])).toEqual([]);
    // As if the rules withheld 0.01 per unit staked from 0.95 (a cut of its claims would): the check names it.
    const k = rep.strategies.findIndex((s) => s.name === 'fixed 0.95');
    rep.strategies[k]!.adjusted.income -= 0.01 * rep.strategies[k]!.adjusted.stake;
    expect(
      checkEconomy([rep])
        .map((f) => f.detail)
        .join(),
    ).toContain('fixed 0.95 earns');
  });
});

describe('parseSimArgs', () => {
  it('refuses a negative round count, an unknown flag and a bad constant with a message, no stack', () => {
    for (const argv of [['--rounds', '-5'], ['--rounds', 'x'], ['--bogus'], ['--y-ppm', '100001'], ['--incense', '4'], ['stray']]) {
      const r = parseSimArgs(argv);
      expect(r.ok).toBe(false);
    }
    const ok = parseSimArgs(['--rounds', '50', '--y-ppm', '2000', '--cap', '5', '--setting', 'lone']);
    expect(ok.ok && ok.args).toMatchObject({
      rounds: 50,
      setting: 'lone',
      config: { emissionPerStakePpm: 2_000n, emissionCapUnits: 500_000_000n },
    });
  });

  it('lists a whale and every crowd size in the settings', () => {
    const names = allSettings().map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['lone eidol', 'mixed ×10', 'whale ×1000', 'crowd 0.95 ×100000']));
    expect(allSettings().find((s) => s.name === 'whale ×10')!.strategies).toContain(WHALE);
  });
});
