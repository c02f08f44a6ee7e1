/** Long synchronous work split into slices, so the event loop (sockets, timers) is never blocked for long. */
import type { DialectName } from './db/database';

/** How long one slice may run before the loop gets a turn: well under the 50 ms the server promises. */
export const SLICE_MS = 15;

/**
 * The slice for work whose statements run on this thread (better-sqlite3's): a turn once 5 ms have passed, so
 * the loop is held for about one statement past it. At 15 ms a statement begun at 14 ms held it three times as
 * long as the slice, with the booking's time unchanged either way.
 */
export const SYNC_SLICE_MS = 5;

/** A turn of the event loop: I/O and timers queued meanwhile run before the work resumes. */
export const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The `loopSlicer` for work that writes to `dialect`: SQLite's statements hold the loop themselves, so a shorter slice. */
export function databaseSlicer(dialect: DialectName): () => Promise<void> {
  return loopSlicer(dialect === 'sqlite' ? SYNC_SLICE_MS : SLICE_MS);
}

/** Returns a `pause` to call often: it hands the loop a turn once `sliceMs` have passed since the last one. */
export function loopSlicer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await loopTurn();
    since = performance.now();
  };
}
