/**
 * Wakes the stage's ticker. A still stage stops ticking (pixi-internals/renderOnDemand.ts): a change to what it
 * draws wakes it by itself, and so does any input, but a scene whose next frame depends on something else (a
 * store it only marks dirty, a clock's hour turning) says so here. Kept apart from stage.ts so scenes and
 * their tests need no renderer.
 */

let waker: (() => void) | null = null;

/** Starts the stage's frames again if it sleeps (nothing happens before the stage exists). */
export function wakeStage(): void {
  waker?.();
}

/** Sets what wakeStage calls (the mounted stage); returns the unset. */
export function setStageWaker(wake: () => void): () => void {
  waker = wake;
  return () => {
    if (waker === wake) waker = null;
  };
}

/**
 * Wakes the stage each time `clock` passes a multiple of `periodMs` (the charts' hour turns while nothing
 * else moves); returns the stop.
 */
export function wakeStageEvery(periodMs: number, clock: { now(): number }): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    // A millisecond past the turn, so the scene's floor of the clock has moved on when it ticks.
    timer = setTimeout(
      () => {
        wakeStage();
        arm();
      },
      periodMs - (clock.now() % periodMs) + 1,
    );
  };
  arm();
  return () => clearTimeout(timer);
}

/** Wraps a store listener so it also wakes the stage (the listener marks what the next frame redraws). */
export function waking<A extends unknown[]>(listener: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    listener(...args);
    wakeStage();
  };
}
