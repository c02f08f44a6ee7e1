/**
 * The /solvency screen's headless parts: each asset's plain summary (owed, pools, issued) with the checks
 * "pools + players = issued" and "the public proof counts everything owed", the lines behind "the maths",
 * the verdict, and the "updated at" text. Pure, so unit tests read exactly what the page shows.
 */
import { t } from '../../i18n/t/solvency';
import type { SolvencyAsset, SolvencyView } from '../../../shared/api/solvency';
import { CURRENCY_ASSETS, formatUnitsTrimmed, tryParseUnits, type CurrencyCode } from '../../../shared/money/index';

/** One line of an asset's card. */
export interface SolvencyLine {
  key: string;
  label: string;
  amount: string;
  explain: string;
}

/** A check the page states with ✓ or ✗. */
export interface SolvencyCheck {
  ok: boolean;
  text: string;
}

/** One asset's card. */
export interface SolvencyCard {
  asset: string;
  /** The name players see (gDAO, not the ledger's GDAO). */
  title: string;
  /** The plain lines shown first: owed, pools, issued (and brought in from the chain, for chain assets). */
  summary: SolvencyLine[];
  /** pools + players = issued + from the chain, computed here from the published figures. */
  sums: SolvencyCheck;
  /** The equation in numbers, for "the maths". */
  equation: string;
  /** The proof's total for this asset against what is owed (absent when the report has no such total). */
  proof: (SolvencyCheck & { line: SolvencyLine }) | null;
  /** Behind "the maths": each pool that holds something. */
  pools: SolvencyLine[];
  /** Σ pools, shown under them. */
  poolsTotal: string;
  owed: SolvencyLine[];
  /** Empty for internal assets, or when custody could not be read. */
  custody: SolvencyLine[];
  verdict: { tone: 'ok' | 'bad' | 'plain'; text: string };
}

const TITLES: Record<string, string> = { ANGLS: t.units.ngls, USDC: t.units.busd, BNB: t.units.bnb, GDAO: t.units.gdao };

/** What each pool is for, in one sentence (ECONOMY.md). */
export const POOL_TEXTS: Record<string, { label: string; explain: string }> = t.solvency.poolTexts;

/** True when a decimal string is zero ("0", "0.000", "-0"). */
function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** The scale of an asset the page knows (0 for any other, whose amounts are then whole). */
function scaleOf(asset: string): number {
  return (CURRENCY_ASSETS as Record<string, { scale: number } | undefined>)[asset]?.scale ?? 0;
}

/** Σ of decimal strings in `asset`'s units; undefined when one cannot be read. */
function sumUnits(asset: string, amounts: string[]): bigint | undefined {
  let total = 0n;
  for (const a of amounts) {
    const v = tryParseUnits(a, scaleOf(asset));
    if (v === undefined) return undefined;
    total += v;
  }
  return total;
}

/** True for the assets held on the chain for players (the others are issued inside the game). */
function isChainAsset(asset: string): boolean {
  return asset === 'USDC' || asset === 'BNB';
}

/**
 * Turns one asset of the report into the card the page shows; `proofTotal` is the proof's root total for
 * this asset in integer units (from `liability_root`). Pools holding nothing are left out; a pool the page
 * has no words for is called "Other game accounts", never by its account name.
 */
