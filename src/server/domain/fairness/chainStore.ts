/**
 * The committed hash chains behind the rounds: generated from 32 secret random bytes, published as their
 * terminal hash and salt, and kept as secret checkpoints from which any round's hash is recomputed
 * (fairness_checkpoints: every CHECKPOINT_EVERY-th position and the last, which is the seed itself).
 * The links are the fairness rules' (`nextChainHash`): hash_p = sha256(raw bytes of hash_{p+1}); node:crypto
 * computes them here because a million links cost a second with it and several with the portable code.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Positions between two stored checkpoints: a round's hash costs at most this many hashes to recompute. */
export const CHECKPOINT_EVERY = 1000;

/** Links hashed between two yields to the event loop while a chain is generated. */
const LINKS_PER_TURN = 10_000;

/** Checkpoint rows per insert statement. */
const CHECKPOINT_ROWS_PER_INSERT = 500;

/** A generated chain, not yet stored: what to publish, and the secret checkpoints. */
export interface GeneratedChain {
  terminalHash: string;
  salt: string;
  length: number;
  /** Position → hash (hex), for every multiple of CHECKPOINT_EVERY and the last position. */
  checkpoints: Array<{ position: number; hash: string }>;
}

/** sha256 of raw bytes. */
function link(bytes: Buffer): Buffer {
  return crypto.createHash('sha256').update(bytes).digest();
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a chain is generated from; tests pass a seed to compare the chain with the fairness rules' `chainFrom`. */
export interface ChainOptions {
  /** The secret 32 bytes at the last position (fresh random bytes by default). */
  seed?: Uint8Array;
  /** Checkpoint spacing (CHECKPOINT_EVERY by default). */
  every?: number;
}

/**
 * Generates a chain of `length` round hashes from fresh random bytes. The last position holds the seed;
 * each earlier one the hash of the next. Yields to the event loop every LINKS_PER_TURN links, so a
 * million-link chain never stalls the server's other work.
 */
export async function generateChain(length: number, opts: ChainOptions = {}): Promise<GeneratedChain> {
  if (!Number.isSafeInteger(length) || length < 1) throw new Error(`chain length must be a positive integer, got ${length}`);
  const every = opts.every ?? CHECKPOINT_EVERY;
  const checkpoints: Array<{ position: number; hash: string }> = [];
  let bytes: Buffer = opts.seed ? Buffer.from(opts.seed) : crypto.randomBytes(32);
  // Walk from the seed (position `length`) down to position 1; one more link is the terminal hash.
  for (let position = length; position >= 1; position--) {
    if (position === length || position % every === 0) checkpoints.push({ position, hash: bytes.toString('hex') });
    bytes = link(bytes);
    if ((length - position) % LINKS_PER_TURN === LINKS_PER_TURN - 1) await yieldTurn();
  }
  // 16 random bytes as hex: the HMAC key, published with the terminal hash before any round of the chain.
  return { terminalHash: bytes.toString('hex'), salt: crypto.randomBytes(16).toString('hex'), length, checkpoints: checkpoints.reverse() };
}

/** Stores `chain` for the rounds from `firstRoundId` on, every one keyed by a block; returns its id. Call inside the commit that writes that round. */
export async function insertChain(k: Kysely<Database>, chain: GeneratedChain, firstRoundId: number, now: number): Promise<number> {
  const row = await k
    .insertInto('fairness_chains')
    .values({
      terminal_hash: chain.terminalHash,
      salt: chain.salt,
      length: chain.length,
      first_round_id: firstRoundId,
      created_at: now,
      block_rule_from: firstRoundId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < chain.checkpoints.length; i += CHECKPOINT_ROWS_PER_INSERT) {
    const rows = chain.checkpoints
      .slice(i, i + CHECKPOINT_ROWS_PER_INSERT)
      .map((c) => ({ chain_id: row.id, position: c.position, hash: c.hash }));
    await k.insertInto('fairness_checkpoints').values(rows).execute();
  }
  return row.id;
}

/** The secret hash of `position` in chain `chainId`: the nearest checkpoint at or after it, hashed down. */
export async function roundHash(k: Kysely<Database>, chainId: number, position: number): Promise<string> {
  const cp = await k
    .selectFrom('fairness_checkpoints')
    .select(['position', 'hash'])
    .where('chain_id', '=', chainId)
    .where('position', '>=', position)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  if (!cp) throw new Error(`fairness chain ${chainId} has no position ${position}`);
  return hashDown(cp.hash, cp.position, position);
}

/** The hash of `position` from the hash `hash` of a later position `from` (hex in, hex out). */
export function hashDown(hash: string, from: number, position: number): string {
  let bytes: Buffer = Buffer.from(hash, 'hex');
  for (let p = from; p > position; p--) bytes = link(bytes);
  return bytes.toString('hex');
}
