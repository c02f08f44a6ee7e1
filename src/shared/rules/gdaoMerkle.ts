/**
 * The monthly gDAO distribution as a Merkle tree (ECONOMY.md "Monthly gDAO income"; the encoding is written
 * out for outside verifiers in src/server/domain/gdao/README.md). Pure and isomorphic: the server builds the
 * tree at publication, the browser checks a player's proof with these same functions.
 *
 * - Leaf bytes (49): 0x00 ‖ account id (uint64 big-endian) ‖ activity (uint64 BE) ‖ amount in whole gDAO
 *   (uint256 BE); leaf hash = sha256(leaf bytes).
 * - Node hash = sha256(0x01 ‖ left ‖ right): positional pairs (not sorted), the prefixes keep a node from
 *   ever passing for a leaf.
 * - Leaves in ascending account id order (ids are unique). A level of odd length promotes its last node
 *   unchanged to the next level (it is never paired with itself). Root of one leaf: its leaf hash; of no
 *   leaf: 32 zero bytes.
 * - A proof is the leaf's index, the leaf count and the sibling hashes from the leaf up; whether each sibling
 *   is on the left or the right, and where a level promotes the node without a sibling, follow from the
 *   index and the count alone, so a proof cannot be replayed at another position or tree size.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** First byte of a leaf's preimage. */
export const MERKLE_LEAF_PREFIX = 0x00;
/** First byte of an inner node's preimage. */
export const MERKLE_NODE_PREFIX = 0x01;
/** The root of a month nobody was active in (64 zero hex digits). */
export const EMPTY_MERKLE_ROOT = '0'.repeat(64);
/** Prefix of the anchoring transaction's calldata, before the month and the root (see `anchorCalldata`). */
export const ANCHOR_TAG = 'aeon-gdao:';

const U64_MAX = 2n ** 64n - 1n;
const U256_MAX = 2n ** 256n - 1n;

/** The fields of one leaf: what a public row publishes. */
export interface MerkleLeaf {
  /** The player's account id (the `user_id` of the public rows). */
  user_id: number;
  /** Counted activity of the month (rounds joined, invited players' share included). */
  activity: number | string | bigint;
  /** Whole gDAO paid. */
  amount: number | string | bigint;
}

/** A player's proof: where the leaf sits and its siblings from the bottom up (lowercase hex). */
export interface MerkleProof {
  index: number;
  leaf_count: number;
  siblings: string[];
}

/** A whole number in [0, max] from a number, bigint or decimal string; throws on anything else. */
function whole(value: number | string | bigint, max: bigint, what: string): bigint {
  const text = typeof value === 'bigint' ? value.toString() : String(value).trim();
  if (!/^\d+$/.test(text)) throw new RangeError(`${what} is not a whole non-negative number: "${text}"`);
  const n = BigInt(text);
  if (n > max) throw new RangeError(`${what} does not fit its field: ${text}`);
  return n;
}

/** `n` as `bytes` big-endian bytes. */
function bigEndian(n: bigint, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** The 49 bytes a leaf hashes: 0x00 ‖ u64 account id ‖ u64 activity ‖ u256 amount (big-endian). */
export function leafBytes(leaf: MerkleLeaf): Uint8Array {
  const out = new Uint8Array(49);
  out[0] = MERKLE_LEAF_PREFIX;
  out.set(bigEndian(whole(leaf.user_id, U64_MAX, 'account id'), 8), 1);
  out.set(bigEndian(whole(leaf.activity, U64_MAX, 'activity'), 8), 9);
  out.set(bigEndian(whole(leaf.amount, U256_MAX, 'amount'), 32), 17);
  return out;
}

/** sha256 of a leaf's bytes, lowercase hex. */
export function leafHash(leaf: MerkleLeaf): string {
  return bytesToHex(sha256(leafBytes(leaf)));
}

/** 32 bytes of a 64-digit hex hash; throws on anything else. */
function hashBytes(hex: string, what: string): Uint8Array {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new RangeError(`${what} is not a 32-byte hex hash: "${hex}"`);
  return hexToBytes(hex.toLowerCase());
}

/** sha256(0x01 ‖ left ‖ right), lowercase hex. */
export function nodeHash(left: string, right: string): string {
  const pre = new Uint8Array(65);
  pre[0] = MERKLE_NODE_PREFIX;
  pre.set(hashBytes(left, 'left node'), 1);
  pre.set(hashBytes(right, 'right node'), 33);
  return bytesToHex(sha256(pre));
}

/** The leaves in account id order; throws when an id appears twice (a tree must name each account once). */
export function orderedLeaves<T extends MerkleLeaf>(rows: readonly T[]): T[] {
  const sorted = [...rows].sort((a, b) => a.user_id - b.user_id);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.user_id === sorted[i - 1]!.user_id) throw new RangeError(`account id ${sorted[i]!.user_id} appears twice`);
  return sorted;
}

