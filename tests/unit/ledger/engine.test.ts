/** The ledger's pure rules (no database): validation, in-batch chaining, entries, and lock order. */
import { describe, expect, it } from 'vitest';
import { planBatch, touchedAccountIds, validateInputs, type BatchContext } from '../../../src/server/ledger/engine';
import { ACCOUNT_FLAGS } from '../../../src/server/ledger/assets';
import { isLedgerError } from '../../../src/server/ledger/errors';
import type { Account, Transfer } from '../../../src/server/ledger/types';

const account = (id: number, balance: bigint, flags: number = ACCOUNT_FLAGS.MUST_NOT_GO_NEGATIVE): Account => ({
  id,
  asset: 'ANGLS',
  ownerKind: 'player',
  ownerId: id,
  name: 'main',
  flags,
  balance,
  debitsPending: 0n,
  creditsPending: 0n,
  version: 0,
});

function ctx(accounts: Account[], existing: Transfer[] = []): BatchContext {
  return {
    now: 1000,
    existing: new Map(existing.map((t) => [t.id, t])),
    resolved: new Set(),
    accounts: new Map(accounts.map((a) => [a.id, a])),
  };
}

const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return isLedgerError(e) ? `${e.code}@${e.index}` : String(e);
  }
};

describe('validateInputs', () => {
  it('refuses empty batches, duplicate or oversized ids, non-positive amounts, self transfers', () => {
    expect(code(() => validateInputs([]))).toBe('invalid_transfer@undefined');
    const ok = { id: 'a', debit: 1, credit: 2, amount: 1n, code: 'x' };
    expect(code(() => validateInputs([ok, { ...ok }]))).toBe('invalid_transfer@1');
    expect(code(() => validateInputs([{ ...ok, id: 'x'.repeat(127) }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ ...ok, id: 'has space' }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ ...ok, id: 'x:reserved' }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ ...ok, amount: -1n }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ ...ok, amount: 2n ** 63n }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ ...ok, credit: 1 }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ kind: 'pending', ...ok, timeoutMs: 0 }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([{ kind: 'post', id: 'p', pendingId: 'a', amount: 0n }]))).toBe('invalid_transfer@0');
    expect(code(() => validateInputs([ok]))).toBe('ok');
  });
});

describe('planBatch', () => {
  it('chains entries per account with before/after balances and versions', () => {
    const plan = planBatch(
      [
        { id: 't1', debit: 1, credit: 2, amount: 30n, code: 'x' },
        { id: 't2', debit: 2, credit: 1, amount: 10n, code: 'x' },
      ],
      ctx([account(1, 100n), account(2, 0n)]),
    );
    expect(plan.entries.map((e) => [e.transferId, e.accountId, e.beforeBalance, e.afterBalance, e.accountVersion])).toEqual([
      ['t1', 1, 100n, 70n, 1],
      ['t1', 2, 0n, 30n, 1],
      ['t2', 2, 30n, 20n, 2],
      ['t2', 1, 70n, 80n, 2],
    ]);
    expect(plan.accounts.map((a) => [a.id, a.balance, a.version])).toEqual([
      [1, 80n, 2],
      [2, 20n, 2],
    ]);
    expect(plan.transfers.every((t) => t.batchId === 't1' && t.asset === 'ANGLS')).toBe(true);
  });

  it('lets a batch reserve and post in one go, and refuses a second resolution in the same batch', () => {
    const accounts = [account(1, 100n), account(2, 0n)];
    const plan = planBatch(
      [
        { kind: 'pending', id: 'p', debit: 1, credit: 2, amount: 60n, timeoutMs: 10, code: 'x' },
        { kind: 'post', id: 'q', pendingId: 'p', amount: 25n },
      ],
      ctx(accounts),
    );
    expect(plan.accounts.map((a) => [a.id, a.balance, a.debitsPending, a.creditsPending])).toEqual([
      [1, 75n, 0n, 0n],
      [2, 25n, 0n, 0n],
    ]);
    expect(
      code(() =>
        planBatch(
          [
            { kind: 'pending', id: 'p', debit: 1, credit: 2, amount: 60n, timeoutMs: 10, code: 'x' },
            { kind: 'post', id: 'q', pendingId: 'p' },
            { kind: 'void', id: 'r', pendingId: 'p' },
          ],
          ctx(accounts),
        ),
      ),
    ).toBe('pending_already_resolved@2');
  });

  it('names the failing transfer and leaves the stored accounts untouched', () => {
    const accounts = [account(1, 10n), account(2, 0n)];
    expect(
      code(() =>
        planBatch(
          [
            { id: 'a', debit: 1, credit: 2, amount: 10n, code: 'x' },
            { id: 'b', debit: 1, credit: 2, amount: 1n, code: 'x' },
          ],
          ctx(accounts),
        ),
      ),
    ).toBe('exceeds_balance@1');
    expect(accounts[0]!.balance).toBe(10n);
  });

  it('keeps an issuing account at or below zero', () => {
    const genesis = account(1, 0n, ACCOUNT_FLAGS.MUST_NOT_GO_POSITIVE);
    expect(code(() => planBatch([{ id: 'a', debit: 2, credit: 1, amount: 1n, code: 'x' }], ctx([genesis, account(2, 5n)])))).toBe(
      'exceeds_limit@0',
    );
    expect(code(() => planBatch([{ id: 'a', debit: 1, credit: 2, amount: 1n, code: 'x' }], ctx([genesis, account(2, 5n)])))).toBe('ok');
  });
});

describe('touchedAccountIds', () => {
  it('returns every account once, ascending: the lock order', () => {
    const pending: Transfer = {
      id: 'p',
      batchId: 'p',
      kind: 'pending',
      debit: 9,
      credit: 4,
      asset: 'ANGLS',
      amount: 1n,
      pendingId: null,
      timeoutMs: 1,
      expiresAt: 2,
      code: 'x',
      ref: null,
      createdAt: 1,
    };
    const ids = touchedAccountIds(
      [
        { id: 'a', debit: 7, credit: 3, amount: 1n, code: 'x' },
        { id: 'b', debit: 3, credit: 7, amount: 1n, code: 'x' },
        { kind: 'void', id: 'c', pendingId: 'p' },
      ],
      new Map([['p', pending]]),
    );
    expect(ids).toEqual([3, 4, 7, 9]);
  });
});
