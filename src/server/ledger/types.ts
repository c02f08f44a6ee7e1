/** What callers hand the ledger and what it hands back. */
import type { TransferKind } from '../db/tables/ledger';

/** Moves `amount` from `debit` to `credit` now. Account ids come from accounts.ts. */
export interface PostedInput {
  kind?: 'posted';
  /** The idempotency key: a retry with the same id and fields returns the first result. */
  id: string;
  debit: number;
  credit: number;
  amount: bigint;
  code: string;
  ref?: string | null;
}

/** Reserves `amount` (debit's available balance drops, nothing moves) until posted, voided or expired. */
export interface PendingInput {
  kind: 'pending';
  id: string;
  debit: number;
  credit: number;
  amount: bigint;
  /** Milliseconds until the reservation expires; relative, so a retry compares equal. */
  timeoutMs: number;
  code: string;
  ref?: string | null;
}

/** Posts a pending transfer: all of it (amount omitted) or part; the rest is released. */
export interface PostInput {
  kind: 'post';
  id: string;
  pendingId: string;
  amount?: bigint;
  code?: string;
  ref?: string | null;
}

/** Releases a pending transfer without moving anything. */
export interface VoidInput {
  kind: 'void';
  id: string;
  pendingId: string;
  code?: string;
  ref?: string | null;
}

/** Anything a batch may contain. */
export type TransferInput = PostedInput | PendingInput | PostInput | VoidInput;

/** A stored transfer, as every read returns it. */
export interface Transfer {
  id: string;
  batchId: string;
  kind: TransferKind;
  debit: number;
  credit: number;
  asset: string;
  amount: bigint;
  pendingId: string | null;
  timeoutMs: number | null;
  expiresAt: number | null;
  code: string;
  ref: string | null;
  createdAt: number;
}

/** The outcome of one transfer: `created` false means an identical earlier transfer was returned. */
export interface TransferResult {
  transfer: Transfer;
  created: boolean;
}

/** An account's state as the ledger keeps it. */
export interface Account {
  id: number;
  asset: string;
  ownerKind: 'player' | 'eidol' | 'system';
  ownerId: number;
  name: string;
  flags: number;
  balance: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
  version: number;
}

/** One side of a posted transfer on one account. */
export interface Entry {
  transferId: string;
  accountId: number;
  amount: bigint;
  beforeBalance: bigint;
  afterBalance: bigint;
  accountVersion: number;
  createdAt: number;
}
