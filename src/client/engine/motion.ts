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
