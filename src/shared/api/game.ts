/**
 * The core loop on the wire (FACTS.md "Game", "Eidol", "Join", "Transactions of an eidol", "Telemetry"):
 * what `/api/game`, `/api/oogles/{id}`, the join, the eggs, history, telemetry and fairness answer. Money
 * travels as decimal strings in ANGLS (8 decimals); times as UTC "YYYY-MM-DD HH:MM:SS".
 */
import { z } from '../zod';
import { itemSchema } from './user';

/** An eidol's type on the wire ('ogle' is a hatched eidol). */
export const eidolTypeSchema = z.enum(['egg', 'ectoplasm', 'ogle']);

/** An eidol (in `oogles[]` and `GET /api/oogles/{id}`). */
export const eidolSchema = z.object({
  id: z.int(),
  /** ANGLS, the eidol ledger account's balance. */
  value: z.string(),
  /** ANGLS the egg hatches with. */
  maxValue: z.string(),
  top_value: z.string(),
  no_loss_value: z.string(),
  /** 1 + risk. */
  multiplier: z.number(),
  /** r, 0..1, as the decimal string the player set ("0.125"). */
  risk: z.string(),
  level: z.int().check(z.gte(0), z.lte(11)),
  experience: z.int(),
  next_level_experience: z.int(),
  type: eidolTypeSchema,
  rarity: z.enum(['common', 'rare', 'epic', 'mythic']),
  collection: z.string(),
  skin: z.object({ collection: z.string(), image: z.string(), name: z.string() }),
  data: z.object({
    /** Yieldy, whole percent 0–10. */
    greedy: z.int(),
    /** Extra risk decimals 0–2. */
    precise: z.int(),
    /** While in the future, one more risk decimal (UTC time or null). */
    apple: z.nullable(z.string()),
  }),
  is_locked: z.boolean(),
  /**
   * An eidol that can transmute (level 11), on `GET /api/oogles/{id}` and the train answer: sha256 of the
   * server seed of its next attempt, published before that attempt, and the attempt's number.
   */
  transmute_seed_hash: z.optional(z.string()),
  transmute_attempt: z.optional(z.int()),
});

/** The current round and the player's part in it (`GET /api/game` → data). */
export const gameSchema = z.object({
  id: z.int(),
  /** When the round settles (UTC). */
  ends_at: z.string(),
  /** Joins are accepted before this time (UTC); then the round is locked ("Mining"). */
  can_act_before: z.string(),
  is_joined: z.boolean(),
  my_multiplier: z.number(),
  investor_skin_id: z.int(),
  senator: z.nullable(z.string()),
  patricius: z.nullable(z.string()),
  /** Lit incense slots: the time each burns until (UTC), or ''. */
  incense_1: z.string(),
  incense_2: z.string(),
  incense_3: z.string(),
  gdao_chest_supply: z.string(),
  /** The caravan's return time (UTC) or ''. */
  caravan: z.string(),
  caravan_items: z.int(),
  chest_locked: z.boolean(),
  /** ANGLS paid per gDAO burned at the chest (decimal string); absent from servers before the chest. */
  gdao_burn_rate: z.optional(z.string()),
  /** The chest claim's fee in percent; absent from servers before the chest. */
  gdao_claim_fee_percent: z.optional(z.number()),
  oogles: z.array(eidolSchema),
  items: z.array(itemSchema),
  /** K, the round's capacity (ANGLS): the claims its eidols may reserve in all (ECONOMY.md). */
  capacity: z.optional(z.string()),
  /** K less what is reserved (ANGLS): the room the realm has left this round. */
  capacity_left: z.optional(z.string()),
  /** m × K (ANGLS): the most one eidol may reserve. */
  capacity_per_eidol: z.optional(z.string()),
  /** The claim each of the player's eidols holds this round (ANGLS, by eidol id); a staking eidol missing here sits out. */
  reserved_claims: z.optional(z.record(z.string(), z.string())),
  /** Server time (UTC ms) when answered: the client's countdown corrects its clock offset with it. */
  server_time: z.int(),
});

/**
 * `POST /api/game/join`: `{risk, oogle_id}` (risk a decimal string with the eidol's precision), or the
 * older `{multiplier}` form (risk = multiplier − 1; `oogle_id` optional: the player's first eidol).
 */
export const joinBodySchema = z.object({
  oogle_id: z.optional(z.union([z.int(), z.string()])),
  risk: z.optional(z.union([z.string(), z.number()])),
  multiplier: z.optional(z.union([z.string(), z.number()])),
});

/** `POST /api/oogle/buy`: the egg tier. */
export const buyEggBodySchema = z.object({ type: z.string() });

/** One line of an eidol's history (`GET /api/oogles/{id}/transactions`, newest first). */
export const eidolTransactionSchema = z.object({
  id: z.string(),
  /** `bet` the stake, `win` a winner's payout (stake + claim), `mined` the round's emission share (losers get it too). */
  type: z.enum(['bet', 'win', 'mined']),
  /** Signed ANGLS: −s for a bet, + for a win or a mined share. */
  amount: z.string(),
  game_id: z.int(),
  zone: z.nullable(z.enum(['top', 'bot'])),
  created_at: z.string(),
});

/** `GET /api/transactions/stats` → data (ANGLS decimal strings). */
export const transactionStatsSchema = z.object({
  bet: z.string(),
  /** Paid back to winners: stake + claim, the emission apart. */
  won: z.string(),
  /** The emission received (Mined); `earned` is the same amount under the original product's name. */
  mined: z.string(),
  saldo: z.string(),
  spent: z.string(),
  earned: z.string(),
  period: z.object({ from: z.string(), till: z.string() }),
});

