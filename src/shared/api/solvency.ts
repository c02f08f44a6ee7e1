/**
 * The public solvency report (`GET /api/solvency`): per asset, what was issued, pools, what players are owed,
 * for chain assets custody, and the proof of liabilities' root; a player's own leaf and path come from
 * `GET /api/solvency/proof` (the tree and its byte encoding: shared/rules/liabilityTree.ts).
 */
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
  /**
   * What the ledger issued: −balance of `genesis`, which equals the sum of every other account's balance
   * (the ledger's sum is zero). Value never issued here but brought in from the chain is `from_chain`.
   */
  issued: z.string(),
  /** What deposits brought in from the chain, net of withdrawals: −balance of `chain_custody` (0 for ANGLS, gDAO). */
  from_chain: z.string(),
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

/** Integer amounts in ledger units (ANGLS 8 decimals, USDC 6, BNB 9, gDAO 0), one per asset of `assets`. */
const unitsSchema = z.array(z.string().check(z.regex(/^-?\d+$/)));

/** The published root of the proof of liabilities. */
export const liabilityRootSchema = z.object({
  /** sha256 root hash, 64 lowercase hex digits. */
  hash: z.string(),
  /** The assets of every amount vector, in order: ANGLS, USDC, BNB, GDAO. */
  assets: z.array(z.string()),
  /** The root's sums: what the tree says players are owed (units); equal to `liabilities` when all are counted. */
  totals: unitsSchema,
  /** Leaves (players) in the tree. */
  players: z.int(),
  /** When the snapshot was read, UTC "YYYY-MM-DD HH:MM:SS". */
  taken_at: z.string(),
});

/** One step of a path: the sibling node and its side. */
export const liabilityStepSchema = z.object({ side: z.enum(['left', 'right']), hash: z.string(), sums: unitsSchema });

/** `GET /api/solvency/proof` → data: the logged-in player's leaf and path in the published tree. */
export const liabilityProofSchema = z.object({
  root: liabilityRootSchema,
  /** The leaf's position among `root.players` leaves (ascending user id). */
  index: z.int(),
  leaf: z.object({ user_id: z.int(), salt: z.string(), amounts: unitsSchema }),
  path: z.array(liabilityStepSchema),
});

/** `GET /api/solvency` → data. */
export const solvencySchema = z.object({
  /**
   * When this report was made (custody read from the chain), UTC "YYYY-MM-DD HH:MM:SS"; the ledger figures
   * come from the snapshot of `liability_root.taken_at`.
   */
  updated_at: z.string(),
  assets: z.array(solvencyAssetSchema),
  /** Why custody is missing, when the chain could not be read; null otherwise. */
  custody_note: z.nullable(z.string()),
  /** The proof of liabilities: the root of the snapshot the ledger figures above were read from. */
  liability_root: liabilityRootSchema,
});

/** The solvency report. */
export type SolvencyView = z.infer<typeof solvencySchema>;
/** One asset of the report. */
export type SolvencyAsset = z.infer<typeof solvencyAssetSchema>;
/** Custody lines of a chain asset. */
export type SolvencyCustody = z.infer<typeof solvencyCustodySchema>;
/** The published root of the proof of liabilities. */
export type LiabilityRoot = z.infer<typeof liabilityRootSchema>;
/** A player's leaf and path. */
export type LiabilityProof = z.infer<typeof liabilityProofSchema>;
