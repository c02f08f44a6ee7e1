/**
 * The /solvency screen's headless parts: each asset's lines with a one-sentence explanation, the verdict,
 * and the "updated at" text. Pure, so unit tests read exactly what the page shows.
 */
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

const TITLES: Record<string, string> = { ANGLS: 'ANGLS', USDC: 'USDC', BNB: 'BNB', GDAO: 'gDAO' };

/** What each pool is for, in one sentence (ECONOMY.md). */
export const POOL_TEXTS: Record<string, { label: string; explain: string }> = {
  mining_pool: { label: 'Mining pool', explain: 'Banks the rounds: takes losing stakes and premiums, pays winners and the emission.' },
  gscb_reserve: { label: 'GSCB reserve', explain: 'Pays the exchange: ANGLS for mints, USDC for melts.' },
  exchange_pool: { label: 'Exchange pool', explain: 'Pays USDC ↔ BNB swaps.' },
  treasury: { label: 'Treasury', explain: 'The node share of purchases, when one is configured.' },
  fees: { label: 'Fees', explain: 'Fees and gas collected from payments and withdrawals.' },
  item_backing: { label: 'Item backing', explain: 'What bought Golden Cookies carry, paid into an eidol when one is fed.' },
  shop_stock: { label: 'Shop stock', explain: 'Held by the shops for sale.' },
};

/** True when a decimal string is zero ("0", "0.000", "-0"). */
function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** Turns one asset of the report into the card the page shows; pools holding nothing are left out. */
export function solvencyCard(a: SolvencyAsset): SolvencyCard {
  const title = TITLES[a.asset] ?? a.asset;
  const pools: SolvencyLine[] = a.pools
    .filter((p) => !isZero(p.amount))
    .map((p) => ({ key: p.name, label: POOL_TEXTS[p.name]?.label ?? p.name, amount: p.amount, explain: POOL_TEXTS[p.name]?.explain ?? 'A platform account.' }));
  const owed: SolvencyLine[] = [
    { key: 'players', label: 'Players', amount: a.players, explain: `${title} in players' balances, theirs to spend or withdraw.` },
    { key: 'eidols', label: 'Eidols', amount: a.eidols, explain: "The eidols' value, which belongs to their masters." },
    { key: 'liabilities', label: 'Owed to players', amount: a.liabilities, explain: `All the platform owes its players in ${title}: players plus eidols.` },
  ];
  const c = a.custody;
  const custody: SolvencyLine[] = c
    ? [
        { key: 'on_chain', label: 'Held on-chain', amount: c.on_chain, explain: 'Read from the chain just now: the hot wallet plus every player deposit address.' },
        { key: 'owed_on_chain', label: 'Deposited, net', amount: c.owed_on_chain, explain: 'Deposits credited to players less withdrawals paid out.' },
        { key: 'pending_out', label: 'Leaving', amount: c.pending_out, explain: 'Withdrawals reserved but not final yet, still counted on-chain.' },
        { key: 'difference', label: 'Difference', amount: c.difference, explain: 'Held on-chain minus deposited, net: never below zero while the platform is solvent.' },
        { key: 'dust', label: 'of which dust', amount: c.dust, explain: 'Deposit remainders too small for one ledger unit, kept in custody.' },
        { key: 'operator_funds', label: 'of which operator funds', amount: c.operator_funds, explain: "The operator's own top-ups, less the gas it paid and test coins given away." },
        { key: 'beyond_players', label: 'Beyond all player holdings', amount: c.beyond_players, explain: `Held on-chain minus everything players and eidols hold in ${title}, including what they bought from the pools.` },
      ]
    : [];
  return { asset: a.asset, title, pools, poolsTotal: a.pools_total, owed, custody, verdict: verdictOf(a, title) };
}

/** The card's one-line verdict. */
function verdictOf(a: SolvencyAsset, title: string): SolvencyCard['verdict'] {
  if (a.asset === 'ANGLS' || a.asset === 'GDAO') return { tone: 'plain', text: `${title} is issued inside the game's ledger: there is no chain custody to compare.` };
  if (!a.custody) return { tone: 'plain', text: 'Custody not shown right now.' };
  return a.custody.solvent
    ? { tone: 'ok', text: `✓ On-chain ${title} covers every deposit players hold.` }
    : { tone: 'bad', text: `✗ On-chain ${title} is short of what players deposited.` };
}

/** Every card of the report, in the server's order. */
export function solvencyCards(view: SolvencyView): SolvencyCard[] {
  return view.assets.map(solvencyCard);
}

/** The "updated at" line: the server's UTC time, said to be UTC. */
export function updatedText(view: SolvencyView): string {
  return `Updated ${view.updated_at} UTC (figures are refreshed at most every few seconds).`;
}
