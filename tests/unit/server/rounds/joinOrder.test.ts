/**
 * The open's order worked out in runs and merged equals one sort by (join time, id): random keys with many
 * equal join times (a batch of joins shares one) and never-joined rows, every run size from 1 up.
 */
import { describe, expect, it } from 'vitest';
import { joinOrder } from '../../../../src/server/domain/rounds/joinOrder';
import { mulberry32 } from '../../../../src/shared/mulberry32';

const noPause = async () => {};

describe('joinOrder', () => {
  const seed = Number(process.env.JOIN_ORDER_SEED ?? Date.now() % 1e9);
  it(`sorts by join time then id in any run size (seed ${seed})`, async () => {
    console.info(`[joinOrder] seed=${seed} (JOIN_ORDER_SEED reproduces)`);
    const rnd = mulberry32(seed);
    for (const n of [0, 1, 2, 7, 100, 1000]) {
      const key = Float64Array.from({ length: n }, () => (rnd() < 0.2 ? -1 : 1_800_000_000_000 + Math.floor(rnd() * 20)));
      // Rows come by id (ascending, with gaps), as the open reads them.
      let last = 0;
      const id = Float64Array.from({ length: n }, () => (last += 1 + Math.floor(rnd() * 3)));
      const want = [...Array(n).keys()].sort((a, b) => key[a]! - key[b]! || id[a]! - id[b]!);
      for (const run of [1, 2, 3, 16, 64, 5000]) expect([...(await joinOrder(key, id, noPause, run))], `n=${n} run=${run}`).toEqual(want);
    }
  });

  it('turns the loop between runs and merge slices', async () => {
    const n = 40_000;
    const key = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 101);
    const id = Float64Array.from({ length: n }, (_, i) => i + 1);
    let pauses = 0;
    const order = await joinOrder(key, id, async () => void (pauses += 1), 4096);
    expect(pauses).toBeGreaterThanOrEqual(10 + 4);
    for (let i = 1; i < n; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      expect(key[a]! < key[b]! || (key[a] === key[b] && id[a]! < id[b]!)).toBe(true);
    }
  });
});
