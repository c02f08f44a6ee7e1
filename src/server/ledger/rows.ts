/** Row ↔ object mapping shared by both stores (SQLite rows arrive with every integer as bigint). */
import type { Account, Transfer } from './types';
import type { TransferKind } from '../db/tables/ledger';

type Int = number | bigint;
const num = (v: Int): number => Number(v);
const numOrNull = (v: Int | null): number | null => (v === null ? null : Number(v));
const big = (v: Int | string): bigint => (typeof v === 'bigint' ? v : BigInt(v));

/** A `ledger_transfers` row as a driver returns it. */
export interface TransferRow {
  id: string;
  batch_id: string;
  kind: string;
  debit_account_id: Int;
  credit_account_id: Int;
  asset: string;
  amount: Int | string;
  pending_id: string | null;
  timeout_ms: Int | null;
  expires_at: Int | null;
  code: string;
  ref: string | null;
  created_at: Int;
}

/** A `ledger_accounts` row as a driver returns it. */
export interface AccountRow {
  id: Int;
  asset: string;
  owner_kind: string;
  owner_id: Int;
  name: string;
  flags: Int;
  balance: Int | string;
  debits_pending: Int | string;
  credits_pending: Int | string;
  version: Int;
}

/** Maps a stored transfer row. */
export function toTransfer(r: TransferRow): Transfer {
  return {
    id: r.id,
    batchId: r.batch_id,
    kind: r.kind as TransferKind,
    debit: num(r.debit_account_id),
    credit: num(r.credit_account_id),
    asset: r.asset,
    amount: big(r.amount),
    pendingId: r.pending_id,
    timeoutMs: numOrNull(r.timeout_ms),
    expiresAt: numOrNull(r.expires_at),
    code: r.code,
    ref: r.ref,
    createdAt: num(r.created_at),
  };
}

/** Maps a stored account row. */
export function toAccount(r: AccountRow): Account {
  return {
    id: num(r.id),
    asset: r.asset,
    ownerKind: r.owner_kind as Account['ownerKind'],
    ownerId: num(r.owner_id),
    name: r.name,
    flags: num(r.flags),
    balance: big(r.balance),
    debitsPending: big(r.debits_pending),
    creditsPending: big(r.credits_pending),
    version: num(r.version),
  };
}
