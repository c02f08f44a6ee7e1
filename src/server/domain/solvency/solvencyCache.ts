/**
 * Keeps the solvency report a few seconds and the liability snapshot half a minute: the page is public, a
 * report calls the chain once per address, and a snapshot reads every player and hashes a tree over them.
 */
import type { Clock } from '../../clock';

/** How long one report (custody read from the chain) is served before the next request reads a fresh one. */
export const SOLVENCY_CACHE_MS = 5_000;

/**
 * How long one liability snapshot (the ledger figures and the tree) is served: a tree over 10^5 players costs
 * a second or two of sliced work, so it is taken at most twice a minute, and only while someone asks.
 */
export const LIABILITY_SNAPSHOT_MS = 30_000;

/** A cached reader: `get()` answers a value at most `ttlMs` old; concurrent misses share one read. */
export function solvencyCache<T>(clock: Clock, read: (now: number) => Promise<T>, ttlMs = SOLVENCY_CACHE_MS) {
  let kept: { at: number; view: T } | undefined;
  let reading: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      const now = clock.now();
      if (kept && now - kept.at < ttlMs) return Promise.resolve(kept.view);
      // A burst of requests after expiry waits for one read instead of starting one each.
      reading ??= read(now)
        .then((view) => {
          kept = { at: now, view };
          return view;
        })
        .finally(() => {
          reading = undefined;
        });
      return reading;
    },
    /** Forgets the kept value: the next `get()` reads again (a read in flight still answers its callers). */
    drop(): void {
      kept = undefined;
    },
  };
}
