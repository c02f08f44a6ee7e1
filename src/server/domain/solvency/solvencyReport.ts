/**
 * The public solvency report: per asset, what was issued, the pools (system accounts), what players and
 * their eidols hold, the proof of liabilities' root, and for the chain assets the custody reconciliation
 * (chain/reconcile.ts, reused as is). The ledger figures all come from one liability snapshot, so the
 * tree's totals equal the liabilities shown beside them. It moves no money (a snapshot only salts players
 * met for the first time); amounts leave here as decimal strings.
 */
import type { Db } from '../../db/database';
import { reconcile, type AssetReconciliation } from '../../chain/reconcile';
import { NATIVE_DECIMALS, type ChainGateway } from '../../chain/gateway';
import { ISSUER_NAMES, SYSTEM_ACCOUNTS, type SystemAccountName } from '../../ledger/assets';
import { CURRENCY_ASSETS, formatUnitsTrimmed, type CurrencyCode } from '../../../shared/money/index';
import { LIABILITY_ASSETS } from '../../../shared/rules/liabilityTree';
import type { LiabilityRoot, SolvencyCustody, SolvencyView } from '../../../shared/api/solvency';
import { wireTime } from '../users/userTime';
import { takeLiabilitySnapshot, type LiabilitySnapshot } from './liabilitySnapshot';
import type { Clock } from '../../clock';

/** The assets the page lists, in this order (the tree's order). */
export const SOLVENCY_ASSETS: readonly CurrencyCode[] = LIABILITY_ASSETS;

/**
 * Pools shown: every system account that holds value. `genesis` and `chain_custody` are the issuing sides
 * (their negative balances are what was issued and what came in from the chain), not holdings.
 */
export const POOL_NAMES = (Object.keys(SYSTEM_ACCOUNTS) as SystemAccountName[]).filter((n) => !ISSUER_NAMES.includes(n));

/** Shown instead of custody when the chain cannot be read on this node. */
export const CUSTODY_UNAVAILABLE = 'On-chain custody could not be read just now; the ledger figures above are current.';

/** A clock stopped at `now`: a snapshot taken for one report is dated with the report. */
function fixedClock(now: number): Clock {
  const never = { cancel: () => {} };
  return { now: () => now, setTimeout: () => never, setInterval: () => never };
}

/** The published root of a snapshot: hash, sums per asset (units), leaf count, time. */
export function liabilityRootView(s: LiabilitySnapshot): LiabilityRoot {
  return {
    hash: s.root,
    assets: [...LIABILITY_ASSETS],
    totals: s.tree.root.sums.map(String),
    players: s.leaves.length,
    taken_at: wireTime(s.takenAt)!,
  };
}

/**
 * The report over `snapshot` (one taken now when not given), custody read now; `gateway` undefined (no chain
 * on this node) or a failing chain read leaves custody out with a note (`onChainError` hears why), so the
 * ledger side still shows.
 */
export async function readSolvency(
  db: Db,
  gateway: ChainGateway | undefined,
  now: number,
  onChainError: (err: unknown) => void = () => {},
  given?: LiabilitySnapshot,
): Promise<SolvencyView> {
  const snapshot = given ?? (await takeLiabilitySnapshot(db, fixedClock(now)));
  const sum = (asset: string, pick: (r: LiabilitySnapshot['sums'][number]) => boolean) =>
    snapshot.sums.filter((r) => r.asset === asset && pick(r)).reduce((s, r) => s + r.total, 0n);

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
    const system = (name: string) => sum(asset, (r) => r.ownerKind === 'system' && r.name === name);
    const pools = POOL_NAMES.map((name) => ({ name, amount: system(name) }));
    const players = sum(asset, (r) => r.ownerKind === 'player');
    const eidols = sum(asset, (r) => r.ownerKind === 'eidol');
    const held = custody.find((c) => c.asset === asset);
    return {
      asset,
      issued: fmt(-system('genesis')),
      from_chain: fmt(-system('chain_custody')),
      pools: pools.map((p) => ({ name: p.name, amount: fmt(p.amount) })),
      pools_total: fmt(pools.reduce((s, p) => s + p.amount, 0n)),
      players: fmt(players),
      eidols: fmt(eidols),
      liabilities: fmt(players + eidols),
      custody: held && gateway ? custodyView(held, gateway, players + eidols) : null,
    };
  });
  return { updated_at: wireTime(now)!, assets, custody_note: note, liability_root: liabilityRootView(snapshot) };
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
