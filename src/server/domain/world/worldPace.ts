/**
 * Each player's pace in the world: fixed-window counters in the app's rate store (memory on SQLite, the
 * `rate_limits` table on PostgreSQL, so every node counts together). Over a quota → 429 with Retry-After.
 */
import { sha256Hex } from '../auth/secrets';
import { AppError } from '../errors';
import type { PaceRule } from './worldConfig';
import type { PaceStore } from './worldContext';

/**
 * Counts one use of `key` (e.g. `chat:<user id>`) against every rule, in order; throws 429 with `text(seconds)`
 * at the first rule over its quota (the later ones are not counted then).
 */
export async function keepPace(
  store: PaceStore,
  key: string,
  rules: readonly PaceRule[],
  now: number,
  text: (seconds: number) => string,
): Promise<void> {
  for (const rule of rules) {
    const { count, resetAt } = await store.hit(sha256Hex(`world\u0000${rule.windowMs}\u0000${key}`), rule.windowMs, now);
    if (count <= rule.max) continue;
    const wait = Math.max(1, Math.ceil((resetAt - now) / 1000));
    throw new AppError(429, text(wait), undefined, { 'retry-after': String(wait) });
  }
}

/** Counts one use of `key` against every rule, as `keepPace`; false (instead of a refusal) when over a quota. */
export async function withinPace(store: PaceStore, key: string, rules: readonly PaceRule[], now: number): Promise<boolean> {
  for (const rule of rules) {
    const { count } = await store.hit(sha256Hex(`world\u0000${rule.windowMs}\u0000${key}`), rule.windowMs, now);
    if (count > rule.max) return false;
  }
  return true;
}
