/**
 * The "screen usable" mark: set once, when the first screen after boot has been committed (its form and
 * buttons answer from then on). `npm run bench:lighthouse` reads it from the page's user timings.
 */

/** Name of the performance mark. */
export const SCREEN_USABLE_MARK = 'screen-usable';

let marked = false;

/** Sets the mark the first time it is called. */
export function markScreenUsable(): void {
  if (marked || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  marked = true;
  performance.mark(SCREEN_USABLE_MARK);
}
