/** The solvency report's cache: one read per window, concurrent misses sharing it, a failed read not kept. */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/server/clock';
import { SOLVENCY_CACHE_MS, solvencyCache } from '../../../src/server/domain/solvency/solvencyCache';
import type { SolvencyView } from '../../../src/shared/api/solvency';

const viewAt = (now: number): SolvencyView => ({
  updated_at: String(now),
  assets: [],
  custody_note: null,
  liability_root: { hash: '', assets: [], totals: [], players: 0, taken_at: '' },
});

describe('solvency cache', () => {
  it('reads once for concurrent requests and serves that report until the window ends', async () => {
    const clock = manualClock(1_000_000);
    const reads: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = solvencyCache(clock, async (now) => {
      reads.push(now);
      await gate;
      return viewAt(now);
    });
    const burst = Array.from({ length: 5 }, () => cache.get());
    release();
    const views = await Promise.all(burst);
    expect(reads).toEqual([1_000_000]);
    for (const v of views) expect(v.updated_at).toBe('1000000');

    clock.advance(SOLVENCY_CACHE_MS - 1);
    expect((await cache.get()).updated_at).toBe('1000000');
    expect(reads).toHaveLength(1);
    clock.advance(1);
    expect((await cache.get()).updated_at).toBe(String(1_000_000 + SOLVENCY_CACHE_MS));
    expect(reads).toHaveLength(2);
  });

  it('does not keep a failed read: the next request reads again', async () => {
    const clock = manualClock(0);
    let fail = true;
    const cache = solvencyCache(clock, async (now) => {
      if (fail) throw new Error('database down');
      return viewAt(now);
    });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get()).updated_at).toBe('0');
  });
});
