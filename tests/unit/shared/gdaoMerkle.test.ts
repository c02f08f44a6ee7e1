/**
 * The gDAO Merkle tree against an independent implementation written from the README's description with
 * node:crypto (leaf bytes, prefixes, odd promotion), every leaf's proof at tree sizes 1–9, tampered
 * leaves, amounts, siblings, indexes and counts refused, and a property over random months.
 * Reproduce a failure with MERKLE_SEED=<printed seed>.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  anchorCalldata,
  EMPTY_MERKLE_ROOT,
  leafBytes,
  leafHash,
  merkleProof,
  merkleRoot,
  nodeHash,
  orderedLeaves,
  verifyMerkleProof,
} from '../../../src/shared/rules/gdaoMerkle';

const seed = Number(process.env.MERKLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.info(`[gdao merkle property] seed=${seed} (MERKLE_SEED=${seed} reproduces)`);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The leaf as the README writes it: 0x00, u64 BE id, u64 BE activity, u256 BE amount. */
function refLeaf(id: number, activity: bigint, amount: bigint): string {
  const b = Buffer.alloc(49);
  b[0] = 0;
  b.writeBigUInt64BE(BigInt(id), 1);
  b.writeBigUInt64BE(activity, 9);
  b.write(amount.toString(16).padStart(64, '0'), 17, 'hex');
  return sha(b);
}

/** The root as the README writes it: level by level, pairs left to right, an odd last node promoted. */
function refRoot(rows: Array<{ user_id: number; activity: bigint; amount: bigint }>): string {
  let level = [...rows].sort((a, b) => a.user_id - b.user_id).map((r) => refLeaf(r.user_id, r.activity, r.amount));
  if (level.length === 0) return '00'.repeat(32);
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(
        i + 1 < level.length
          ? sha(Buffer.concat([Buffer.from([1]), Buffer.from(level[i]!, 'hex'), Buffer.from(level[i + 1]!, 'hex')]))
          : level[i]!,
      );
    }
    level = next;
  }
  return level[0]!;
}

const month = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ user_id: 3 * i + 5, activity: BigInt(i + 1), amount: BigInt(1000 - i) }));

describe('gDAO Merkle leaves and nodes', () => {
  it('encodes a leaf as 49 fixed-width big-endian bytes after 0x00', () => {
    const bytes = leafBytes({ user_id: 258, activity: 7, amount: '4667' });
    expect(bytes.length).toBe(49);
    expect(Buffer.from(bytes).toString('hex')).toBe(`00${'0000000000000102'}${'0000000000000007'}${'0'.repeat(60)}123b`);
    expect(leafHash({ user_id: 258, activity: '7', amount: 4667n })).toBe(refLeaf(258, 7n, 4667n));
  });

  it('separates leaves from nodes: a node over two hashes is not the leaf hash of the same bytes', () => {
    const a = leafHash({ user_id: 1, activity: 1, amount: 1 });
    const b = leafHash({ user_id: 2, activity: 1, amount: 1 });
    expect(nodeHash(a, b)).toBe(sha(Buffer.concat([Buffer.from([1]), Buffer.from(a + b, 'hex')])));
    expect(nodeHash(a, b)).not.toBe(sha(Buffer.from(a + b, 'hex')));
    expect(nodeHash(a, b)).not.toBe(nodeHash(b, a));
  });

  it('refuses fractions, negatives, overflow and a repeated account id', () => {
    expect(() => leafBytes({ user_id: 1, activity: 1, amount: '1.5' })).toThrow(/whole/);
    expect(() => leafBytes({ user_id: 1, activity: -1, amount: 1 })).toThrow(/whole/);
    expect(() => leafBytes({ user_id: 1, activity: (2n ** 64n).toString(), amount: 1 })).toThrow(/fit/);
    expect(() =>
      orderedLeaves([
        { user_id: 4, activity: 1, amount: 1 },
        { user_id: 4, activity: 2, amount: 2 },
      ]),
    ).toThrow(/twice/);
  });
});

