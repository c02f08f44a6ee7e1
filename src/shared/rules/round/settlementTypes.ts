/** The shapes of a round's settlement: its inputs (a snapshot) and what it books. */
import type { EconomyConfig } from './economyConfig';
import type { Risk } from './risk';

/**
 * What an eidol is to settlement: an egg (hatches), a hatched eidol, or an eggtoplasm (XP only, up to its
 * full bar: no stake, no emission, never hatches by itself).
 */
export type SettlementEidolType = 'egg' | 'eidol' | 'ectoplasm';

/** One joined eidol as the round's snapshot saw it at lock time. */
export interface SnapshotEidol {
  id: number;
  owner: number;
  /** The eidol account's balance, ANGLS units. */
  value: bigint;
  /** r as a decimal string ("0.125") or exact units over 10^digits. */
  risk: string | Risk;
  /** Yieldy, whole percent 0–10: raises the eidol's emission weight to S × (1 + Yieldy/100), not its stake or claim. */
  yieldy: number;
  type: SettlementEidolType;
  xp: number;
  level: number;
  topValue: bigint;
  noLossValue: bigint;
  /**
   * The stake reserved against the round's capacity when it joined (or at the open, carried over): the
   * stake is then min(r × V, reservedStake), so a value that grew after the reservation never claims more
   * than was reserved. Absent: not capped (the simulator's and older tests' eidols).
   */
  reservedStake?: bigint;
  /** A carried-over eidol that did not fit the capacity at the open: it takes no part (zone null, no stake). */
  satOut?: boolean;
}

/** Everything settlement reads: a pure function of these (ECONOMY.md principle 4). */
export interface SettlementInput {
  roundId: number;
  /** T = thresholdUnits / 2^52, from the fairness rules; 0 ≤ thresholdUnits < 2^52. */
  thresholdUnits: bigint;
  eidols: readonly SnapshotEidol[];
  /** The mining pool's ANGLS balance before the round. */
  poolBefore: bigint;
  /** Incense slots lit, 0–3: each doubles the emission. */
  incenseSlots: number;
  config: EconomyConfig;
}

/** A ledger account by kind: an eidol's own account, or the system mining pool. */
export type SettlementAccount = { kind: 'eidol'; id: number } | { kind: 'system'; name: 'mining_pool' };

/** The legs of a round per eidol: the booked stake, a winner's stake back plus claim, its emission share. */
export type SettlementLeg = 'bet' | 'win' | 'mined';

/** One posted transfer to book (ANGLS); `amount` > 0. */
export interface SettlementTransfer {
  /** `round:<round id>:<eidol id>:<leg>`: the idempotency key, so a replayed settlement never pays twice. */
  id: string;
  debit: SettlementAccount;
  credit: SettlementAccount;
  amount: bigint;
  code: SettlementLeg;
  ref: string;
}

/** One eidol's result; money fields in ANGLS units. */
export interface EidolSettlement {
  id: number;
  owner: number;
  /** 'bot' wins (0 < r ≤ T), 'top' loses (r > T), null at r = 0, for an eggtoplasm and for an eidol that sat out. */
  zone: 'bot' | 'top' | null;
  /** S = min(⌊r × V⌋, reservedStake), booked in full; 0n when not taking part. */
  stake: bigint;
  /** The `bet` as booked: −S (0n when not taking part). */
  bet: bigint;
  /** The fair claim G = ⌊S × r / (1 − r)⌋ paid in full to a winner (0n for losers). */
  claim: bigint;
  /** What the `win` leg pays: S + G for winners, 0n otherwise. */
  payout: bigint;
  /** Emission share, paid after settling. */
  emission: bigint;
  valueBefore: bigint;
  value: bigint;
  xpGained: number;
  xp: number;
  level: number;
  type: SettlementEidolType;
  /** True when this round hatched the egg. */
  hatched: boolean;
  topValue: bigint;
  noLossValue: bigint;
}

/** The round's totals (ANGLS units). */
export interface RoundTotals {
  participants: number;
  winners: number;
  losers: number;
  /** Carried-over eidols that did not fit the capacity at the open and took no part. */
  satOut: number;
  /** Σ S over participants (all `bet` legs). */
  stakes: bigint;
  /** Σ S over losers: what the pool keeps. */
  losersStakes: bigint;
  /** Σ G paid to winners, in full. */
  claimsPaid: bigint;
  /** The pool after the bets and wins, before emission: poolBefore + losersStakes − claimsPaid. */
  poolAfterSettling: bigint;
  /** E = min(cap, poolAfterSettling × rate, y × Σ S) × 2^slots, at most poolAfterSettling (0 without stakes). */
  emission: bigint;
  /** Σ shares paid: always exactly `emission` (the largest remainders take the rounding's units). */
  emissionPaid: bigint;
  poolBefore: bigint;
  poolAfter: bigint;
}

/** XP a player's eidols gained this round: player XP grows with it (ECONOMY.md "XP"). */
export interface OwnerXp {
  owner: number;
  xpGained: number;
}

/** A settled round: per eidol (ascending id), per owner (ascending), totals, and the balanced transfers in booking order. */
export interface Settlement {
  roundId: number;
  thresholdUnits: bigint;
  eidols: EidolSettlement[];
  owners: OwnerXp[];
  totals: RoundTotals;
  transfers: SettlementTransfer[];
}
