/** A player's liability proof recomputed from src/server/domain/solvency/README.md, "The proof of liabilities". */
import { check, raw, sha, uintBE, units, type Check } from './bytes';

/** The published root: `liability_root` of `GET /api/solvency`. */
export interface LiabilityRoot {
  hash: string;
  assets: string[];
  totals: string[];
  players: number;
}

/** `GET /api/solvency/proof`. */
export interface LiabilityProof {
  root: LiabilityRoot;
  index: number;
  leaf: { user_id: number; salt: string; amounts: string[] };
  path: Array<{ side: 'left' | 'right'; hash: string; sums: string[] }>;
}

/** The ledger units of each asset (README: ANGLS 8 decimals, USDC 6, BNB 9, gDAO 0). */
const SCALE: Record<string, number> = { ANGLS: 8, USDC: 6, BNB: 9, GDAO: 0 };

/** A report figure ("1.5", "-3", "12.34000000") in integer ledger units of `asset`; throws on more decimals than the asset has. */
export function figureUnits(asset: string, text: string): bigint {
  const scale = SCALE[asset];
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (scale === undefined || !m || (m[3] ?? '').length > scale) throw new Error(`${asset} figure ${text} is not a decimal of its units`);
  const v = BigInt(m[2]!) * 10n ** BigInt(scale) + BigInt((m[3] ?? '').padEnd(scale, '0') || '0');
  return m[1] ? -v : v;
}

const amounts = (xs: string[]): Buffer[] => {
  if (xs.length !== 4) throw new Error(`${xs.length} amounts, 4 expected`);
  return xs.map((x) => uintBE(units(x), 16));
};

/** The root hash and sums the proof leads to; throws when the path's sides are not those the index gives. */
export function liabilityProofRoot(proof: LiabilityProof, players: number): { hash: string; sums: bigint[] } {
  const salt = raw(proof.leaf.salt);
  if (salt.length !== 32) throw new Error('the salt is not 32 bytes');
  let hash = sha(Buffer.from([0]), uintBE(BigInt(proof.leaf.user_id), 8), salt, ...amounts(proof.leaf.amounts));
  let sums = proof.leaf.amounts.map(units);
  const sides: string[] = [];
  for (let i = proof.index, n = players; n > 1; i = Math.floor(i / 2), n = Math.ceil(n / 2)) {
    if ((i ^ 1) < n) sides.push(i % 2 === 0 ? 'right' : 'left');
  }
  if (sides.join() !== proof.path.map((s) => s.side).join()) throw new Error('the path does not fit the leaf position');
  for (const step of proof.path) {
    const sib = raw(step.hash);
    if (sib.length !== 32) throw new Error('a sibling is not 32 bytes');
    const mine = amounts(sums.map(String));
    const theirs = amounts(step.sums);
    hash =
      step.side === 'left' ? sha(Buffer.from([1]), sib, ...theirs, hash, ...mine) : sha(Buffer.from([1]), hash, ...mine, sib, ...theirs);
    sums = sums.map((s, i) => s + units(step.sums[i]!));
  }
  return { hash: hash.toString('hex'), sums };
}

/** The proof against the root the REPORT publishes (not the proof's copy), its totals, and each total against that asset's liabilities. */
export function checkLiability(
  proof: LiabilityProof,
  report: { liability_root: LiabilityRoot; assets: Array<{ asset: string; liabilities: string }> },
): Check[] {
  const root = report.liability_root;
  return [
    check(`liabilities: player ${proof.leaf.user_id}'s proof`, () => {
      const got = liabilityProofRoot(proof, root.players);
      if (got.hash !== root.hash) return `the path leads to ${got.hash}, the report publishes ${root.hash}`;
      return got.sums.join() === root.totals.join() || `the path sums to ${got.sums.join()}, the report's totals are ${root.totals.join()}`;
    }),
    check('liabilities: totals = liabilities', () => {
      const bad = root.assets.flatMap((a, i) => {
        const row = report.assets.find((x) => x.asset === a);
        return row && figureUnits(a, row.liabilities).toString() === root.totals[i]
          ? []
          : [`${a}: total ${root.totals[i]}, liabilities ${row?.liabilities}`];
      });
      return bad.length === 0 || bad.join('; ');
    }),
  ];
}
