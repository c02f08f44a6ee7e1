/**
 * What the public and a player read of the published monthly distributions: the months with their roots and
 * anchoring transaction, a month's public rows (account id, activity, share, amount: no names), and a
 * player's own leaf with its Merkle proof (src/shared/rules/gdaoMerkle.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GdaoDistributionsTable } from '../../db/tables/gdao';
import { anchorCalldata, leafHash, proofOfIndex, type MerkleProof } from '../../../shared/rules/gdaoMerkle';

/** Decimal places of a published share (a fraction of the month's activity). */
const SHARE_DECIMALS = 8;

/** Where a month's root stands on the chain, as the API shows it. */
export interface AnchorView {
  /** pending: not sent yet (or to be sent again); sent: broadcast, not final; anchored: in a final block. */
  status: 'pending' | 'sent' | 'anchored';
  /** The platform address that sent it (lowercase), once signed. */
  from: string | null;
  tx_hash: string | null;
  block_number: number | null;
  /** The block's time (ISO 8601, UTC), once anchored. */
  block_time: string | null;
  /** The calldata the transaction carries: ASCII "aeon-gdao:<month>:" then the 32 root bytes. */
  calldata: string | null;
}

/** A published month as the list shows it. */
export interface DistributionSummary {
  month: string;
  budget: string;
  total_activity: number;
  /** The flat hash of the rows (gdaoDistribution.ts), kept for readers of the first publication format. */
  root_hash: string;
  merkle_root: string | null;
  anchor: AnchorView;
}

/** One public row: no name, only the account id and the leaf's fields. */
export interface PublicRow {
  user_id: number;
  activity: number;
  share: string;
  amount: string;
}

/** `GET /api/gdao/distributions/{month}` → data. */
export interface DistributionView extends DistributionSummary {
  rows: PublicRow[];
}

/** `GET /api/gdao/distributions/{month}/proof` → data: the player's leaf and its proof. */
export interface LeafProofView extends MerkleProof {
  month: string;
  merkle_root: string;
  anchor: AnchorView;
  leaf: { user_id: number; activity: number; amount: string };
  leaf_hash: string;
}

type Head = Pick<GdaoDistributionsTable, 'month' | 'budget' | 'total_activity' | 'root_hash' | 'created_at'> & {
  merkle_root: string | null;
  anchor_status: string;
  anchor_signer: string | null;
  anchor_tx_hash: string | null;
  anchor_block: number | null;
  anchor_block_time: number | null;
};

const HEAD_COLUMNS = [
  'month',
  'budget',
  'total_activity',
  'root_hash',
  'created_at',
  'merkle_root',
  'anchor_status',
  'anchor_signer',
  'anchor_tx_hash',
  'anchor_block',
  'anchor_block_time',
] as const;

/** The anchor of a month's row. */
function anchorOf(h: Head): AnchorView {
  const sent = h.anchor_status === 'signed' || h.anchor_status === 'broadcast';
  const anchored = h.anchor_status === 'anchored';
  return {
    status: anchored ? 'anchored' : sent ? 'sent' : 'pending',
    from: sent || anchored ? h.anchor_signer : null,
    tx_hash: sent || anchored ? h.anchor_tx_hash : null,
    block_number: anchored ? h.anchor_block : null,
    block_time: anchored && h.anchor_block_time !== null ? new Date(h.anchor_block_time).toISOString() : null,
    calldata: h.merkle_root ? anchorCalldata(h.month, h.merkle_root) : null,
  };
}

/** The summary of a month's row. */
function summaryOf(h: Head): DistributionSummary {
  return {
    month: h.month,
    budget: h.budget.toString(),
    total_activity: h.total_activity,
    root_hash: h.root_hash,
    merkle_root: h.merkle_root,
    anchor: anchorOf(h),
  };
}

/** Every published month, newest first. */
export async function listDistributions(k: Kysely<Database>): Promise<DistributionSummary[]> {
  const rows = await k.selectFrom('gdao_distributions').select(HEAD_COLUMNS).orderBy('month', 'desc').execute();
  return rows.map(summaryOf);
}

/** `activity / total` as a decimal string of SHARE_DECIMALS places (rounded down). */
function shareOf(activity: number, total: number): string {
  if (total === 0) return '0';
  const units = (BigInt(activity) * 10n ** BigInt(SHARE_DECIMALS)) / BigInt(total);
  const text = units.toString().padStart(SHARE_DECIMALS + 1, '0');
  return `${text.slice(0, -SHARE_DECIMALS)}.${text.slice(-SHARE_DECIMALS)}`;
}

/** The head of a published month, or undefined. */
function headOf(k: Kysely<Database>, month: string): Promise<Head | undefined> {
  return k.selectFrom('gdao_distributions').select(HEAD_COLUMNS).where('month', '=', month).executeTakeFirst();
}

/** A published month with its public rows (user_id order: the leaves' order), or undefined. */
export async function loadDistribution(k: Kysely<Database>, month: string): Promise<DistributionView | undefined> {
  const head = await headOf(k, month);
  if (!head) return undefined;
  const rows = await k
    .selectFrom('gdao_distribution_rows')
    .select(['user_id', 'activity', 'amount'])
    .where('month', '=', month)
    .orderBy('user_id')
    .execute();
  return {
    ...summaryOf(head),
    rows: rows.map((r) => ({
      user_id: r.user_id,
      activity: r.activity,
      share: shareOf(r.activity, head.total_activity),
      amount: r.amount.toString(),
    })),
  };
}

/**
 * Player `userId`'s leaf in `month` with its proof: undefined when the month is not published, null when the
 * player has no leaf in it. The tree is rebuilt from the stored rows (the leaves' fields): a proof never
 * leans on a stored hash that nothing checks.
 */
export async function loadLeafProof(k: Kysely<Database>, month: string, userId: number): Promise<LeafProofView | null | undefined> {
  const head = await headOf(k, month);
  if (!head?.merkle_root) return undefined;
  const rows = await k
    .selectFrom('gdao_distribution_rows')
    .select(['user_id', 'activity', 'amount'])
    .where('month', '=', month)
    .orderBy('user_id')
    .execute();
  const index = rows.findIndex((r) => r.user_id === userId);
  if (index < 0) return null;
  const mine = rows[index]!;
  const hashes = rows.map((r) => leafHash(r));
  return {
    month,
    merkle_root: head.merkle_root,
    anchor: anchorOf(head),
    leaf: { user_id: mine.user_id, activity: mine.activity, amount: mine.amount.toString() },
    leaf_hash: hashes[index]!,
    ...proofOfIndex(hashes, index),
  };
}