describe('gDAO Merkle root and proofs', () => {
  it('has the zero root for no leaf and the leaf hash for one', () => {
    expect(merkleRoot([])).toBe(EMPTY_MERKLE_ROOT);
    const one = { user_id: 9, activity: 2, amount: 10_000 };
    expect(merkleRoot([one])).toBe(leafHash(one));
    const proof = merkleProof([one], 9)!;
    expect(proof).toEqual({ index: 0, leaf_count: 1, siblings: [] });
    expect(verifyMerkleProof(one, proof, merkleRoot([one]))).toBe(true);
  });

  it('matches the reference at every size from 1 to 9, and every leaf proves, in any row order', () => {
    for (let n = 1; n <= 9; n++) {
      const rows = month(n);
      const root = merkleRoot([...rows].reverse());
      expect(root).toBe(refRoot(rows));
      for (const r of rows) expect(verifyMerkleProof(r, merkleProof(rows, r.user_id)!, root)).toBe(true);
    }
  });

  it('promotes the odd last node: 3 leaves make node(node(a, b), c), never node(c, c)', () => {
    const rows = month(3);
    const [a, b, c] = rows.map(leafHash) as [string, string, string];
    expect(merkleRoot(rows)).toBe(nodeHash(nodeHash(a, b), c));
    expect(merkleProof(rows, rows[2]!.user_id)).toEqual({ index: 2, leaf_count: 3, siblings: [nodeHash(a, b)] });
  });

  it('refuses a tampered leaf, amount, activity, account, sibling, index, count or root', () => {
    const rows = month(7);
    const root = merkleRoot(rows);
    const leaf = rows[4]!;
    const proof = merkleProof(rows, leaf.user_id)!;
    expect(verifyMerkleProof(leaf, proof, root)).toBe(true);
    expect(verifyMerkleProof({ ...leaf, amount: leaf.amount + 1n }, proof, root)).toBe(false);
    expect(verifyMerkleProof({ ...leaf, activity: leaf.activity + 1n }, proof, root)).toBe(false);
    expect(verifyMerkleProof({ ...leaf, user_id: leaf.user_id + 1 }, proof, root)).toBe(false);
    const flipped = proof.siblings.map((s, i) => (i === 1 ? (s[0] === 'a' ? 'b' : 'a') + s.slice(1) : s));
    expect(verifyMerkleProof(leaf, { ...proof, siblings: flipped }, root)).toBe(false);
    expect(verifyMerkleProof(leaf, { ...proof, siblings: proof.siblings.slice(1) }, root)).toBe(false);
    expect(verifyMerkleProof(leaf, { ...proof, siblings: [...proof.siblings, proof.siblings[0]!] }, root)).toBe(false);
    expect(verifyMerkleProof(leaf, { ...proof, index: 5 }, root)).toBe(false);
    // The count matters where it changes the path: the last of 7 leaves goes up alone, the 7th of 8 does not.
    const last = rows[6]!;
    const lastProof = merkleProof(rows, last.user_id)!;
    expect(verifyMerkleProof(last, lastProof, root)).toBe(true);
    expect(verifyMerkleProof(last, { ...lastProof, leaf_count: 8 }, root)).toBe(false);
    expect(verifyMerkleProof(leaf, { ...proof, index: 9 }, root)).toBe(false);
    expect(verifyMerkleProof(leaf, { ...proof, siblings: ['zz'] }, root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof, merkleRoot(rows.slice(1)))).toBe(false);
    // An inner node offered as a leaf's sibling path of a shorter tree does not reach the root either.
    expect(verifyMerkleProof(rows[0]!, { index: 0, leaf_count: 2, siblings: [proof.siblings[0]!] }, root)).toBe(false);
  });

  it('property: every leaf of a random month proves against the reference root; a changed amount never does', () => {
    const rowsArb = fc.uniqueArray(
      fc.record({
        user_id: fc.integer({ min: 1, max: 1_000_000 }),
        activity: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        amount: fc.bigInt({ min: 0n, max: 2n ** 80n }),
      }),
      { minLength: 1, maxLength: 40, selector: (r) => r.user_id },
    );
    fc.assert(
      fc.property(rowsArb, fc.nat(), fc.bigInt({ min: 1n, max: 2n ** 40n }), (rows, pick, delta) => {
        const root = merkleRoot(rows);
        expect(root).toBe(refRoot(rows));
        for (const r of rows) expect(verifyMerkleProof(r, merkleProof(rows, r.user_id)!, root)).toBe(true);
        const r = rows[pick % rows.length]!;
        expect(verifyMerkleProof({ ...r, amount: r.amount + delta }, merkleProof(rows, r.user_id)!, root)).toBe(false);
      }),
      { seed, numRuns: 150 },
    );
  });
});

describe('gDAO anchor calldata', () => {
  it('is "aeon-gdao:<month>:" in ASCII then the 32 root bytes', () => {
    const root = 'ab'.repeat(32);
    expect(anchorCalldata('2026-10', root)).toBe(`0x${Buffer.from('aeon-gdao:2026-10:').toString('hex')}${root}`);
    expect(() => anchorCalldata('2026-1', root)).toThrow(/YYYY-MM/);
    expect(() => anchorCalldata('2026-10', 'ab')).toThrow(/hash/);
  });
});
