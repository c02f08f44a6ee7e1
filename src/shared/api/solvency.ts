/** The public solvency report (`GET /api/solvency`): per asset, pools, what players are owed and, for chain assets, custody. */
import { z } from '../zod';

/** A system account's balance (decimal string in the asset's units). */
export const solvencyPoolSchema = z.object({ name: z.string(), amount: z.string() });

/** Custody of a chain asset, as `npm run reconcile` computes it; every amount a decimal string. */
export const solvencyCustodySchema = z.object({
  /** Held on the chain by the hot wallet and every deposit address. */
  on_chain: z.string(),
  /** What the ledger owes on the chain: deposits credited less withdrawals paid out (−chain_custody). */
  owed_on_chain: z.string(),
  /** Withdrawals reserved but not final yet (still inside on_chain). */
  pending_out: z.string(),
  /** Deposit remainders below one ledger unit, kept in custody. */
  dust: z.string(),
  /** on_chain − owed_on_chain: dust plus the operator's own funds; negative means short. */
  difference: z.string(),
  /** difference − dust: hot wallet funding less gas paid and test coins given away. */
  operator_funds: z.string(),
  solvent: z.boolean(),
  /**
   * on_chain − (players + eidols): the stricter view, since players may also hold this asset bought from
   * the pools (whose funds the ledger issued, not the chain), and could withdraw it.
   */
  beyond_players: z.string(),
});

/** One asset's lines. */
export const solvencyAssetSchema = z.object({
  /** Ledger code: ANGLS, USDC, BNB, GDAO. */
  asset: z.string(),
  pools: z.array(solvencyPoolSchema),
  pools_total: z.string(),
  /** Σ players' balances. */
  players: z.string(),
  /** Σ eidols' balances (their value belongs to their owners). */
  eidols: z.string(),
  /** players + eidols: what the platform owes its players in this asset. */
  liabilities: z.string(),
  /** null for internal assets (ANGLS, GDAO) and when the chain could not be read. */
  custody: z.nullable(solvencyCustodySchema),
});

/** `GET /api/solvency` → data. */
export const solvencySchema = z.object({
  /** When these figures were read, UTC "YYYY-MM-DD HH:MM:SS"; the server caches them a few seconds. */
  updated_at: z.string(),
  assets: z.array(solvencyAssetSchema),
  /** Why custody is missing, when the chain could not be read; null otherwise. */
  custody_note: z.nullable(z.string()),
});

/** The solvency report. */
export type SolvencyView = z.infer<typeof solvencySchema>;
/** One asset of the report. */
export type SolvencyAsset = z.infer<typeof solvencyAssetSchema>;
/** Custody lines of a chain asset. */
export type SolvencyCustody = z.infer<typeof solvencyCustodySchema>;
