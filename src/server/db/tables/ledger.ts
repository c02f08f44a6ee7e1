/** Tables of the double-entry ledger (see src/server/ledger/README.md). */
import type { Generated } from 'kysely';

/** Who owns an account: a player (users.id), an eidol (its id), or the system (owner_id 0). */
export type OwnerKind = 'player' | 'eidol' | 'system';

/** What a transfer does: move posted money, reserve it (pending), or resolve a reservation. */
export type TransferKind = 'posted' | 'pending' | 'post' | 'void' | 'expire';

/** One balance of one asset. `balance` = credits − debits posted; the pending columns are reservations. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  asset: string;
  owner_kind: OwnerKind;
  owner_id: number;
  /** Which of the owner's accounts: `main` for players and eidols, the pool's name for the system. */
  name: string;
  /** Bit set of ACCOUNT_FLAGS. */
  flags: number;
  balance: bigint;
  debits_pending: bigint;
  credits_pending: bigint;
  /** Number of entries booked on this account (the running chain's length); int64 since 0011. */
  version: number;
  created_at: number;
}

/** Immutable record of every accepted transfer; `id` is the caller's idempotency key. */
export interface LedgerTransfersTable {
  id: string;
  /** The all-or-nothing batch this transfer was applied in (the batch's first transfer id). */
  batch_id: string;
  kind: TransferKind;
  debit_account_id: number;
  credit_account_id: number;
  asset: string;
  /** posted/pending: the amount; post: the amount posted; void/expire: the amount released. */
  amount: bigint;
  /** For post/void/expire: the pending transfer resolved (unique: each pending resolves at most once). */
  pending_id: string | null;
  /** For pending: how long the reservation lasts, and when it expires (epoch ms). */
  timeout_ms: number | null;
  expires_at: number | null;
  /** Why money moved (`bet`, `win`, `shop`, …), for reports and history. */
  code: string;
  /** Free reference (a round id, an order id), compared on retries like every other field. */
  ref: string | null;
  created_at: number;
}

/** One side of a posted transfer on one account, with the balance before and after (a running chain). */
export interface LedgerEntriesTable {
  account_id: number;
  /** 1, 2, 3, … per account: the account's version after this entry; (account_id, account_version) is the key. */
  account_version: number;
  transfer_id: string;
  /** Signed: credit positive, debit negative. */
  amount: bigint;
  before_balance: bigint;
  after_balance: bigint;
  created_at: number;
}

/** A pending transfer not resolved yet: written with it, deleted by its resolution in the same commit. */
export interface LedgerOpenPendingsTable {
  transfer_id: string;
  expires_at: number;
}

/** The ledger's tables. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  ledger_open_pendings: LedgerOpenPendingsTable;
}

/** The ledger tables' money columns (read as bigint; see moneyColumns.ts). */
export const LEDGER_MONEY_COLUMNS = ['balance', 'debits_pending', 'credits_pending', 'amount', 'before_balance', 'after_balance'] as const;

/** Money aliases of the ledger's own queries (checkQueries.ts): sums and neighbours of money columns. */
export const LEDGER_MONEY_ALIASES = [
  'sum_balance',
  'sum_amount',
  'prev_balance',
  'open_debits_pending',
  'open_credits_pending',
  'pending_amount',
] as const;
