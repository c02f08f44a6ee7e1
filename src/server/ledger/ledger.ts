/** A ledger bound to one database and clock: the convenient face of the functions in this folder. */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from '../clock';
import { balancesOf, itemsOf, type PlayerBalances } from './balances';
import { checkLedger, type LedgerReport } from './check';
import { expireOverdue } from './expiry';
import { runLedgerTx, type LedgerTx } from './ledgerTx';
import { transfer, transferBatch } from './transfer';
import type { TransferInput, TransferResult } from './types';

/** The ledger of `db`; each method is its own transaction unless it takes a `tx`. */
export interface Ledger {
  readonly db: Db;
  readonly clock: Clock;
  /** Runs `fn` in one transaction: transfers plus the caller's own rows commit together. */
  run<T>(fn: (tx: LedgerTx) => Promise<T>): Promise<T>;
  transfer(input: TransferInput): Promise<TransferResult>;
  transferBatch(inputs: readonly TransferInput[]): Promise<TransferResult[]>;
  /**
   * Expires every overdue pending transfer in batches of `batchSize` (default EXPIRY_BATCH), each its own
   * transaction; the server calls this periodically. Returns the expired pending ids.
   */
  expire(opts?: { batchSize?: number; onBatch?: (expired: string[]) => void | Promise<void> }): Promise<string[]>;
  /** Reads through `k` (inside `run`: `tx.kysely`; the outer handle is refused there), else the database. */
  balancesOf(userId: number, k?: Kysely<Database>): Promise<PlayerBalances>;
  itemsOf(userId: number, k?: Kysely<Database>): Promise<Map<number, bigint>>;
  check(): Promise<LedgerReport>;
}

/** Binds the ledger functions to `db` and `clock`. */
export function createLedger(db: Db, clock: Clock): Ledger {
  const run = <T>(fn: (tx: LedgerTx) => Promise<T>) => runLedgerTx(db, clock, fn);
  return {
    db,
    clock,
    run,
    transfer: (input) => run((tx) => transfer(tx, input)),
    transferBatch: (inputs) => run((tx) => transferBatch(tx, inputs)),
    expire: (opts) => expireOverdue(run, opts),
    balancesOf: (userId, k) => balancesOf(k ?? db.kysely, userId),
    itemsOf: (userId, k) => itemsOf(k ?? db.kysely, userId),
    check: () => checkLedger(db),
  };
}
