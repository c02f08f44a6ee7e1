/**
 * The walk to the commitment, off the page's thread: hashes from a round's hash down its chain to the
 * terminal hash (`walkToCommitment`, up to 10^6 links) and posts each progress report, then the verdict.
 */
import { walkToCommitment, type WalkProgress } from '../../../shared/rules/fairness';

/** What the page asks: walk `steps` links from `hash` and compare with `terminalHash`. */
export interface WalkRequest {
  hash: string;
  steps: number;
  terminalHash: string;
}

self.onmessage = (event: MessageEvent<WalkRequest>) => {
  const { hash, steps, terminalHash } = event.data;
  for (const progress of walkToCommitment(hash, steps, terminalHash))
    (self as unknown as { postMessage(p: WalkProgress): void }).postMessage(progress);
};
