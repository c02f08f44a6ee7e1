/**
 * The public solvency report: per asset, the pools (system accounts), what players and their eidols hold,
 * and for the chain assets the custody reconciliation of `npm run reconcile` (reconcile.ts, reused as is).
 * Read-only; amounts leave here as decimal strings.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { reconcile, type AssetReconciliation } from '../../chain/reconcile';
import { NATIVE_DECIMALS, type ChainGateway } from '../../chain/gateway';
import { ISSUER_NAMES, SYSTEM_ACCOUNTS, type SystemAccountName } from '../../ledger/assets';
import { CURRENCY_ASSETS, formatUnitsTrimmed, type CurrencyCode } from '../../../shared/money/index';
import type { SolvencyCustody, SolvencyView } from '../../../shared/api/solvency';
import { wireTime } from '../users/userTime';

/** The assets the page lists, in this order. */
export const SOLVENCY_ASSETS: readonly CurrencyCode[] = ['ANGLS', 'USDC', 'BNB', 'GDAO'];

/**
 * Pools shown: every system account that holds value. `genesis` and `chain_custody` are the issuing sides
 * (their negative balances are what was issued and what came in from the chain), not holdings.
 */
export const POOL_NAMES = (Object.keys(SYSTEM_ACCOUNTS) as SystemAccountName[]).filter((n) => !ISSUER_NAMES.includes(n));

/** Shown instead of custody when the chain cannot be read on this node. */
export const CUSTODY_UNAVAILABLE = 'On-chain custody could not be read just now; the ledger figures above are current.';

/**
 * Reads the report now; `gateway` undefined (no chain on this node) or a failing chain read leaves custody
 * out with a note (`onChainError` hears why), so the ledger side still shows.
 */
export async function readSolvency(
  db: Db,
  gateway: ChainGateway | undefined,
  now: number,
  onChainError: (err: unknown) => void = () => {},
): Promise<SolvencyView> {
  const k = db.kysely;
  // Sums as text: exact in both databases (SQLite's driver would hand back a lossy number above 2^53).
  const rows = await k
    .selectFrom('ledger_accounts')
    .select(['asset', 'owner_kind', 'name', sql<string>`cast(sum(balance) as text)`.as('total')])
    .where('asset', 'in', [...SOLVENCY_ASSETS])
    .groupBy(['asset', 'owner_kind', 'name'])
    .execute();
  const sum = (asset: string, pick: (r: (typeof rows)[number]) => boolean) =>
    rows.filter((r) => r.asset === asset && pick(r)).reduce((s, r) => s + BigInt(r.total ?? '0'), 0n);

  let custody: AssetReconciliation[] = [];
  let note: string | null = null;
  try {
    if (!gateway) throw new Error('no chain gateway on this node');
    custody = await reconcile(db, gateway);
  } catch (err) {
    onChainError(err);
    note = CUSTODY_UNAVAILABLE;
  }

  const assets = SOLVENCY_ASSETS.map((asset) => {
    const scale = CURRENCY_ASSETS[asset].scale;
    const fmt = (v: bigint) => formatUnitsTrimmed(v, scale);
    const pools = POOL_NAMES.map((name) => ({ name, amount: sum(asset, (r) => r.owner_kind === 'system' && r.name === name) }));
    const players = sum(asset, (r) => r.owner_kind === 'player');
    const eidols = sum(asset, (r) => r.owner_kind === 'eidol');
    const held = custody.find((c) => c.asset === asset);
    return {
      asset,
      pools: pools.map((p) => ({ name: p.name, amount: fmt(p.amount) })),
      pools_total: fmt(pools.reduce((s, p) => s + p.amount, 0n)),
      players: fmt(players),
      eidols: fmt(eidols),
      liabilities: fmt(players + eidols),
      custody: held && gateway ? custodyView(held, gateway, players + eidols) : null,
    };
  });
  return { updated_at: wireTime(now)!, assets, custody_note: note };
}

/**
 * Custody lines as decimal strings: chain amounts in the token's decimals, ledger amounts in the ledger's;
 * `held` is what players and eidols hold (ledger units), compared with the whole custody.
 */
function custodyView(r: AssetReconciliation, gateway: ChainGateway, held: bigint): SolvencyCustody {
  const decimals = gateway.tokens.find((t) => t.asset === r.asset)?.decimals ?? NATIVE_DECIMALS;
  const factor = 10n ** BigInt(decimals - CURRENCY_ASSETS[r.asset].scale);
  const chain = (v: bigint) => formatUnitsTrimmed(v, decimals);
  const ledger = (v: bigint) => formatUnitsTrimmed(v, CURRENCY_ASSETS[r.asset].scale);
  return {
    on_chain: chain(r.onChain),
    owed_on_chain: ledger(r.liabilities),
    pending_out: ledger(r.pendingOut),
    dust: chain(r.dust),
    difference: chain(r.surplus),
    operator_funds: chain(r.operatorFunds),
    solvent: r.solvent,
    beyond_players: chain(r.onChain - held * factor),
  };
}
