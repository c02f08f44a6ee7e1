/**
 * The committed hash chain (bustabit-style). From a secret seed, hash_k = sha256(raw bytes of hash_{k−1});
 * rounds reveal the chain in REVERSE, so each revealed hash proves the one before it:
 * sha256(round n's hash) = round n−1's hash, and sha256(the first round's hash) = the terminal hash,
 * published before any round opened. The operator cannot pick a later outcome without finding a
 * SHA-256 preimage.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { FairnessError, isRoundHash, roundHashBytes, roundHashFromBytes, type RoundHash } from './fairnessHash';

/** The chain step: sha256 of the raw 32 bytes of `hash` (not of its hex text). */
export function nextChainHash(hash: RoundHash): RoundHash {
  return roundHashFromBytes(sha256(roundHashBytes(hash)));
}

/** A generated chain: the hash to publish, and the round hashes in the order rounds use them. */
export interface GeneratedChain {
  /** Published before the first round; no round reveals it. */
  terminalHash: RoundHash;
  /** `length` hashes, first round first; the last one is the seed itself. */
  hashes: RoundHash[];
}

/**
 * Generates a chain of `length` round hashes from `seed` (32 secret random bytes as a round hash), for
 * the server to store before publishing `terminalHash`. Works on raw bytes so a million links cost one
 * hash each plus one hex spelling.
 */
export function chainFrom(seed: RoundHash, length: number): GeneratedChain {
  if (!Number.isSafeInteger(length) || length < 1) throw new FairnessError(`chain length must be a positive integer, got ${length}`);
  // Built in generation order (seed first) and reversed once: filling a preallocated array from its end
  // makes V8 fall back to slow dictionary storage (10× slower at a million links).
  const hashes: RoundHash[] = [];
  let bytes = roundHashBytes(seed);
  for (let k = 0; k < length; k++) {
    hashes.push(roundHashFromBytes(bytes));
    bytes = sha256(bytes);
  }
  return { terminalHash: roundHashFromBytes(bytes), hashes: hashes.reverse() };
}

/** Whether `hash` (round n) links to `previous` (round n−1, or the terminal hash for the first round). */
export function verifyLink(hash: unknown, previous: unknown): boolean {
  // Malformed input is a broken link, never an exception: the page checks whatever the API sent.
  return isRoundHash(hash) && isRoundHash(previous) && nextChainHash(hash) === previous;
}

/**
 * Checks consecutive round hashes listed newest first (as `GET /api/fairness` pages them) against
 * `anchor`: the terminal hash when the list reaches the first round, else the hash of the round just
 * older than the list's oldest. Returns the index of the broken hash, or null when every link holds.
 * The scan starts from the trusted anchor, so a single altered hash is reported at its own index (its
 * newer neighbour, which no longer links to it, is innocent).
 */
export function verifyChain(hashesNewestFirst: readonly unknown[], anchor: RoundHash): number | null {
  roundHashBytes(anchor); // a malformed anchor is the caller's error, not a broken round
  let previous: unknown = anchor;
  for (let i = hashesNewestFirst.length - 1; i >= 0; i--) {
    const hash = hashesNewestFirst[i];
    if (!verifyLink(hash, previous)) return i;
    previous = hash;
  }
  return null;
}

/** Links hashed between two progress reports of a walk. */
export const WALK_LINKS_PER_STEP = 20_000;

/** A walk's progress: links hashed of all, and (at the end) whether it reached the commitment. */
export interface WalkProgress {
  done: number;
  total: number;
  /** Set once the walk ends: true when `steps` links from the hash land exactly on the terminal hash. */
  reached?: boolean;
}

/**
 * Walks from round `hash` `steps` links down its chain (a round at position p needs p links) and says whether
 * it lands on `terminalHash`, yielding a progress report every WALK_LINKS_PER_STEP links: a worker posts
 * each one, a CLI prints them. A million links are a million SHA-256s of 32 bytes — seconds, not minutes.
 */
export function* walkToCommitment(hash: RoundHash, steps: number, terminalHash: RoundHash): Generator<WalkProgress, boolean> {
  if (!isRoundHash(hash) || !isRoundHash(terminalHash) || !Number.isSafeInteger(steps) || steps < 1) {
    yield { done: 0, total: Math.max(0, Number.isSafeInteger(steps) ? steps : 0), reached: false };
    return false;
  }
  let bytes = roundHashBytes(hash);
  for (let done = 0; done < steps;) {
    const until = Math.min(steps, done + WALK_LINKS_PER_STEP);
    for (; done < until; done++) bytes = sha256(bytes);
    if (done < steps) yield { done, total: steps };
  }
  const reached = roundHashFromBytes(bytes) === terminalHash;
  yield { done: steps, total: steps, reached };
  return reached;
}
