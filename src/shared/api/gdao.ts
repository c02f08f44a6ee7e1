/**
 * Transmutation and the gDAO economy on the wire (spec 2 §7; the H3 contract): the train quote and
 * attempt, the chest claim, the income ledger, the tax box and the published monthly distributions.
 * ANGLS travel as 8-decimal strings, gDAO as whole-token decimal strings.
 */
import { z } from '../zod';
import { eidolSchema } from './game';
import { PLAYER_SEED_PATTERN } from '../rules/transmuteRoll';

/** `GET /api/oogles/{id}/train` → data: the fee, the chance and the published commitment. */
export const trainingQuoteSchema = z.object({
  fee: z.string(),
  /** Percent: 20 + 80 × XP / next-level XP. */
  chance: z.number(),
  /** sha256 of the secret seed of this attempt (64 lowercase hex digits). */
  seed_hash: z.string(),
  attempt: z.int(),
});

/**
 * `POST /api/oogles/{id}/train` body, both optional: `seed_hash`, the commitment the player was shown (any
 * other is refused); `player_seed`, 1–64 of A–Z a–z 0–9 - _, mixed into the roll (absent: "none").
 */
export const trainingRequestSchema = z.object({
  seed_hash: z.optional(z.string()),
  player_seed: z.optional(z.string().check(z.regex(PLAYER_SEED_PATTERN))),
});

/**
 * `POST /api/oogles/{id}/train` → data. Verify with src/shared/rules/training.ts `verifyTraining` (player
 * seed, attempt, seed, seed_hash, XP, next XP); `oogle` carries the next attempt's commitment.
 */
export const trainingResultSchema = z.object({
  trained: z.boolean(),
  /** Percent: 20 + 80 × XP / next-level XP. */
  chance: z.number(),
  /** In [0, 1): first 52 bits of HMAC-SHA256(seed, "<player_seed>:<attempt>") / 2^52; trained ⇔ roll < chance / 100 (decided exactly). */
  roll: z.number(),
  /** The server seed, revealed: sha256 of its 32 bytes is seed_hash. */
  seed: z.string(),
  seed_hash: z.string(),
  /** The player's seed the roll mixed ("none" when the request sent none). */
  player_seed: z.string(),
  attempt: z.int(),
  experience: z.int(),
  next_level_experience: z.int(),
  oogle: eidolSchema,
});

/** One past attempt in `GET /api/oogles/{id}/transmutations` (newest first): everything a recomputation needs. */
export const transmutationLineSchema = z.object({
  attempt: z.int(),
  seed_hash: z.string(),
  /** The server seed, revealed by the attempt. */
  seed: z.string(),
  /** Null on attempts made before player seeds (drawn from "<eidol id>:<attempt>"). */
  player_seed: z.nullable(z.string()),
  experience: z.int(),
  next_level_experience: z.int(),
  chance: z.number(),
  /** In [0, 1); null where player_seed is. */
  roll: z.nullable(z.number()),
  trained: z.boolean(),
  /** ANGLS paid to the mining pool. */
  fee: z.string(),
  created_at: z.string(),
});

/** `POST /api/rooms/claimgdao {amount}` → data. */
export const claimResultSchema = z.object({ burned: z.string(), received: z.string() });

/** `POST /api/rooms/gdaoledger` → data. */
export const incomeLedgerSchema = z.object({
  monthly_income: z.string(),
  total_patrons: z.int(),
  social_income: z.string(),
  patron_income: z.string(),
  burned: z.string(),
  patron_active: z.int(),
});

/** `POST /api/rooms/tax` → data: the Patricius title's new end (UTC). */
export const taxResultSchema = z.object({ patricius: z.string() });

/**
 * Where a month's Merkle root stands on the chain: pending (not sent yet), sent (broadcast, not final),
 * anchored (in a final block). The transaction goes from the platform's hot wallet to itself, value 0,
 * calldata = ASCII "aeon-gdao:<YYYY-MM>:" then the 32 root bytes (`calldata`, 0x hex).
 */
export const anchorSchema = z.object({
  status: z.enum(['pending', 'sent', 'anchored']),
  from: z.nullable(z.string()),
  tx_hash: z.nullable(z.string()),
  block_number: z.nullable(z.int()),
  /** ISO 8601 (UTC) time of the block. */
  block_time: z.nullable(z.string()),
  calldata: z.nullable(z.string()),
});

/**
 * One published month in `GET /api/gdao/distributions` (newest first). root_hash: the flat hash of the first
 * format (sha256 of the rows in user_id order as "<user_id>:<activity>:<amount>" joined by "\n",
 * src/shared/rules/gdaoDistribution.ts); merkle_root: the Merkle root (src/shared/rules/gdaoMerkle.ts).
 */
export const distributionSummarySchema = z.object({
  month: z.string(),
  budget: z.string(),
  total_activity: z.int(),
  root_hash: z.string(),
  merkle_root: z.nullable(z.string()),
  anchor: anchorSchema,
});

/** `GET /api/gdao/distributions/{month}` → data: the public rows (the Merkle leaves' fields; no names). */
export const distributionSchema = z.extend(distributionSummarySchema, {
  rows: z.array(z.object({ user_id: z.int(), activity: z.int(), share: z.string(), amount: z.string() })),
});

/**
 * `GET /api/gdao/distributions/{month}/proof` (session) → data: the player's leaf, its hash, and the
 * proof (index among the leaves in user_id order, leaf count, sibling hashes from the leaf up). Check with
 * src/shared/rules/gdaoMerkle.ts `verifyMerkleProof(leaf, proof, merkle_root)`.
 */
export const leafProofSchema = z.object({
  month: z.string(),
  merkle_root: z.string(),
  anchor: anchorSchema,
  leaf: z.object({ user_id: z.int(), activity: z.int(), amount: z.string() }),
  leaf_hash: z.string(),
  index: z.int(),
  leaf_count: z.int(),
  siblings: z.array(z.string()),
});

/** Types of the answers. */
export type TrainingQuote = z.infer<typeof trainingQuoteSchema>;
export type TrainingResult = z.infer<typeof trainingResultSchema>;
export type TransmutationLine = z.infer<typeof transmutationLineSchema>;
export type TrainingRequest = z.infer<typeof trainingRequestSchema>;
export type ClaimResult = z.infer<typeof claimResultSchema>;
export type IncomeLedger = z.infer<typeof incomeLedgerSchema>;
export type Distribution = z.infer<typeof distributionSchema>;
export type LeafProof = z.infer<typeof leafProofSchema>;
