/** Keeps the solvency report a few seconds: the page is public, and each read sums the ledger and calls the chain once per address. */
import type { Clock } from '../../clock';
import type { SolvencyView } from '../../../shared/api/solvency';

/** How long one report is served before the next request reads a fresh one. */
export const SOLVENCY_CACHE_MS = 5_000;

/** A cached reader: `get()` answers the report at most `ttlMs` old; concurrent misses share one read. */
export function solvencyCache(clock: Clock, read: (now: number) => Promise<SolvencyView>, ttlMs = SOLVENCY_CACHE_MS) {
  let kept: { at: number; view: SolvencyView } | undefined;
  let reading: Promise<SolvencyView> | undefined;
  return {
    get(): Promise<SolvencyView> {
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
  };
}
