/** Tables of money-moving requests: request records and two-stage transactions (src/server/domain/requests, …/transactions). */

/** A transaction's state, as `transaction_update` reports it (spec 3 §7). */
export type TransactionStatusColumn = 'new' | 'pending' | 'success' | 'fail';

/** One money-moving request of a player: its key, what it asked (hash) and what it answered. */
export interface RequestRecordsTable {
  user_id: number;
  request_key: string;
  /** sha256 hex of the canonical request (method, route, params, query, body). */
  request_hash: string;
  /** The stored answer (JSON); null only inside the transaction that claimed the key. */
  result: string | null;
  created_at: number;
}

/** A precalculated transaction waiting for (or past) its commit. */
export interface TransactionsTable {
  /** Random public id (the `{id}` of `POST /api/transactions/{id}/commit`). */
  id: string;
  user_id: number;
  /** Which feature's commit handler applies it (`send`, `exchange`, `shop`, …). */
  kind: string;
  status: TransactionStatusColumn;
  /** The feature's precalculated request, JSON with exact bigints. */
  payload: string;
  /** Gas of the precalculation in units of each asset. */
  bnb_fee: bigint;
  ngls_fee: bigint;
  busd_fee: bigint;
  /** The commit's answer (JSON), once committed. */
  result: string | null;
  /** Why it failed, in the player's words. */
  message: string | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** The tables of money-moving requests. */
export interface TransactionTables {
  request_records: RequestRecordsTable;
  transactions: TransactionsTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const TRANSACTION_MONEY_COLUMNS = ['bnb_fee', 'ngls_fee', 'busd_fee'] as const;
