/** Stage 0 of the two-stage flow: a feature's precalculation stores a `new` transaction that expires. */
import crypto from 'node:crypto';
import type { LedgerTx } from '../../ledger/index';
import type { Stored } from '../requests/storedJson';
import { encodeStored } from '../requests/storedJson';
import { recordOf, type TransactionFee, type TransactionRecord } from './transactionRecord';
import { transactionKind } from './transactionKinds';

/** How long a precalculation waits for its commit unless its kind says otherwise: 10 minutes. */
export const DEFAULT_TRANSACTION_TTL_MS = 10 * 60 * 1000;

/** What a feature's precalculation stores. */
export interface NewTransaction {
  userId: number;
  /** A registered kind (registerTransactionKind). */
  kind: string;
  /** Everything the commit needs, decided now (amounts as bigint, addresses, prices). */
  payload: Stored;
  /** The gas shown to the player; zero where not given. */
  fee?: Partial<TransactionFee>;
  /** Overrides the kind's time to live. */
  ttlMs?: number;
}

/** A fresh public id: 128 random bits, so another player's transaction cannot be guessed. */
export function newTransactionId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/**
 * Stores a `new` transaction inside the feature's ledger transaction `tx` (the same commit as any
 * reservation it makes). Announce it (transactionViewOf) after the commit returns.
 */
export async function createTransaction(tx: LedgerTx, input: NewTransaction): Promise<TransactionRecord> {
  const handler = transactionKind(input.kind);
  const ttl = input.ttlMs ?? handler.ttlMs ?? DEFAULT_TRANSACTION_TTL_MS;
  const fee = { bnb: input.fee?.bnb ?? 0n, ngls: input.fee?.ngls ?? 0n, busd: input.fee?.busd ?? 0n };
  const row = {
    id: newTransactionId(),
    user_id: input.userId,
    kind: input.kind,
    status: 'new' as const,
    payload: encodeStored(input.payload),
    bnb_fee: fee.bnb,
    ngls_fee: fee.ngls,
    busd_fee: fee.busd,
    result: null,
    message: null,
    expires_at: tx.now + ttl,
    created_at: tx.now,
    updated_at: tx.now,
  };
  await tx.kysely.insertInto('transactions').values(row).execute();
  return recordOf(row);
}
