/** The two-stage transaction flow (spec 2 §4): precalculate → commit. See README.md in this folder. */
export { createTransaction, newTransactionId, DEFAULT_TRANSACTION_TTL_MS, type NewTransaction } from './createTransaction';
export { runTransactionNow } from './runTransactionNow';
export {
  commitTransaction,
  TRANSACTION_NOT_FOUND,
  TRANSACTION_FAILED_STATUS,
  type CommitDeps,
  type CommitOutcome,
} from './commitTransaction';
export type { RequestRef } from '../requests/requestRecords';
export { expireStaleTransactions, EXPIRY_BATCH_SIZE, EXPIRY_MAX_BATCHES, type ExpirySweepOptions } from './expireTransactions';
export { TRANSACTION_EXPIRED } from './failTransaction';
export {
  registerTransactionKind,
  transactionKind,
  findTransactionKind,
  type CommitDone,
  type TransactionKindHandler,
} from './transactionKinds';
export type { TransactionFee, TransactionRecord } from './transactionRecord';
export { precalcDataOf, transactionViewOf, type TransactionUpdateListener } from './transactionViews';
