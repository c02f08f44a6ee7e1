/** The ledger: the only way money and items move. See README.md in this folder. */
export { ACCOUNT_FLAGS, HOLDER_FLAGS, ISSUER_NAMES, LEDGER_ASSETS, SYSTEM_ACCOUNTS, flagsOf, type SystemAccountName } from './assets';
export { assetScale, itemAsset, itemIdOf, type AssetCode } from './assets';
export { GENESIS } from './genesisConfig';
export { LedgerError, isLedgerError, type LedgerErrorCode } from './errors';
export type { Account, Entry, PendingInput, PostInput, PostedInput, Transfer, TransferInput, TransferResult, VoidInput } from './types';
export { runLedgerTx, LedgerTxAbortedError, MAX_TX_ATTEMPTS, type LedgerTx } from './ledgerTx';
export { transfer, transferBatch, postPending, voidPending } from './transfer';
export { postBulk, type BulkResult } from './bulk';
export { EXPIRY_BATCH, expireOverdue, expirePending, expiryIdOf } from './expiry';
export {
  ensureAccount,
  playerAccount,
  eidolAccount,
  systemAccount,
  getAccount,
  accountsOf,
  type AccountHandle,
  type AccountSpec,
} from './accounts';
export { balancesOf, itemsOf, type PlayerBalances } from './balances';
export { historyOf, type HistoryLine } from './history';
export { ensureGenesis } from './genesis';
export { checkLedger, type LedgerReport } from './check';
export { createLedger, type Ledger } from './ledger';
export { postHubLegs, type HubLeg, type HubLegs } from './hubLegs';
