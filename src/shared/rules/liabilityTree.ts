/**
 * The proof of liabilities: a Merkle SUM tree over every player's holdings per asset, isomorphic (the server
 * builds it, the browser and any outside verifier check a player's path). Byte encoding, exactly:
 *
 * - amounts: one per asset in LIABILITY_ASSETS order (ANGLS, USDC, BNB, GDAO), each an unsigned 128-bit
 *   big-endian integer of ledger units (ANGLS 8 decimals, USDC 6, BNB 9, gDAO 0), never negative;
 * - leaf  = sha256(0x00 ‖ user id as uint64 big-endian ‖ salt (32 bytes) ‖ the 4 amounts);
 * - node  = sha256(0x01 ‖ left hash ‖ left's 4 sums ‖ right hash ‖ right's 4 sums), and the node's sums are
 *   left + right per asset: the hash commits to each child's sums apart, so a parent cannot claim less than
 *   its children hold (the naïve form hashed only the total, letting a parent's sum shrink to its larger child);
 * - leaves in ascending user id; each level pairs nodes left to right, and a level's odd last node goes up
 *   unchanged (duplicating it would count its holdings twice); no leaves: hash = sha256(0x02), sums 0.
 * Hashes and salts travel as lowercase hex, amounts as decimal integer strings of units.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** The assets a leaf holds, in the order of its amounts. */
export const LIABILITY_ASSETS = ['ANGLS', 'USDC', 'BNB', 'GDAO'] as const;

/** Bytes of one amount: uint128, so no sum of int64 balances can overflow it. */
export const AMOUNT_BYTES = 16;

const MAX_AMOUNT = (1n << BigInt(AMOUNT_BYTES * 8)) - 1n;
const MAX_USER_ID = (1n << 64n) - 1n;

/** One player's leaf: who, their salt (64 hex digits) and what they are owed per asset (units). */
export interface LiabilityLeaf {
  userId: number;
  salt: string;
  amounts: readonly bigint[];
}

/** A tree node: its hash and its sums per asset. */
export interface SumNode {
  hash: Uint8Array;
  sums: readonly bigint[];
}

/** One step of a path: the sibling met on the way up, and on which side of the path it sits. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  sums: readonly bigint[];
}

/** Every level of a built tree, leaves first, the root alone last. */
export interface LiabilityTree {
  levels: SumNode[][];
  root: SumNode;
}

/** The amounts' bytes; throws on a negative, oversized or wrongly counted vector. */
function amountBytes(amounts: readonly bigint[]): Uint8Array {
  if (amounts.length !== LIABILITY_ASSETS.length)
    throw new RangeError(`expected ${LIABILITY_ASSETS.length} amounts, got ${amounts.length}`);
  const out = new Uint8Array(AMOUNT_BYTES * amounts.length);
  amounts.forEach((a, i) => {
    if (typeof a !== 'bigint' || a < 0n || a > MAX_AMOUNT) throw new RangeError(`amount ${String(a)} is not a uint128`);
    let v = a;
    for (let b = AMOUNT_BYTES - 1; b >= 0; b--) {
      out[i * AMOUNT_BYTES + b] = Number(v & 0xffn);
      v >>= 8n;
    }
  });
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The 32 bytes of a salt given as 64 hex digits. */
function saltBytes(salt: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(salt)) throw new RangeError('salt is not 64 lowercase hex digits');
  return hexToBytes(salt);
}

/** A leaf's node: sha256(0x00 ‖ uint64 user id ‖ salt ‖ amounts), sums = its amounts. */
export function leafNode(leaf: LiabilityLeaf): SumNode {
  if (!Number.isSafeInteger(leaf.userId) || leaf.userId < 0 || BigInt(leaf.userId) > MAX_USER_ID)
    throw new RangeError(`bad user id ${leaf.userId}`);
  const id = new Uint8Array(8);
  new DataView(id.buffer).setBigUint64(0, BigInt(leaf.userId));
  return { hash: sha256(concat([Uint8Array.of(0), id, saltBytes(leaf.salt), amountBytes(leaf.amounts)])), sums: [...leaf.amounts] };
}

/** A parent: sha256(0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums), sums added per asset. */
export function parentNode(left: SumNode, right: SumNode): SumNode {
  if (left.hash.length !== 32 || right.hash.length !== 32) throw new RangeError('a node hash is 32 bytes');
  const hash = sha256(concat([Uint8Array.of(1), left.hash, amountBytes(left.sums), right.hash, amountBytes(right.sums)]));
  const sums = left.sums.map((s, i) => s + right.sums[i]!);
  amountBytes(sums); // an overflow past uint128 is refused, never wrapped
  return { hash, sums };
}

/** The root of a tree without leaves. */
export function emptyRoot(): SumNode {
  return { hash: sha256(Uint8Array.of(2)), sums: LIABILITY_ASSETS.map(() => 0n) };
}

