/** The storage a batch needs, one implementation per dialect, always inside the caller's transaction. */
import type { BatchPlan } from './engine';
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
}
