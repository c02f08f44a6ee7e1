/** Tables of the core loop: eidols, rounds, settled round entries, fairness chains (migration 0050). */
import type { Generated } from 'kysely';

/** An eidol's type in the database and on the wire ('ogle' is a hatched eidol). */
export type EidolType = 'egg' | 'ectoplasm' | 'ogle';

/** An eidol's rarity (spec 1 §3). */
export type EidolRarity = 'common' | 'rare' | 'epic' | 'mythic';

/** One eidol; its value is the balance of its ledger account (owner_kind 'eidol', owner_id = id). */
export interface EidolsTable {
  id: Generated<number>;
  user_id: number;
  type: EidolType;
  rarity: EidolRarity;
  collection: string;
  skin_name: string;
  skin_image: string;
  /** 'free' (the one free egg) or the shop tier 'egg1'..'egg4'. */
  source: string;
  level: Generated<number>;
  experience: Generated<number>;
  /** r as a canonical decimal string; the wire's multiplier is 1 + r. */
  risk: Generated<string>;
  /** Yieldy (`data.greedy`), whole percent 0–10. */
  yieldy: Generated<number>;
  /** Precise (`data.precise`): extra risk decimals, 0–2. */
  precise: Generated<number>;
  /** While in the future an Apple adds one precision digit (`data.apple`). */
  apple_until: number | null;
  /** ANGLS units the egg hatches with (the wire's maxValue). */
  hatch_value: bigint;
  top_value: bigint;
  /** Break-even: hatch value + feeds − extracts. */
  no_loss_value: bigint;
  is_locked: Generated<number>;
  hatched_at: number | null;
  /** Set by Confirm Loss: the eidol is gone from lists and rounds. */
  closed_at: number | null;
  /** The eidol's last accepted join (epoch ms): carried-over eidols are reserved at the open in this order. */
  joined_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A published hash chain; its secret checkpoints sit in `fairness_checkpoints`. */
export interface FairnessChainsTable {
  id: Generated<number>;
  terminal_hash: string;
  /** HMAC key of the thresholds (UTF-8), published with the terminal hash. */
  salt: string;
  length: number;
  first_round_id: number;
  created_at: number;
  /**
   * The first round of this chain whose T is keyed by a chain block (HMAC(hash, block hash)); earlier
   * rounds used HMAC(salt, hash). Null: every round of the chain uses the salt rule (chains from before
   * migration 0170 only; new chains set their first round).
   */
  block_rule_from: number | null;
}

/** Secret: the chain's hash at a position (1-based, the round order); never served. */
export interface FairnessCheckpointsTable {
  chain_id: number;
  position: number;
  hash: string;
}

/** One Crypto Aeon block. `hash` is secret until `settled_at` is set. */
export interface RoundsTable {
  id: number;
  chain_id: number;
  position: number;
  hash: string;
  opens_at: number;
  /** Joins are accepted while now < can_act_before (open); then locked until ends_at. */
  can_act_before: number;
  ends_at: number;
  settled_at: number | null;
  /** T × 2^52, once settled. */
  threshold_units: number | null;
  incense_slots: Generated<number>;
  participants: Generated<number>;
  winners: Generated<number>;
  pool_before: Generated<bigint>;
  pool_after: Generated<bigint>;
  round_fee: Generated<bigint>;
  claims_paid: Generated<bigint>;
  emission_paid: Generated<bigint>;
  nominal_stakes: Generated<bigint>;
  /** K = c × the mining pool at the open (ANGLS units): the most the round's claims may reserve. */
  capacity: Generated<bigint>;
  /** Σ G reserved against `capacity`; never above it. */
  reserved: Generated<bigint>;
  /** The chain block whose hash keys T: the head at the lock + 1, written at the lock (null before it). */
  block_number: number | null;
  /** That block's hash (0x + 64 lowercase hex), written once it is read, before the round settles. */
  block_hash: string | null;
}

/** One eidol's reservation in a round: the claim G it holds against the round's capacity. */
export interface RoundReservationsTable {
  round_id: number;
  eidol_id: number;
  /** The risk the reservation was made at. */
  risk: string;
  /** S reserved: the round's stake is min(r × V, this). */
  stake: bigint;
  /** G reserved. */
  claim: bigint;
  created_at: number;
}

/** One eidol's snapshot and result in a settled round. */
export interface RoundEntriesTable {
  round_id: number;
  eidol_id: number;
  user_id: number;
  risk: string;
  yieldy: number;
  /** The settlement's type: 'egg', 'eidol' or 'ectoplasm' (migration 0140 widened the column for it). */
  eidol_type: string;
  xp_before: number;
  level_before: number;
  value_before: bigint;
  top_value_before: bigint;
  no_loss_value: bigint;
  /** 'bot' (won), 'top' (lost) or null (r = 0: an egg's XP only). */
  zone: 'bot' | 'top' | null;
  /** s, the booked stake (the `bet` is −s). */
  stake: bigint;
  /** The `win` leg: s + claim paid for winners, else 0. */
  payout: bigint;
  /** The emission share. */
  mined: bigint;
  value_after: bigint;
  xp_gained: number;
  /** The stake its reservation held (null: no reservation, e.g. an egg at r = 0). */
  reserved_stake: bigint | null;
  /** 1 when a carried-over eidol did not fit the capacity at the open and sat the round out. */
  sat_out: Generated<number>;
  created_at: number;
}

/** The core loop's tables. */
export interface GameTables {
  eidols: EidolsTable;
  fairness_chains: FairnessChainsTable;
  fairness_checkpoints: FairnessCheckpointsTable;
  rounds: RoundsTable;
  round_entries: RoundEntriesTable;
  round_reservations: RoundReservationsTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const GAME_MONEY_COLUMNS = [
  'hatch_value',
  'top_value',
  'no_loss_value',
  'pool_before',
  'pool_after',
  'round_fee',
  'claims_paid',
  'emission_paid',
  'nominal_stakes',
  'value_before',
  'top_value_before',
  'stake',
  'payout',
  'mined',
  'value_after',
  'capacity',
  'reserved',
  'reserved_stake',
  'claim',
] as const;
