/**
 * "Are my coins counted?" on /solvency, headless: checks a player's proof in the browser with the shared
 * sum tree (liabilityTree.ts) against the root the page published (never the one the proof brings), and
 * that the root's totals equal the liabilities shown per asset; turns the outcome into the lines shown.
 */
import { t } from '../../i18n/t/solvency';
import type { LiabilityProof, SolvencyView } from '../../../shared/api/solvency';
import { LIABILITY_ASSETS, verifyLiabilityProof } from '../../../shared/rules/liabilityTree';
import { tryParseUnits, CURRENCY_ASSETS } from '../../../shared/money/index';
import { assetTitle, unitsText, type SolvencyCheck } from './solvencyView';

/** What the page shows about the player's proof. */
export interface MyProofView {
  /** 'stale': the proof is of another snapshot than the published figures (read both again). */
  state: 'counted' | 'not_counted' | 'stale';
  headline: string;
  /** The player's amounts per asset, as decimal strings. */
  amounts: Array<{ asset: string; title: string; amount: string }>;
  checks: SolvencyCheck[];
  /** Behind "the maths" (the root and its time are shown from the report itself). */
  maths: { position: string; salt: string; steps: string };
}

/** Integer strings as bigints; undefined when one is not an integer. */
function bigints(values: readonly string[]): bigint[] | undefined {
  return values.every((v) => /^-?\d+$/.test(v)) ? values.map((v) => BigInt(v)) : undefined;
}

/** Checks `proof` against the published report `view`. */
export function myProofView(proof: LiabilityProof, view: SolvencyView): MyProofView {
  const published = view.liability_root;
  const maths = {
    position: t.solvency.proofPosition(proof.index, published.players),
    salt: proof.leaf.salt,
    steps: t.solvency.proofSteps(proof.path.length),
  };
  const amounts = proof.leaf.amounts.map((a, i) => {
    const asset = LIABILITY_ASSETS[i] ?? published.assets[i] ?? '?';
    return { asset, title: assetTitle(asset), amount: /^\d+$/.test(a) ? unitsText(asset, BigInt(a)) : a };
  });
  if (proof.root.hash !== published.hash) return { state: 'stale', headline: t.solvency.proofStale, amounts, checks: [], maths };

  const leafAmounts = bigints(proof.leaf.amounts);
  const totals = bigints(published.totals);
  const path = proof.path.map((s) => ({ side: s.side, hash: s.hash, sums: bigints(s.sums) }));
  const sameAssets = published.assets.join() === LIABILITY_ASSETS.join();
  const result =
    leafAmounts && totals && sameAssets && path.every((s) => s.sums)
      ? verifyLiabilityProof({
          leaf: { userId: proof.leaf.user_id, salt: proof.leaf.salt, amounts: leafAmounts },
          index: proof.index,
          count: published.players,
          path: path.map((s) => ({ side: s.side, hash: s.hash, sums: s.sums! })),
          root: { hash: published.hash, sums: totals },
        })
      : { ok: false as const, reason: 'unreadable' };
  // The root's totals must be what the page says is owed, asset by asset (the report's decimal strings).
  const totalsOk =
    sameAssets &&
    totals !== undefined &&
    LIABILITY_ASSETS.every((asset, i) => {
      const owed = view.assets.find((a) => a.asset === asset)?.liabilities;
      return owed !== undefined && tryParseUnits(owed, CURRENCY_ASSETS[asset].scale) === totals[i];
    });
  const checks: SolvencyCheck[] = [
    { ok: result.ok, text: t.solvency.proofLeadsToRoot },
    { ok: totalsOk, text: t.solvency.proofTotalsMatch },
  ];
  const counted = result.ok && totalsOk;
  return {
    state: counted ? 'counted' : 'not_counted',
    headline: counted ? t.solvency.proofCounted : t.solvency.proofNotCounted,
    amounts,
    checks,
    maths,
  };
}
