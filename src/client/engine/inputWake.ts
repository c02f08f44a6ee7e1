/**
 * Any input wakes a sleeping stage: a finger or the mouse moving a swiper, the Forum's walk, the risk angle,
 * a key. The HUD's handlers change headless models the scenes read in their next frame, so the wake comes
 * first (a capturing listener on the window) and the frame after it shows the change.
 */

/** Every kind of input a scene can follow. */
const INPUT_EVENTS = [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'touchstart',
  'touchmove',
  'touchend',
  'wheel',
  'keydown',
];

/** Calls `wake` on every input anywhere on the page; returns the teardown. */
export function wakeOnInput(wake: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const options = { capture: true, passive: true };
  const listener = () => wake();
  for (const type of INPUT_EVENTS) target.addEventListener(type, listener, options);
  return () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, listener, options);
  };
}
