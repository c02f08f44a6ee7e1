/**
 * The player's motion preference, in one place: `prefers-reduced-motion: reduce` read once and followed when
 * it changes. gsap animations and the stage's slide-ins ask it, so a player who turned motion off gets the end
 * state at once (pop-ups still appear and leave on time; nothing floats, slides or bounces).
 */
import { atom } from 'nanostores';

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

/** True while the player asks for reduced motion; follows the system setting live. */
export const $reducedMotion = atom<boolean>(mediaQuery()?.matches ?? false);

// Bound once per page: the atom lives as long as the page, so the listener needs no release.
mediaQuery()?.addEventListener?.('change', (e) => $reducedMotion.set(e.matches));

/** Whether animations should jump to their end now. */
export function reducedMotion(): boolean {
  return $reducedMotion.get();
}

/** How long decoration moves at full strength after a screen appears (ms), then how long it takes to settle. */
export const AMBIENT_MS = 4000;
export const AMBIENT_SETTLE_MS = 1500;

/**
 * The strength of a decoration's idle motion (a bob, drifting motes) `sinceMs` after it started: 1, then easing
 * to exactly 0, so a still screen stops costing frames (the stage draws only what changed); 0 at once for a
 * player who asked for reduced motion.
 */
export function ambientStrength(sinceMs: number): number {
  if (reducedMotion()) return 0;
  const t = (sinceMs - AMBIENT_MS) / AMBIENT_SETTLE_MS;
  if (t <= 0) return 1;
  if (t >= 1) return 0;
  return 1 - t * t * (3 - 2 * t);
}
