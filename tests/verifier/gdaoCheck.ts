/** A gDAO month's Merkle proof recomputed from src/server/domain/gdao/README.md, "Encoding" and "Anchoring". */
import { check, raw, sha, uintBE, units, type Check } from './bytes';

/** A leaf as published: the account id, its activity, its whole-gDAO amount. */
export interface GdaoLeaf {
  user_id: number;
  activity: number;
  amount: string;
}

/** Leaf hash: sha256(0x00 ‖ id u64 ‖ activity u64 ‖ amount u256). */
export const gdaoLeafHash = (l: GdaoLeaf): Buffer =>
  sha(Buffer.from([0]), uintBE(BigInt(l.user_id), 8), uintBE(BigInt(l.activity), 8), uintBE(units(l.amount), 32));

const node = (left: Buffer, right: Buffer) => sha(Buffer.from([1]), left, right);

/** The root of leaves in account-id order; an odd level's last node goes up unchanged; no leaf: 64 zeros. */
export function gdaoRoot(rows: GdaoLeaf[]): string {
  let level = [...rows].sort((a, b) => a.user_id - b.user_id).map(gdaoLeafHash);
  if (level.length === 0) return '0'.repeat(64);
  while (level.length > 1) {
    const up: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) up.push(i + 1 < level.length ? node(level[i]!, level[i + 1]!) : level[i]!);
    level = up;
  }
  return level[0]!.toString('hex');
}

/** The root a proof leads to, or throws when a sibling is missing or left over. */
export function gdaoProofRoot(leaf: GdaoLeaf, proof: { index: number; leaf_count: number; siblings: string[] }): string {
  let h = gdaoLeafHash(leaf);
  let [i, n, used] = [proof.index, proof.leaf_count, 0];
  if (!Number.isInteger(i) || i < 0 || i >= n) throw new Error(`index ${i} outside ${n} leaves`);
  for (; n > 1; i = Math.floor(i / 2), n = Math.ceil(n / 2)) {
    if (i % 2 === 0 && i + 1 >= n) continue;
    const s = proof.siblings[used++];
    if (s === undefined) throw new Error('a sibling is missing');
    const sib = raw(s);
    if (sib.length !== 32) throw new Error('a sibling is not 32 bytes');
    h = i % 2 === 1 ? node(sib, h) : node(h, sib);
  }
  if (used !== proof.siblings.length) throw new Error(`${proof.siblings.length - used} siblings left over`);
  return h.toString('hex');
}

/** The anchoring calldata: ASCII "aeon-gdao:<YYYY-MM>:" then the 32 root bytes, 0x hex. */
export const anchorCalldata = (month: string, root: string): string =>
  `0x${Buffer.from(`aeon-gdao:${month}:`, 'ascii').toString('hex')}${root}`;

/** The month's published rows rebuild its root; the player's leaf (one of those rows) and proof reach it; the calldata carries it. */
export function checkGdaoMonth(
  month: { month: string; merkle_root: string | null; rows: GdaoLeaf[]; anchor: { calldata: string | null } | null },
  proof: { leaf: GdaoLeaf; index: number; leaf_count: number; siblings: string[] },
): Check[] {
  const name = `gDAO ${month.month}`;
  return [
    check(
      `${name}: root from the public rows`,
      () => gdaoRoot(month.rows) === month.merkle_root || `rows give ${gdaoRoot(month.rows)}, published ${month.merkle_root}`,
    ),
    check(`${name}: the player's leaf and proof`, () => {
      const row = month.rows.find((r) => r.user_id === proof.leaf.user_id);
      if (!row || row.activity !== proof.leaf.activity || row.amount !== proof.leaf.amount)
        return 'the leaf is not the public row of that account';
      if (proof.leaf_count !== month.rows.length) return `leaf_count ${proof.leaf_count}, the month has ${month.rows.length} rows`;
      const root = gdaoProofRoot(proof.leaf, proof);
      return root === month.merkle_root || `the proof leads to ${root}, published ${month.merkle_root}`;
    }),
    check(`${name}: anchoring calldata`, () => {
      const c = month.anchor?.calldata;
      if (!c || !month.merkle_root) return 'no calldata published';
      return c.toLowerCase() === anchorCalldata(month.month, month.merkle_root) || `calldata ${c} does not carry the root`;
    }),
  ];
}