/** The level above `nodes`: pairs left to right, an odd last node carried up as it is. */
function levelAbove(nodes: readonly SumNode[], from: number, to: number, out: SumNode[]): void {
  for (let i = from; i < to; i += 2) out.push(i + 1 < nodes.length ? parentNode(nodes[i]!, nodes[i + 1]!) : nodes[i]!);
}

/** Builds the tree over leaves already in ascending user id (refused otherwise). */
export function buildLiabilityTree(leaves: readonly LiabilityLeaf[]): LiabilityTree {
  checkOrder(leaves);
  const levels: SumNode[][] = [leaves.map(leafNode)];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: SumNode[] = [];
    levelAbove(below, 0, below.length, up);
    levels.push(up);
  }
  return { levels, root: levels[levels.length - 1]![0] ?? emptyRoot() };
}

/**
 * The same tree, built in slices of `slice` hashes with `await pause()` between them, so a server can build
 * one over 10^5 players without holding its event loop.
 */
export async function buildLiabilityTreeSliced(
  leaves: readonly LiabilityLeaf[],
  pause: () => Promise<void>,
  slice = 64,
): Promise<LiabilityTree> {
  checkOrder(leaves);
  const first: SumNode[] = [];
  for (let i = 0; i < leaves.length; i++) {
    first.push(leafNode(leaves[i]!));
    if (i % slice === slice - 1) await pause();
  }
  const levels: SumNode[][] = [first];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2 * slice) {
      levelAbove(below, i, Math.min(below.length, i + 2 * slice), up);
      await pause();
    }
    levels.push(up);
  }
  return { levels, root: levels[levels.length - 1]![0] ?? emptyRoot() };
}

function checkOrder(leaves: readonly LiabilityLeaf[]): void {
  for (let i = 1; i < leaves.length; i++) {
    if (!(leaves[i - 1]!.userId < leaves[i]!.userId)) throw new RangeError('leaves must be in strictly ascending user id');
  }
}

/** The path of leaf `index` up to the root: each sibling met, and its side. */
export function proofPath(tree: LiabilityTree, index: number): ProofStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= tree.levels[0]!.length) throw new RangeError(`no leaf ${index}`);
  const path: ProofStep[] = [];
  let i = index;
  for (const level of tree.levels.slice(0, -1)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    // An odd last node has no sibling: it went up unchanged, so the path has no step here.
    if (sibling < level.length)
      path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: bytesToHex(level[sibling]!.hash), sums: level[sibling]!.sums });
    i = Math.floor(i / 2);
  }
  return path;
}

/** The sides a path must take for leaf `index` of `count` leaves (the verifier checks the shape too). */
export function pathSides(index: number, count: number): Array<'left' | 'right'> {
  const sides: Array<'left' | 'right'> = [];
  let i = index;
  for (let n = count; n > 1; n = Math.ceil(n / 2)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < n) sides.push(i % 2 === 0 ? 'right' : 'left');
    i = Math.floor(i / 2);
  }
  return sides;
}

/** What a check of one player's proof found. */
export type LiabilityCheck = { ok: true; root: string; sums: bigint[] } | { ok: false; reason: string };

/**
 * Recomputes a player's path to the root: the leaf from their id, salt and amounts, each parent from its two
 * children with the sums added here (never taken from the server); refuses a negative or oversized sum, a
 * path whose shape does not fit (index, count), and any difference from the published root hash or sums.
 */
export function verifyLiabilityProof(input: {
  leaf: LiabilityLeaf;
  index: number;
  count: number;
  path: readonly ProofStep[];
  root: { hash: string; sums: readonly bigint[] };
}): LiabilityCheck {
  try {
    const { leaf, index, count, path, root } = input;
    if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count)
      return { ok: false, reason: 'the leaf position is outside the tree' };
    const sides = pathSides(index, count);
    if (sides.length !== path.length || path.some((s, i) => s.side !== sides[i]))
      return { ok: false, reason: 'the path does not fit the leaf position' };
    let node = leafNode(leaf);
    for (const step of path) {
      if (!/^[0-9a-f]{64}$/.test(step.hash)) return { ok: false, reason: 'a path hash is not 64 hex digits' };
      const sibling: SumNode = { hash: hexToBytes(step.hash), sums: step.sums };
      node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
    }
    if (bytesToHex(node.hash) !== root.hash) return { ok: false, reason: 'the path does not lead to the published root' };
    if (root.sums.length !== node.sums.length || node.sums.some((s, i) => s !== root.sums[i]))
      return { ok: false, reason: 'the sums along the path do not add up to the published totals' };
    return { ok: true, root: root.hash, sums: [...node.sums] };
  } catch (err) {
    // A negative or oversized amount, a bad salt or id: the proof is refused, not thrown at the caller.
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** A root as published: lowercase hex hash. */
export function rootHex(tree: LiabilityTree): string {
  return bytesToHex(tree.root.hash);
}
