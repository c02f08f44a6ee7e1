/** Tables of transmutation and the gDAO economy (migration 0130): commitments, rewards, burns, distributions. */
import type { ColumnType, Generated } from 'kysely';

/**
 * One transmutation attempt of an eidol: the seed is committed (its sha256 published) before the attempt
 * and revealed with its outcome. The open commitment of an eidol is its row with `used_at` null.
 */
export interface TrainingCommitmentsTable {
  eidol_id: number;
  /** 1, 2, …: the HMAC message is `<player seed>:<attempt>`. */
  attempt: number;
  /** The server seed: 64 lowercase hex digits; secret until the attempt is made. */
  seed: string;
  seed_hash: string;
  /**
   * The player's seed the attempt came with (migration 0180); null while open, and on attempts made before
   * it (drawn from the message `<eidol id>:<attempt>`).
   */
  player_seed: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  used_at: number | null;
  /** 1 success, 0 failure; null while open. */
  trained: number | null;
  /** The XP and next-level XP the chance was computed from (what a verifier needs). */
  experience: number | null;
  next_level_experience: number | null;
  /** The ANGLS fee paid (units). */
  amount: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

/** A referral reward: one row per invited player, written with its two transfers. */
export interface ReferralRewardsTable {
  invited_id: number;
  referrer_id: number;
  /** gDAO each of the two received (whole tokens). */
  amount: bigint;
  created_at: number;
}

/** Operator-set switches of the gDAO economy (`chest_locked` = '1' stops chest claims). */
export interface GdaoSettingsTable {
  name: string;
  value: string;
  updated_at: number;
}

/** One burn at the chest. */
export interface GdaoBurnsTable {
  id: Generated<number>;
  user_id: number;
  /** gDAO burned (whole tokens). */
  amount: bigint;
  /** ANGLS paid from the chest (units). */
  received: bigint;
  created_at: number;
}

/** A published monthly income distribution ('YYYY-MM', UTC months). */
export interface GdaoDistributionsTable {
  month: string;
  /** gDAO paid out this month (the configured budget, or 0 when nobody was active). */
  budget: bigint;
  total_activity: number;
  /** sha256 over the rows (see src/shared/rules/gdaoDistribution.ts). */
  root_hash: string;
  created_at: number;
  /** The Merkle root of the rows (src/shared/rules/gdaoMerkle.ts); written at publication (migration 0190). */
  merkle_root: string | null;
  /** The anchoring transaction: pending (to sign) → signed (bytes stored) → broadcast → anchored (final). */
  anchor_status: ColumnType<GdaoAnchorStatus, GdaoAnchorStatus | undefined, GdaoAnchorStatus>;
  /** The hot wallet that signed (lowercase), its nonce, the signed bytes and their hash. */
  anchor_signer: ColumnType<string | null, string | null | undefined, string | null>;
  anchor_nonce: ColumnType<number | null, number | null | undefined, number | null>;
  anchor_raw: ColumnType<string | null, string | null | undefined, string | null>;
  anchor_tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The block holding the transaction and its timestamp (ms), once final. */
  anchor_block: ColumnType<number | null, number | null | undefined, number | null>;
  anchor_block_time: ColumnType<number | null, number | null | undefined, number | null>;
  anchor_updated_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Where a month's anchoring transaction stands. */
export type GdaoAnchorStatus = 'pending' | 'signed' | 'broadcast' | 'anchored';

/** One player's line of a month's distribution. */
export interface GdaoDistributionRowsTable {
  month: string;
  user_id: number;
  /** Rounds the player joined that month. */
  own_activity: number;
  /** The patron part: invited players' rounds × the patron percent. */
  patron_activity: number;
  activity: number;
  /** gDAO paid (whole tokens). */
  amount: bigint;
  /** sha256 of the row's Merkle leaf bytes (src/shared/rules/gdaoMerkle.ts); migration 0190. */
  leaf_hash: string | null;
}

/** The gDAO tables. */
export interface GdaoTables {
  training_commitments: TrainingCommitmentsTable;
  referral_rewards: ReferralRewardsTable;
  gdao_settings: GdaoSettingsTable;
  gdao_burns: GdaoBurnsTable;
  gdao_distributions: GdaoDistributionsTable;
  gdao_distribution_rows: GdaoDistributionRowsTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const GDAO_MONEY_COLUMNS = ['amount', 'received', 'budget', 'sum_received'] as const;
