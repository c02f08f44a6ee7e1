/** The storage a batch needs, one implementation per dialect, always inside the caller's transaction. */
import type { BatchPlan } from './engine';
import type { BulkChunk } from './bulkTypes';
import type { Account, Transfer } from './types';

/** Reads and writes of one ledger transaction. */
export interface LedgerStore {
  /** Stored transfers with these ids. */
  findTransfers(ids: readonly string[]): Promise<Map<string, Transfer>>;
  /** Which of these pending ids already have a resolution (post, void or expire). */
  findResolved(pendingIds: readonly string[]): Promise<Set<string>>;
  /** Locks the accounts in ascending id order (no lock-order deadlocks) and reads them. */
  lockAccounts(ids: readonly number[]): Promise<Map<number, Account>>;
  /** Writes a plan: new transfers, their entries, the accounts' new state. */
  write(plan: BatchPlan): Promise<void>;
  /** True when any of these transfer ids is stored (bulk posting's idempotency check). */
  anyTransferExists(ids: readonly string[]): Promise<boolean>;
  /** Writes one slice of a bulk posting set-based (bulk.ts checked it under the account locks). */
  writeBulk(chunk: BulkChunk): Promise<void>;
}
