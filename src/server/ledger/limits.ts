/**
 * The balance-limit rule, once for both write paths (engine.ts, one object per transfer; bulk.ts, columns):
 * an account may not go below its open debit reservations (MUST_NOT_GO_NEGATIVE: balance − debits pending
 * ≥ 0) nor above minus its open credit reservations (MUST_NOT_GO_POSITIVE: balance + credits pending ≤ 0),
 * and no column may leave int64. Written as comparisons, so a passing check on a never-negative account
 * (players, eidols, pools: nearly every one) allocates nothing: the bulk path runs it twice per transfer.
 */
import { ACCOUNT_FLAGS } from './assets';
import { LedgerError } from './errors';
import { MAX_UNITS } from '../../shared/money/assets';

/** What the rule reads of an account. */
export interface LimitedAccount {
  id: number;
  flags: number;
  debitsPending: bigint;
  creditsPending: bigint;
}

const MIN_UNITS = -MAX_UNITS;

/**
 * The refusal of `balance` on account `a` with its reservations as they stand, or undefined when allowed.
 * `transferId` and `index` name the transfer that would cause it.
 */
export function limitRefusal(a: LimitedAccount, balance: bigint, transferId: string, index: number): LedgerError | undefined {
  if (a.flags & ACCOUNT_FLAGS.MUST_NOT_GO_NEGATIVE && balance < a.debitsPending) {
    return new LedgerError('exceeds_balance', `account ${a.id} would go below zero`, transferId, index);
  }
  if (a.flags & ACCOUNT_FLAGS.MUST_NOT_GO_POSITIVE && balance > -a.creditsPending) {
    return new LedgerError('exceeds_limit', `account ${a.id} would go above zero`, transferId, index);
  }
  if (balance > MAX_UNITS || balance < MIN_UNITS || a.debitsPending > MAX_UNITS || a.creditsPending > MAX_UNITS) {
    return new LedgerError('invalid_transfer', `account ${a.id} would overflow int64`, transferId, index);
  }
  return undefined;
}
