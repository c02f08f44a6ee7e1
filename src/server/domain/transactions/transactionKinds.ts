/**
 * The registry of transaction kinds: each feature of the two-stage flow (send, exchange, shop, starter
 * pack) registers how its precalculated transaction is committed; `commitTransaction` looks it up by kind.
 */
import type { LedgerError, LedgerTx } from '../../ledger/index';
import type { Stored } from '../requests/storedJson';
import type { TransactionRecord } from './transactionRecord';

/** What a commit handler reports: `success` (default) or `pending` (final later, e.g. on chain), and the answer. */
export interface CommitDone {
  status?: 'success' | 'pending';
  /** Sent to the player as the commit's `data.result` (money as decimal strings) and replayed on retries. */
  result?: Stored;
  /** Other players the commit credited (an internal send's recipient): they hear it as a `receive`. */
  credited?: number[];
}

/** How one kind of transaction is applied. */
export interface TransactionKindHandler {
  /**
   * Applies `record` inside the commit's ledger transaction: ledger transfers with ids derived from
   * `record.id` (`<kind>:<id>:<leg>`) and the feature's own rows through `tx.kysely`. Refuse by throwing
   * an AppError (its message reaches the player) or a LedgerError: the transaction then fails, nothing moves.
   */
  commit(tx: LedgerTx, record: TransactionRecord): Promise<CommitDone | void>;
  /** Runs in the commit that fails a `new` transaction (expired or refused): release what the precalculation reserved. */
  release?(tx: LedgerTx, record: TransactionRecord): Promise<void>;
  /**
   * The player's text for a ledger refusal of this kind's transfers (e.g. an overdraft a concurrent commit
   * caused after the kind's own balance check): PostgreSQL lets two commits pass that check where SQLite
   * serialises them, so without this the two databases would answer differently.
   */
  ledgerRefusal?(record: TransactionRecord, err: LedgerError): string | undefined;
  /** How long a precalculation may wait for its commit (default DEFAULT_TRANSACTION_TTL_MS). */
  ttlMs?: number;
}

const kinds = new Map<string, TransactionKindHandler>();

/** Registers `kind`; registering another handler under a taken kind throws (two features, one name). */
export function registerTransactionKind(kind: string, handler: TransactionKindHandler): void {
  const known = kinds.get(kind);
  if (known && known !== handler) throw new Error(`transaction kind ${kind} is already registered`);
  if (kind.length === 0 || kind.length > 32) throw new Error(`transaction kind "${kind}" must be 1–32 characters`);
  kinds.set(kind, handler);
}

/** The handler of `kind`, or undefined when none is registered. */
export function findTransactionKind(kind: string): TransactionKindHandler | undefined {
  return kinds.get(kind);
}

/** The handler of `kind`; throws when no feature registered it (a bug, not a player's error). */
export function transactionKind(kind: string): TransactionKindHandler {
  const handler = kinds.get(kind);
  if (!handler) throw new Error(`transaction kind ${kind} is not registered`);
  return handler;
}
