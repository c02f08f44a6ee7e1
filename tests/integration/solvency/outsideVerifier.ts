/**
 * A verifier of a player's liability proof written from src/server/domain/solvency/README.md alone: no
 * project import, only node:crypto. It takes the JSON of `GET /api/solvency/proof` and the published root of
 * `GET /api/solvency`, and answers whether the player is counted and what the root's totals are.
 */
import { createHash } from 'node:crypto';

type Step = { side: 'left' | 'right'; hash: string; sums: string[] };
/** The proof as the API sends it. */
export interface ProofJson {
  root: { hash: string; assets: string[]; totals: string[]; players: number };
  index: number;
  leaf: { user_id: number; salt: string; amounts: string[] };
  path: Step[];
}

const u128 = (text: string): Buffer => {
  if (!/^\d+$/.test(text)) throw new Error(`not a non-negative integer: ${text}`);
  const v = BigInt(text);
  if (v >= 1n << 128n) throw new Error('amount beyond 128 bits');
  return Buffer.from(v.toString(16).padStart(32, '0'), 'hex');
};
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** Recomputes the path; answers the root hash and sums it leads to, or throws on any bad field. */
export function outsideVerify(
  proof: ProofJson,
  published: { hash: string; totals: string[] },
): { hash: string; sums: string[]; ok: boolean } {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(proof.leaf.user_id));
  if (!/^[0-9a-f]{64}$/.test(proof.leaf.salt)) throw new Error('bad salt');
  let hash = sha(Buffer.from([0]), id, Buffer.from(proof.leaf.salt, 'hex'), ...proof.leaf.amounts.map(u128));
  let sums = proof.leaf.amounts.map((a) => BigInt(a));
  // The path's shape follows from the leaf's position: a sibling at each level where one exists.
  const sides: string[] = [];
  for (let i = proof.index, n = proof.root.players; n > 1; i = Math.floor(i / 2), n = Math.ceil(n / 2)) {
    if ((i ^ 1) < n) sides.push(i % 2 === 0 ? 'right' : 'left');
  }
  if (sides.join() !== proof.path.map((s) => s.side).join()) throw new Error('the path does not fit the leaf position');
  for (const step of proof.path) {
    const sib = Buffer.from(step.hash, 'hex');
    const sibSums = step.sums.map(u128);
    const mine = sums.map((s) => u128(s.toString()));
    hash =
      step.side === 'left' ? sha(Buffer.from([1]), sib, ...sibSums, hash, ...mine) : sha(Buffer.from([1]), hash, ...mine, sib, ...sibSums);
    sums = sums.map((s, i) => s + BigInt(step.sums[i]!));
  }
  const out = { hash: hash.toString('hex'), sums: sums.map(String) };
  return { ...out, ok: out.hash === published.hash && out.sums.join() === published.totals.join() };
}
