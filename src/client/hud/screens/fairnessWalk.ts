/**
 * Starts the walk to the commitment in a Web Worker (`fairnessWalk.worker.ts`), reporting progress; the
 * returned function stops it. Where no Worker exists (an old browser, a test DOM) it walks on the page's
 * thread in slices, one macrotask each, so the page still answers.
 */
import { walkToCommitment, type WalkProgress } from '../../../shared/rules/fairness';
import type { WalkRequest } from './fairnessWalk.worker';

/** Walks from `req.hash`; `onProgress` gets every report, the last one with `reached`. */
export function startWalk(req: WalkRequest, onProgress: (p: WalkProgress) => void): () => void {
  if (typeof Worker !== 'undefined') {
    const worker = new Worker(new URL('./fairnessWalk.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<WalkProgress>) => {
      onProgress(e.data);
      if (e.data.reached !== undefined) worker.terminate();
    };
    worker.postMessage(req);
    return () => worker.terminate();
  }
  const walk = walkToCommitment(req.hash, req.steps, req.terminalHash);
  let stopped = false;
  const step = () => {
    if (stopped) return;
    const next = walk.next();
    if (next.done) return;
    onProgress(next.value);
    if (next.value.reached === undefined) setTimeout(step, 0);
  };
  setTimeout(step, 0);
  return () => void (stopped = true);
}