export function solvencyCard(a: SolvencyAsset, proofTotal?: string): SolvencyCard {
  const title = TITLES[a.asset] ?? a.asset;
  const pools: SolvencyLine[] = a.pools
    .filter((p) => !isZero(p.amount))
    .map((p) => ({
      key: p.name,
      label: POOL_TEXTS[p.name]?.label ?? t.solvency.otherAccount,
      amount: p.amount,
      explain: POOL_TEXTS[p.name]?.explain ?? t.solvency.otherAccountExplain,
    }));
  const summary: SolvencyLine[] = [
    { key: 'liabilities', label: t.solvency.owed, amount: a.liabilities, explain: t.solvency.owedExplain(title) },
    { key: 'pools_total', label: t.solvency.poolsHeld, amount: a.pools_total, explain: t.solvency.poolsHeldExplain },
    { key: 'issued', label: t.solvency.issued, amount: a.issued, explain: t.solvency.issuedExplain(title) },
  ];
  if (isChainAsset(a.asset) || !isZero(a.from_chain))
    summary.push({ key: 'from_chain', label: t.solvency.fromChain, amount: a.from_chain, explain: t.solvency.fromChainExplain(title) });
  const held = sumUnits(a.asset, [a.pools_total, a.liabilities]);
  const exists = sumUnits(a.asset, [a.issued, a.from_chain]);
  const sumsOk = held !== undefined && held === exists;
  const proof = proofTotal === undefined || !/^-?\d+$/.test(proofTotal) ? null : proofCheck(a, title, BigInt(proofTotal));
  const owed: SolvencyLine[] = [
    { key: 'players', label: t.solvency.players, amount: a.players, explain: t.solvency.playersExplain(title) },
    { key: 'eidols', label: t.solvency.eidols, amount: a.eidols, explain: t.solvency.eidolsExplain },
    { key: 'liabilities', label: t.solvency.owed, amount: a.liabilities, explain: t.solvency.owedExplain(title) },
  ];
  const c = a.custody;
  const custody: SolvencyLine[] = c
    ? [
        { key: 'on_chain', label: t.solvency.custody.on_chain.label, amount: c.on_chain, explain: t.solvency.custody.on_chain.explain },
        {
          key: 'owed_on_chain',
          label: t.solvency.custody.owed_on_chain.label,
          amount: c.owed_on_chain,
          explain: t.solvency.custody.owed_on_chain.explain,
        },
        {
          key: 'pending_out',
          label: t.solvency.custody.pending_out.label,
          amount: c.pending_out,
          explain: t.solvency.custody.pending_out.explain,
        },
        {
          key: 'difference',
          label: t.solvency.custody.difference.label,
          amount: c.difference,
          explain: t.solvency.custody.difference.explain,
        },
        { key: 'dust', label: t.solvency.custody.dust.label, amount: c.dust, explain: t.solvency.custody.dust.explain },
        {
          key: 'operator_funds',
          label: t.solvency.custody.operator_funds.label,
          amount: c.operator_funds,
          explain: t.solvency.custody.operator_funds.explain,
        },
        {
          key: 'beyond_players',
          label: t.solvency.custody.beyond_players.label,
          amount: c.beyond_players,
          explain: t.solvency.custody.beyond_players.explain(title),
        },
      ]
    : [];
  // Custody beside the proof's total: what the chain holds, in the plain lines.
  if (custody[0]) summary.push(custody[0]);
  return {
    asset: a.asset,
    title,
    summary,
    sums: { ok: sumsOk, text: sumsOk ? t.solvency.sumsOk : t.solvency.sumsBad },
    equation: t.solvency.equation(a.pools_total, a.liabilities, a.issued, a.from_chain, title),
    proof,
    pools,
    poolsTotal: a.pools_total,
    owed,
    custody,
    verdict: verdictOf(a, title),
  };
}

/** The proof's total for the asset, shown as a line, and whether it equals what is owed. */
function proofCheck(a: SolvencyAsset, title: string, units: bigint): SolvencyCheck & { line: SolvencyLine } {
  const ok = sumUnits(a.asset, [a.liabilities]) === units;
  const amount = formatUnitsTrimmed(units, scaleOf(a.asset));
  return {
    ok,
    text: ok ? t.solvency.proofOk : t.solvency.proofBad,
    line: { key: 'proof_total', label: t.solvency.proofTotal, amount, explain: t.solvency.proofTotalExplain },
  };
}

/** The card's one-line verdict. */
function verdictOf(a: SolvencyAsset, title: string): SolvencyCard['verdict'] {
  if (a.asset === 'ANGLS' || a.asset === 'GDAO') return { tone: 'plain', text: t.solvency.issuedInside(title) };
  if (!a.custody) return { tone: 'plain', text: t.solvency.custodyNotShown };
  return a.custody.solvent ? { tone: 'ok', text: t.solvency.covers(title) } : { tone: 'bad', text: t.solvency.short(title) };
}

/** Every card of the report, in the server's order, each with its total in the proof. */
export function solvencyCards(view: SolvencyView): SolvencyCard[] {
  const root = view.liability_root;
  return view.assets.map((a) => {
    const i = root.assets.indexOf(a.asset);
    return solvencyCard(a, i < 0 ? undefined : root.totals[i]);
  });
}

/** An asset's display name (gDAO for GDAO). */
export function assetTitle(asset: string): string {
  return TITLES[asset] ?? asset;
}

/** Integer units of `asset` as the decimal string the page shows. */
export function unitsText(asset: string, units: bigint): string {
  return formatUnitsTrimmed(units, scaleOf(asset as CurrencyCode));
}

/** The "updated at" line: the server's UTC time, said to be UTC. */
export function updatedText(view: SolvencyView): string {
  return t.solvency.updated(view.updated_at);
}
