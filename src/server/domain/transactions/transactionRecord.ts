/** A transaction as domain code holds it, read from its row. */
import type { TransactionStatus } from '../../../shared/api/transactions';
import type { TransactionsTable } from '../../db/tables/transactions';
import { decodeStored, type Stored } from '../requests/storedJson';

/** The gas of a precalculation in units of each asset (BNB 9, ANGLS 8, USDC 6 decimals). */
export interface TransactionFee {
  bnb: bigint;
  ngls: bigint;
  busd: bigint;
}

/** A stored transaction. */
export interface TransactionRecord {
  /** Random public id. */
  id: string;
  userId: number;
  kind: string;
  status: TransactionStatus;
  /** The feature's precalculated request, exactly as it was stored. */
  payload: Stored;
  fee: TransactionFee;
  /** The commit's answer once committed. */
  result: Stored | null;
  /** Why it failed. */
  message: string | null;
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
}

/** The record of a `transactions` row. */
export function recordOf(row: TransactionsTable): TransactionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    status: row.status,
    payload: decodeStored(row.payload),
    fee: { bnb: row.bnb_fee, ngls: row.ngls_fee, busd: row.busd_fee },
    result: row.result === null ? null : decodeStored(row.result),
    message: row.message,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
