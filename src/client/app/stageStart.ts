/**
 * When the stage starts: after the HUD's first screen has painted and the page is idle, so creating the
 * WebGL renderer, compiling its shaders and uploading its first textures never delay the screen the player
 * reads (the HUD never waits for WebGL). A busy page starts it after IDLE_TIMEOUT_MS anyway.
 */
import { atom } from 'nanostores';

/** Longest wait for an idle moment before the stage starts anyway (ms). */
export const IDLE_TIMEOUT_MS = 1500;

/** True once the stage may be created (App renders StageHost from then on). */
export const $stageStarted = atom(false);

/** Runs `run` once the next frame has painted and the main thread is idle (or IDLE_TIMEOUT_MS has passed). */
export function whenPaintedAndIdle(run: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const frame = requestAnimationFrame(() => {
    const go = () => !cancelled && run();
    // Safari has no requestIdleCallback: a timer after the frame is the next best thing.
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
    else idle = window.setTimeout(go, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
  };
}

/** Starts the stage once the first screen has painted and the page is idle; call when that screen renders. */
export function startStageAfterScreen(): () => void {
  if ($stageStarted.get()) return () => {};
  return whenPaintedAndIdle(() => $stageStarted.set(true));
}