/** `GET /api/telemetry` → data. */
export const telemetrySchema = z.object({
  total_pool: z.string(),
  totalNodes: z.int(),
  total_mined: z.string(),
  total_users: z.int(),
  emit: z.string(),
});

/** One sample of `/api/telemetry/chart` (mining pool, ANGLS) or `/num` (T as a fraction), newest first. */
export const telemetrySampleSchema = z.object({ amount: z.union([z.string(), z.number()]), created_at: z.string() });

/** One settled round as `GET /api/fairness` publishes it. */
export const fairRoundSchema = z.object({
  id: z.int(),
  /** The fairness chain it reveals (an id of `chains`). */
  chain_id: z.int(),
  /** 64 lowercase hex: sha256 of its raw bytes is the previous round's hash (or the terminal hash). */
  hash: z.string(),
  /** T as a decimal fraction (display); recompute it from hash and block hash (or salt, under the salt rule). */
  threshold: z.string(),
  ends_at: z.string(),
  /** The chain block whose hash keys T (the head at the lock + 1); null for rounds under the salt rule. */
  block_number: z.nullable(z.int()),
  /** That block's hash, 0x + 64 lowercase hex; null under the salt rule. */
  block_hash: z.nullable(z.string()),
});

/**
 * How a chain's rounds key T: 'block' HMAC(round hash, block hash) for every round; 'salt' HMAC(salt, round
 * hash) for every round (chains used up before the block rule); 'salt_then_block': the salt rule before
 * `block_rule_from`, the block rule from it on.
 */
export const saltRuleSchema = z.enum(['block', 'salt', 'salt_then_block']);

/** A fairness chain ever used, as committed: old chains stay listed. */
export const fairChainSchema = z.object({
  id: z.int(),
  /** The commitment: published before its first round; sha256 of the first round's hash. */
  terminal_hash: z.string(),
  salt: z.string(),
  salt_rule: saltRuleSchema,
  /** The first round keyed by a block; null when none is (salt rule throughout). */
  block_rule_from: z.nullable(z.int()),
  /** Rounds the chain holds (its positions). */
  length: z.int(),
  first_round_id: z.int(),
  /** Its newest settled round; null before the first settles. */
  last_round_id: z.nullable(z.int()),
});

/** `GET /api/fairness?page=N` → data. */
export const fairnessSchema = z.object({
  /** The current chain's commitment (also in `chains`). */
  terminal_hash: z.string(),
  salt: z.string(),
  /** Every chain ever used, newest first. */
  chains: z.array(fairChainSchema),
  /** Settled rounds of every chain, newest first, a page at a time. */
  rounds: z.array(fairRoundSchema),
  page: z.int(),
  /** Whether an older page exists. */
  has_more: z.boolean(),
});

/** One eidol of a settled round as `GET /api/fairness/rounds/{id}` publishes it: the settlement's input and result. */
export const fairEntrySchema = z.object({
  eidol_id: z.int(),
  risk: z.string(),
  yieldy: z.int(),
  /** What settlement saw: an eggtoplasm takes part for its XP only (no stake, no emission). */
  type: z.enum(['egg', 'eidol', 'ectoplasm']),
  xp: z.int(),
  level: z.int(),
  /** ANGLS units as integer strings (exact input for the recomputation). */
  value_before: z.string(),
  top_value_before: z.string(),
  no_loss_value: z.string(),
  zone: z.nullable(z.enum(['top', 'bot'])),
  stake: z.string(),
  payout: z.string(),
  mined: z.string(),
  value_after: z.string(),
  /** The stake reserved against the round's capacity (ANGLS units), or null when none was recorded. */
  reserved_stake: z.nullable(z.string()),
  /** A carried-over eidol that did not fit the capacity at the open: it took no part. */
  sat_out: z.boolean(),
  /** The round this eidol last had an entry in before this one; null: its first round. */
  previous_round_id: z.nullable(z.int()),
  /**
   * Its account's ledger movements between that round's booking (or the account's opening) and this
   * round's snapshot, oldest first: value_after there + Σ amount = value_before here, link by link.
   */
  movements: z.array(
    z.object({
      /** The account's version after this movement (1, 2, 3, … with no gap). */
      version: z.int(),
      transfer_id: z.string(),
      code: z.string(),
      /** Signed ANGLS units: credit positive. */
      amount: z.string(),
      before: z.string(),
      after: z.string(),
    }),
  ),
});

/** `GET /api/fairness/rounds/{id}` → data: everything needed to recompute the round in a browser. */
export const fairRoundDetailSchema = z.extend(fairRoundSchema, {
  /** The previous round's hash (or the chain's terminal hash), for display: verifiers fetch that round's own record. */
  previous_hash: z.string(),
  salt: z.string(),
  threshold_units: z.string(),
  incense_slots: z.int(),
  /** Mining pool before the round, ANGLS units (integer string). */
  pool_before: z.string(),
  pool_after: z.string(),
  entries: z.array(fairEntrySchema),
});

/** An eidol on the wire. */
export type EidolView = z.infer<typeof eidolSchema>;
/** The current round on the wire. */
export type GameView = z.infer<typeof gameSchema>;
/** A join request. */
export type JoinBody = z.infer<typeof joinBodySchema>;
/** One line of an eidol's history. */
export type EidolTransaction = z.infer<typeof eidolTransactionSchema>;
/** A page of the fairness record. */
export type FairnessView = z.infer<typeof fairnessSchema>;
/** A settled round with its entries. */
export type FairRoundDetail = z.infer<typeof fairRoundDetailSchema>;
/** A fairness chain as listed. */
export type FairChain = z.infer<typeof fairChainSchema>;
/** One entry of a round's detail. */
export type FairEntry = z.infer<typeof fairEntrySchema>;
/** Telemetry totals. */
export type TelemetryView = z.infer<typeof telemetrySchema>;
