/**
 * Waits, without blocking the page, until the GPU has finished the commands sent so far. The first frame
 * that reads the canvas (every frame, where the browser composites in software) waits for everything queued
 * before it: a scene shown while its sheets are still uploading holds the main thread for the rest of the
 * uploads (~90 ms on home here, issue #8). A fence polled between tasks lets the page do other work instead.
 */

/** How long to wait at most: a driver whose fences (or links) never signal must not keep a scene from showing. */
const MAX_WAIT_MS = 1000;
const POLL_MS = 4;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const clock = () => performance.now();

/**
 * Resolves once `done()` holds, asked every POLL_MS between tasks, or after MAX_WAIT_MS: for the GPU's
 * answers that a zero-timeout question gives without blocking (a fence, a parallel link's completion).
 */
export async function pollUntil(
  done: () => boolean,
  wait: (ms: number) => Promise<void> = sleep,
  now: () => number = clock,
): Promise<void> {
  const until = now() + MAX_WAIT_MS;
  while (!done() && now() < until) await wait(POLL_MS);
}

/** Resolves once the GPU has done the commands sent before the call (or after MAX_WAIT_MS; at once without WebGL 2). */
export function gpuIdle(
  gl: WebGLRenderingContext | WebGL2RenderingContext | null | undefined,
  wait: (ms: number) => Promise<void> = sleep,
  now: () => number = clock,
): Promise<void> {
  if (!gl || !('fenceSync' in gl)) return Promise.resolve();
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!sync) return Promise.resolve();
  gl.flush();
  // A zero timeout never blocks; the browser updates the answer between tasks.
  const signalled = () => gl.clientWaitSync(sync, 0, 0) !== gl.TIMEOUT_EXPIRED || gl.isContextLost();
  return pollUntil(signalled, wait, now).finally(() => gl.deleteSync(sync));
}
