/**
 * The liability sum tree against an independent implementation of its documented byte encoding
 * (node:crypto, written from the module's header alone), and its verifier against tampered proofs: sums
 * changed, the "parent sum = larger child" attack, negative sums, a wrong salt, wrong shapes; one leaf and
 * odd counts; a property over random trees. Reproduce a failure with LIABILITY_SEED=<printed seed>.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildLiabilityTree,
  buildLiabilityTreeSliced,
  emptyRoot,
  LIABILITY_ASSETS,
  proofPath,
  rootHex,
  verifyLiabilityProof,
  type LiabilityLeaf,
  type ProofStep,
} from '../../../src/shared/rules/liabilityTree';

const seed = Number(process.env.LIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.info(`[liability tree property] seed=${seed} (LIABILITY_SEED=${seed} reproduces)`);

/** The outsider's implementation: uint64 id, 32-byte salt, uint128 big-endian amounts. */
const u128 = (v: bigint) => Buffer.from(v.toString(16).padStart(32, '0'), 'hex');
const sums = (a: readonly bigint[]) => Buffer.concat(a.map(u128));
const sha = (b: Buffer) => createHash('sha256').update(b).digest();
function outsiderLeaf(l: LiabilityLeaf): { hash: Buffer; sums: bigint[] } {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(l.userId));
  return { hash: sha(Buffer.concat([Buffer.from([0]), id, Buffer.from(l.salt, 'hex'), sums(l.amounts)])), sums: [...l.amounts] };
}
function outsiderRoot(leaves: LiabilityLeaf[]): { hash: string; sums: bigint[] } {
  if (leaves.length === 0) return { hash: sha(Buffer.from([2])).toString('hex'), sums: [0n, 0n, 0n, 0n] };
  let level = leaves.map(outsiderLeaf);
  while (level.length > 1) {
    const up: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const l = level[i]!;
      const r = level[i + 1];
      up.push(
        r
          ? {
              hash: sha(Buffer.concat([Buffer.from([1]), l.hash, sums(l.sums), r.hash, sums(r.sums)])),
              sums: l.sums.map((s, k) => s + r.sums[k]!),
            }
          : l,
      );
    }
    level = up;
  }
  return { hash: level[0]!.hash.toString('hex'), sums: level[0]!.sums };
}

const salt = () => randomBytes(32).toString('hex');
const leavesOf = (amounts: bigint[][]): LiabilityLeaf[] => amounts.map((a, i) => ({ userId: i * 3 + 1, salt: salt(), amounts: a }));
const sample = leavesOf([
  [100n, 0n, 5n, 0n],
  [250_000_000n, 1_000_000n, 0n, 7n],
  [0n, 0n, 0n, 0n],
  [1n, 2n, 3n, 4n],
  [9n, 0n, 0n, 1n],
]);

/** A proof of leaf `i` as the API hands it over, checked against the tree's own root. */
function proofOf(leaves: LiabilityLeaf[], i: number) {
  const tree = buildLiabilityTree(leaves);
  return {
    leaf: leaves[i]!,
    index: i,
    count: leaves.length,
    path: proofPath(tree, i),
    root: { hash: rootHex(tree), sums: tree.root.sums },
  };
}

