/**
 * Sorting in runs and merging equals one native sort, for both typed arrays the booking sorts (emission keys and
 * owners as Float64Array, the ledger's lock keys as BigInt64Array), every run size from 1 up, with repeats.
 */
import { describe, expect, it } from 'vitest';
import { sortedInRuns } from '../../../src/server/sortInRuns';
import { mulberry32 } from '../../../src/shared/mulberry32';

const noPause = async () => {};

describe('sortedInRuns', () => {
  const seed = Number(process.env.SORT_RUNS_SEED ?? Date.now() % 1e9);
  it(`equals a native sort in any run size (seed ${seed})`, async () => {
    console.info(`[sortedInRuns] seed=${seed} (SORT_RUNS_SEED reproduces)`);
    const rnd = mulberry32(seed);
    for (const n of [0, 1, 2, 7, 100, 1000]) {
      const floats = Float64Array.from({ length: n }, () => (rnd() < 0.3 ? 5 : Math.floor(rnd() * 1e6) / 7));
      const bigs = BigInt64Array.from({ length: n }, () => (BigInt(Math.floor(rnd() * 2 ** 31)) << 32n) | BigInt(Math.floor(rnd() * 50)));
      for (const run of [1, 2, 3, 16, 64, 5000]) {
        expect([...(await sortedInRuns(floats, noPause, run))], `floats n=${n} run=${run}`).toEqual([...floats.slice().sort()]);
        expect([...(await sortedInRuns(bigs, noPause, run))], `bigints n=${n} run=${run}`).toEqual([...bigs.slice().sort()]);
      }
    }
  });

  it('leaves its input as it was and turns the loop between runs and merge slices', async () => {
    const values = Float64Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 40_009);
    const before = values.slice();
    let pauses = 0;
    const sorted = await sortedInRuns(values, async () => void (pauses += 1), 4096);
    expect(pauses).toBeGreaterThanOrEqual(10 + 4);
    expect(values).toEqual(before);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]! <= sorted[i]!).toBe(true);
  });
});
