/**
 * "Are my coins counted?" headless: a real tree built with the shared module, the proof as the API sends it,
 * checked against the published report; a changed amount, a path leading elsewhere, a published total that
 * is not what is owed, and a proof of another snapshot each give their own outcome.
 */
import { describe, expect, it } from 'vitest';
import { myProofView } from '../../../../src/client/hud/screens/solvencyProofView';
import { buildLiabilityTree, proofPath, rootHex, type LiabilityLeaf } from '../../../../src/shared/rules/liabilityTree';
import type { LiabilityProof, SolvencyAsset, SolvencyView } from '../../../../src/shared/api/solvency';

const leaves: LiabilityLeaf[] = [
  { userId: 3, salt: '11'.repeat(32), amounts: [150_000_000n, 2_500_000n, 0n, 4n] },
  { userId: 8, salt: '22'.repeat(32), amounts: [50_000_000n, 0n, 1_000_000_000n, 0n] },
  { userId: 9, salt: '33'.repeat(32), amounts: [0n, 0n, 0n, 1n] },
];
const tree = buildLiabilityTree(leaves);
const root = {
  hash: rootHex(tree),
  assets: ['ANGLS', 'USDC', 'BNB', 'GDAO'],
  totals: tree.root.sums.map(String),
  players: 3,
  taken_at: '2026-11-28 14:00:00',
};
const owed: Record<string, string> = { ANGLS: '2', USDC: '2.5', BNB: '1', GDAO: '5' };
const asset = (code: string): SolvencyAsset => ({
  asset: code,
  issued: '0',
  from_chain: '0',
  pools: [],
  pools_total: '0',
  players: owed[code]!,
  eidols: '0',
  liabilities: owed[code]!,
  custody: null,
});
const view = (patch: Partial<SolvencyView> = {}): SolvencyView => ({
  updated_at: '2026-11-28 14:00:05',
  assets: ['ANGLS', 'USDC', 'BNB', 'GDAO'].map(asset),
  custody_note: null,
  liability_root: root,
  ...patch,
});
const proofOf = (i: number): LiabilityProof => ({
  root,
  index: i,
  leaf: { user_id: leaves[i]!.userId, salt: leaves[i]!.salt, amounts: leaves[i]!.amounts.map(String) },
  path: proofPath(tree, i).map((s) => ({ side: s.side, hash: s.hash, sums: s.sums.map(String) })),
});

describe('my proof view', () => {
  it('says a player is counted when the path leads to the published root and its totals are what is owed', () => {
    const v = myProofView(proofOf(0), view());
    expect(v.state).toBe('counted');
    expect(v.headline).toBe('✓ You are counted: your coins are inside the public total.');
    expect(v.amounts).toEqual([
      { asset: 'ANGLS', title: 'ANGLS', amount: '1.5' },
      { asset: 'USDC', title: 'USDC', amount: '2.5' },
      { asset: 'BNB', title: 'BNB', amount: '0' },
      { asset: 'GDAO', title: 'gDAO', amount: '4' },
    ]);
    expect(v.checks.map((c) => c.ok)).toEqual([true, true]);
    expect(v.maths).toEqual({ position: 'Your place: 1 of 3', salt: '11'.repeat(32), steps: 'Steps to the root: 2' });
    expect(myProofView(proofOf(2), view()).state).toBe('counted');
  });

  it('says not counted when the leaf claims other amounts or the path is altered', () => {
    const p = proofOf(1);
    const more = myProofView({ ...p, leaf: { ...p.leaf, amounts: ['50000001', '0', '1000000000', '0'] } }, view());
    expect(more.state).toBe('not_counted');
    expect(more.checks.map((c) => c.ok)).toEqual([false, true]);
    const bent = myProofView(
      { ...p, path: p.path.map((s) => ({ ...s, sums: s.sums.map((x, i) => (i === 0 ? String(BigInt(x) - 1n) : x)) })) },
      view(),
    );
    expect(bent.state).toBe('not_counted');
    expect(myProofView({ ...p, path: [{ side: 'left', hash: 'zz', sums: ['1', '2', '3', '-4'] }] }, view()).state).toBe('not_counted');
  });

  it('says not counted when the published total is not what the page says is owed', () => {
    const v = myProofView(
      proofOf(0),
      view({ assets: ['ANGLS', 'USDC', 'BNB', 'GDAO'].map((c) => ({ ...asset(c), liabilities: c === 'GDAO' ? '6' : owed[c]! })) }),
    );
    expect(v.state).toBe('not_counted');
    expect(v.checks.map((c) => [c.ok, c.text])).toEqual([
      [true, 'Your coins, with the fingerprints beside them, lead to the published fingerprint'],
      [false, 'The published total equals what the game says it owes'],
    ]);
  });

  it('says stale when the proof is of another snapshot than the report on screen', () => {
    const other = { ...root, hash: 'cd'.repeat(32) };
    expect(myProofView(proofOf(0), view({ liability_root: other }))).toMatchObject({
      state: 'stale',
      checks: [],
      headline: 'The figures moved on while checking: refresh to check again.',
    });
  });
});