/** The next level up: pairs hashed left to right, an odd last node promoted as it is. */
function levelUp(level: readonly string[]): string[] {
  const next: string[] = [];
  for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? nodeHash(level[i]!, level[i + 1]!) : level[i]!);
  return next;
}

/** The root over leaf hashes already in account id order. */
export function rootOfLeafHashes(hashes: readonly string[]): string {
  if (hashes.length === 0) return EMPTY_MERKLE_ROOT;
  let level = [...hashes];
  while (level.length > 1) level = levelUp(level);
  return level[0]!;
}

/** The Merkle root of a month's rows (any order: they are put in account id order). */
export function merkleRoot(rows: readonly MerkleLeaf[]): string {
  return rootOfLeafHashes(orderedLeaves(rows).map(leafHash));
}

/** The proof of the leaf at `index` among leaf hashes in account id order. */
export function proofOfIndex(hashes: readonly string[], index: number): MerkleProof {
  if (!Number.isInteger(index) || index < 0 || index >= hashes.length) throw new RangeError(`no leaf at index ${index}`);
  const siblings: string[] = [];
  let level = [...hashes];
  let i = index;
  while (level.length > 1) {
    const mate = i % 2 === 1 ? i - 1 : i + 1;
    if (mate < level.length) siblings.push(level[mate]!);
    level = levelUp(level);
    i = Math.floor(i / 2);
  }
  return { index, leaf_count: hashes.length, siblings };
}

/** The proof of account `userId`'s leaf in a month's rows, or undefined when the account has no leaf. */
export function merkleProof(rows: readonly MerkleLeaf[], userId: number): MerkleProof | undefined {
  const leaves = orderedLeaves(rows);
  const index = leaves.findIndex((r) => r.user_id === userId);
  return index < 0 ? undefined : proofOfIndex(leaves.map(leafHash), index);
}

/** The root a proof leads to from `leaf`; throws when the proof's shape does not fit its index and count. */
export function rootFromProof(leaf: MerkleLeaf, proof: MerkleProof): string {
  const { index, leaf_count: count, siblings } = proof;
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`leaf count is not a positive whole number: ${count}`);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) throw new RangeError(`index ${index} is outside the ${count} leaves`);
  let hash = leafHash(leaf);
  let used = 0;
  let i = index;
  for (let n = count; n > 1; n = Math.ceil(n / 2), i = Math.floor(i / 2)) {
    // The last node of an odd level has no sibling: it goes up as it is.
    if (i % 2 === 0 && i + 1 >= n) continue;
    const sibling = siblings[used++];
    if (sibling === undefined) throw new RangeError('the proof has too few siblings');
    hash = i % 2 === 1 ? nodeHash(sibling, hash) : nodeHash(hash, sibling);
  }
  if (used !== siblings.length) throw new RangeError('the proof has too many siblings');
  return hash;
}

/** True when `proof` takes `leaf` to `root`; false on any mismatch or malformed input (never throws). */
export function verifyMerkleProof(leaf: MerkleLeaf, proof: MerkleProof, root: string): boolean {
  try {
    return rootFromProof(leaf, proof) === root.trim().toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The calldata of the transaction that anchors a month: the ASCII bytes of `aeon-gdao:<YYYY-MM>:`
 * followed by the 32 root bytes, as 0x-prefixed lowercase hex.
 */
export function anchorCalldata(month: string, root: string): `0x${string}` {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new RangeError(`month is not YYYY-MM: "${month}"`);
  return `0x${bytesToHex(utf8ToBytes(`${ANCHOR_TAG}${month}:`))}${bytesToHex(hashBytes(root, 'root'))}`;
}