describe('liability sum tree', () => {
  it('computes the root the documented encoding gives, sums added per asset', () => {
    const tree = buildLiabilityTree(sample);
    expect({ hash: rootHex(tree), sums: tree.root.sums }).toEqual(outsiderRoot(sample));
    expect(tree.root.sums).toEqual([250_000_110n, 1_000_002n, 8n, 12n]);
    expect(LIABILITY_ASSETS).toEqual(['ANGLS', 'USDC', 'BNB', 'GDAO']);
  });

  it('proves every leaf of odd and even counts, one leaf having an empty path', async () => {
    for (const n of [1, 2, 3, 5, 7, 8, 9]) {
      const leaves = leavesOf(Array.from({ length: n }, (_, i) => [BigInt(i), 0n, BigInt(n), 1n]));
      const tree = buildLiabilityTree(leaves);
      expect((await buildLiabilityTreeSliced(leaves, async () => {}, 2)).root).toEqual(tree.root);
      for (let i = 0; i < n; i++) expect(verifyLiabilityProof(proofOf(leaves, i))).toMatchObject({ ok: true, sums: tree.root.sums });
    }
    const one = proofOf(sample.slice(0, 1), 0);
    expect(one.path).toEqual([]);
    expect(one.root.sums).toEqual(sample[0]!.amounts);
  });

  it('offers the event loop a turn at least every 64 hashes while building sliced', async () => {
    const leaves = leavesOf(Array.from({ length: 1000 }, (_, i) => [BigInt(i), 0n, 0n, 0n]));
    let pauses = 0;
    const tree = await buildLiabilityTreeSliced(leaves, async () => void pauses++, 64);
    expect(tree.root).toEqual(buildLiabilityTree(leaves).root);
    // 1000 leaf hashes: an offer after each 64 (15); 500 parents above them: one per 64 parents (8); and
    // at least one per higher level (7 more levels up to the root).
    expect(pauses).toBeGreaterThanOrEqual(15 + 8 + 7);
  });

  it('has a fixed root for no leaves', () => {
    expect(rootHex({ levels: [[]], root: emptyRoot() })).toBe(outsiderRoot([]).hash);
    expect(buildLiabilityTree([]).root).toEqual(emptyRoot());
  });

  it('refuses a wrong salt, id or amount in the leaf', () => {
    const p = proofOf(sample, 1);
    expect(verifyLiabilityProof({ ...p, leaf: { ...p.leaf, salt: salt() } })).toEqual({
      ok: false,
      reason: 'the path does not lead to the published root',
    });
    expect(verifyLiabilityProof({ ...p, leaf: { ...p.leaf, userId: 5 } }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...p, leaf: { ...p.leaf, amounts: [250_000_000n, 1_000_000n, 0n, 6n] } }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...p, leaf: { ...p.leaf, salt: 'zz' } })).toMatchObject({ ok: false, reason: /64 lowercase hex/ });
  });

  it('refuses a sibling sum changed, or a published total that differs from the path', () => {
    const p = proofOf(sample, 0);
    const bump = (s: ProofStep, d: bigint): ProofStep => ({ ...s, sums: s.sums.map((v, i) => (i === 0 ? v + d : v)) });
    for (let k = 0; k < p.path.length; k++) {
      const path = p.path.map((s, i) => (i === k ? bump(s, -1n) : s));
      // The sums alone fit the new total, but the parent's hash committed to the old ones.
      const total = p.root.sums.map((v, i) => (i === 0 ? v - 1n : v));
      expect(verifyLiabilityProof({ ...p, path, root: { ...p.root, sums: total } })).toEqual({
        ok: false,
        reason: 'the path does not lead to the published root',
      });
    }
    expect(verifyLiabilityProof({ ...p, root: { ...p.root, sums: p.root.sums.map((v, i) => (i === 3 ? v + 1n : v)) } })).toEqual({
      ok: false,
      reason: 'the sums along the path do not add up to the published totals',
    });
  });

  it('defeats the "parent sum = larger child" attack: a tree built that way never verifies', () => {
    // The attacker's tree: each parent claims max(left, right) instead of left + right, so the published
    // total hides most of what is owed; every player's path is recomputed with real sums and fails.
    const leaves = sample;
    let level = leaves.map((l) => ({ hash: outsiderLeaf(l).hash, sums: [...l.amounts] }));
    const levels = [level];
    while (level.length > 1) {
      const up: typeof level = [];
      for (let i = 0; i < level.length; i += 2) {
        const l = level[i]!;
        const r = level[i + 1];
        up.push(
          r
            ? {
                hash: sha(Buffer.concat([Buffer.from([1]), l.hash, sums(l.sums), r.hash, sums(r.sums)])),
                sums: l.sums.map((s, k) => (s > r.sums[k]! ? s : r.sums[k]!)),
              }
            : l,
        );
      }
      levels.push((level = up));
    }
    const root = { hash: level[0]!.hash.toString('hex'), sums: level[0]!.sums };
    for (let i = 0; i < leaves.length; i++) {
      let j = i;
      const path: ProofStep[] = [];
      for (const lv of levels.slice(0, -1)) {
        const sib = j % 2 === 0 ? j + 1 : j - 1;
        if (sib < lv.length) path.push({ side: j % 2 === 0 ? 'right' : 'left', hash: lv[sib]!.hash.toString('hex'), sums: lv[sib]!.sums });
        j = Math.floor(j / 2);
      }
      expect(verifyLiabilityProof({ leaf: leaves[i]!, index: i, count: leaves.length, path, root }).ok).toBe(false);
    }
  });

  it('refuses a negative sibling sum, even when it makes the totals add up', () => {
    const p = proofOf(sample, 2);
    const path = p.path.map((s, i) => (i === 0 ? { ...s, sums: s.sums.map((v, k) => (k === 0 ? -1n : v)) } : s));
    expect(verifyLiabilityProof({ ...p, path })).toMatchObject({ ok: false, reason: /not a uint128/ });
    expect(() => buildLiabilityTree(leavesOf([[-1n, 0n, 0n, 0n]]))).toThrow(/uint128/);
  });

  it('refuses a path of the wrong shape: a side flipped, a step dropped, a position outside the tree', () => {
    const p = proofOf(sample, 3);
    expect(
      verifyLiabilityProof({ ...p, path: p.path.map((s, i) => (i === 0 ? { ...s, side: s.side === 'left' ? 'right' : 'left' } : s)) }),
    ).toMatchObject({ ok: false, reason: /shape|fit/ });
    expect(verifyLiabilityProof({ ...p, path: p.path.slice(1) }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...p, index: 5 }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...p, count: 4 }).ok).toBe(false);
  });

  it('refuses leaves out of order', () => {
    expect(() => buildLiabilityTree([sample[1]!, sample[0]!])).toThrow(/ascending/);
  });

  it('property: random trees match the outsider, every leaf verifies, any changed amount fails', () => {
    const amount = fc.bigInt({ min: 0n, max: (1n << 63n) - 1n });
    fc.assert(
      fc.property(
        fc.array(fc.array(amount, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat({ max: 3 }),
        (amounts, pick, asset) => {
          const leaves = leavesOf(amounts);
          const tree = buildLiabilityTree(leaves);
          expect({ hash: rootHex(tree), sums: tree.root.sums }).toEqual(outsiderRoot(leaves));
          const i = pick % leaves.length;
          const p = proofOf(leaves, i);
          expect(verifyLiabilityProof(p).ok).toBe(true);
          const changed = leaves[i]!.amounts.map((v, k) => (k === asset ? v + 1n : v));
          expect(verifyLiabilityProof({ ...p, leaf: { ...p.leaf, amounts: changed } }).ok).toBe(false);
        },
      ),
      { seed, numRuns: 100 },
    );
  });
});
