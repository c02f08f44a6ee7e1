/**
 * The /solvency screen's headless parts: each asset's lines with a one-sentence explanation, the verdict,
 * and the "updated at" text. Pure, so unit tests read exactly what the page shows.
 */
import { t } from '../../i18n/t/solvency';
import type { SolvencyAsset, SolvencyView } from '../../../shared/api/solvency';

/** One line of an asset's card. */
export interface SolvencyLine {
  key: string;
  label: string;
  amount: string;
  explain: string;
}

/** One asset's card. */
export interface SolvencyCard {
  asset: string;
  /** The name players see (gDAO, not the ledger's GDAO). */
  title: string;
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

/** Turns one asset of the report into the card the page shows; pools holding nothing are left out. */
export function solvencyCard(a: SolvencyAsset): SolvencyCard {
  const title = TITLES[a.asset] ?? a.asset;
  const pools: SolvencyLine[] = a.pools
    .filter((p) => !isZero(p.amount))
    .map((p) => ({ key: p.name, label: POOL_TEXTS[p.name]?.label ?? p.name, amount: p.amount, explain: POOL_TEXTS[p.name]?.explain ?? t.solvency.platformAccount }));
  const owed: SolvencyLine[] = [
    { key: 'players', label: t.solvency.players, amount: a.players, explain: t.solvency.playersExplain(title) },
    { key: 'eidols', label: t.solvency.eidols, amount: a.eidols, explain: t.solvency.eidolsExplain },
    { key: 'liabilities', label: t.solvency.owed, amount: a.liabilities, explain: t.solvency.owedExplain(title) },
  ];
  const c = a.custody;
  const custody: SolvencyLine[] = c
    ? [
        { key: 'on_chain', label: t.solvency.custody.on_chain.label, amount: c.on_chain, explain: t.solvency.custody.on_chain.explain },
        { key: 'owed_on_chain', label: t.solvency.custody.owed_on_chain.label, amount: c.owed_on_chain, explain: t.solvency.custody.owed_on_chain.explain },
        { key: 'pending_out', label: t.solvency.custody.pending_out.label, amount: c.pending_out, explain: t.solvency.custody.pending_out.explain },
        { key: 'difference', label: t.solvency.custody.difference.label, amount: c.difference, explain: t.solvency.custody.difference.explain },
        { key: 'dust', label: t.solvency.custody.dust.label, amount: c.dust, explain: t.solvency.custody.dust.explain },
        { key: 'operator_funds', label: t.solvency.custody.operator_funds.label, amount: c.operator_funds, explain: t.solvency.custody.operator_funds.explain },
        { key: 'beyond_players', label: t.solvency.custody.beyond_players.label, amount: c.beyond_players, explain: t.solvency.custody.beyond_players.explain(title) },
      ]
    : [];
  return { asset: a.asset, title, pools, poolsTotal: a.pools_total, owed, custody, verdict: verdictOf(a, title) };
}

/** The card's one-line verdict. */
function verdictOf(a: SolvencyAsset, title: string): SolvencyCard['verdict'] {
  if (a.asset === 'ANGLS' || a.asset === 'GDAO') return { tone: 'plain', text: t.solvency.issuedInside(title) };
  if (!a.custody) return { tone: 'plain', text: t.solvency.custodyNotShown };
  return a.custody.solvent
    ? { tone: 'ok', text: t.solvency.covers(title) }
    : { tone: 'bad', text: t.solvency.short(title) };
}

/** Every card of the report, in the server's order. */
export function solvencyCards(view: SolvencyView): SolvencyCard[] {
  return view.assets.map(solvencyCard);
}

/** The "updated at" line: the server's UTC time, said to be UTC. */
export function updatedText(view: SolvencyView): string {
  return t.solvency.updated(view.updated_at);
}
