/**
 * The balance limits count open reservations, on both write paths: the engine (transfers, pendings) and
 * the bulk path (a round's settlement), the latter on a real in-memory SQLite ledger. An account holding
 * 100 with 60 reserved can still spend 40, not 41; an issuing account at −100 with 30 pending towards it
 * can take back 70, not 71.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planBatch, type BatchContext } from '../../../src/server/ledger/engine';
import { limitRefusal } from '../../../src/server/ledger/limits';
import {
  ACCOUNT_FLAGS,
  createLedger,
  ensureGenesis,
  isLedgerError,
  playerAccount,
  postBulk,
  systemAccount,
  transfer,
  type Ledger,
} from '../../../src/server/ledger/index';
import type { Account } from '../../../src/server/ledger/types';
import type { Db } from '../../../src/server/db/database';
import { manualClock } from '../../../src/server/clock';
import { insertPlayer, memoryDb } from '../support/memoryDb';

const { MUST_NOT_GO_NEGATIVE: NEG, MUST_NOT_GO_POSITIVE: POS } = ACCOUNT_FLAGS;

const account = (id: number, flags: number, balance: bigint, debitsPending = 0n, creditsPending = 0n): Account => ({
  id,
  asset: 'ANGLS',
  ownerKind: flags === POS ? 'system' : 'player',
  ownerId: id,
  name: 'main',
  flags,
  balance,
  debitsPending,
  creditsPending,
  version: 0,
});

const ctx = (accounts: Account[]): BatchContext => ({
  now: 1000,
  existing: new Map(),
  resolved: new Set(),
  accounts: new Map(accounts.map((a) => [a.id, a])),
});

const outcome = (fn: () => unknown): string => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return isLedgerError(e) ? `${e.code}@${e.index}` : String(e);
  }
};

describe('limitRefusal', () => {
  it('allows a never-negative account down to its reservations, not a unit below', () => {
    const a = account(1, NEG, 0n, 60n);
    expect(limitRefusal(a, 60n, 't', 0)).toBeUndefined();
    expect(limitRefusal(a, 59n, 't', 0)?.code).toBe('exceeds_balance');
  });

  it('allows an issuing account up to minus its incoming reservations, not a unit above', () => {
    const g = account(9, POS, 0n, 0n, 30n);
    expect(limitRefusal(g, -30n, 't', 0)).toBeUndefined();
    expect(limitRefusal(g, -29n, 't', 0)?.code).toBe('exceeds_limit');
  });
});

describe('engine: pending-aware limits', () => {
  const holder = () => account(1, NEG, 100n, 60n);
  const sink = () => account(2, NEG, 0n);

  it('a posted transfer may spend what is not reserved, and no more', () => {
    expect(outcome(() => planBatch([{ id: 'a', debit: 1, credit: 2, amount: 40n, code: 'x' }], ctx([holder(), sink()])))).toBe('ok');
    expect(outcome(() => planBatch([{ id: 'a', debit: 1, credit: 2, amount: 41n, code: 'x' }], ctx([holder(), sink()])))).toBe(
      'exceeds_balance@0',
    );
  });

  it('a new reservation may take what is not reserved, and no more', () => {
    const pending = (amount: bigint) => ({ kind: 'pending' as const, id: 'p', debit: 1, credit: 2, amount, timeoutMs: 10, code: 'x' });
    expect(outcome(() => planBatch([pending(40n)], ctx([holder(), sink()])))).toBe('ok');
    expect(outcome(() => planBatch([pending(41n)], ctx([holder(), sink()])))).toBe('exceeds_balance@0');
  });

  it('a reservation made earlier in the same batch counts for the transfers after it', () => {
    const free = account(1, NEG, 100n);
    const batch = (spend: bigint) => [
      { kind: 'pending' as const, id: 'p', debit: 1, credit: 2, amount: 60n, timeoutMs: 10, code: 'x' },
      { id: 'b', debit: 1, credit: 2, amount: spend, code: 'x' },
    ];
    expect(outcome(() => planBatch(batch(40n), ctx([free, sink()])))).toBe('ok');
    expect(outcome(() => planBatch(batch(41n), ctx([free, sink()])))).toBe('exceeds_balance@1');
  });

  it('an issuing account counts its incoming reservations', () => {
    const genesis = account(9, POS, -100n, 0n, 30n);
    const holder2 = account(3, NEG, 100n);
    expect(outcome(() => planBatch([{ id: 'a', debit: 3, credit: 9, amount: 70n, code: 'x' }], ctx([genesis, holder2])))).toBe('ok');
    expect(outcome(() => planBatch([{ id: 'a', debit: 3, credit: 9, amount: 71n, code: 'x' }], ctx([genesis, holder2])))).toBe(
      'exceeds_limit@0',
    );
  });
});

describe('bulk posting: pending-aware limits on a real ledger', () => {
  let db: Db;
  let ledger: Ledger;
  const ids = { holder: 0, other: 0, rich: 0, custody: 0 };
  const clock = manualClock();

  beforeAll(async () => {
    db = await memoryDb();
    await ensureGenesis(db, clock);
    ledger = createLedger(db, clock);
    const [u1, u2, u3] = [await insertPlayer(db, clock), await insertPlayer(db, clock), await insertPlayer(db, clock)];
    await ledger.run(async (tx) => {
      const genesis = await systemAccount(tx, 'genesis', 'USDC');
      ids.custody = await systemAccount(tx, 'chain_custody', 'USDC');
      ids.holder = await playerAccount(tx, u1, 'USDC');
      ids.other = await playerAccount(tx, u2, 'USDC');
      ids.rich = await playerAccount(tx, u3, 'USDC');
      // Deposits: custody at −200.
      await transfer(tx, { id: 'deposit-holder', debit: ids.custody, credit: ids.holder, amount: 100n, code: 'test' });
      await transfer(tx, { id: 'deposit-other', debit: ids.custody, credit: ids.other, amount: 100n, code: 'test' });
      await transfer(tx, { id: 'fund-rich', debit: genesis, credit: ids.rich, amount: 1000n, code: 'test' });
      // 60 of the holder's 100 reserved; 30 of the other's on their way back to custody (its credits pending).
      await transfer(tx, {
        kind: 'pending',
        id: 'hold',
        debit: ids.holder,
        credit: ids.rich,
        amount: 60n,
        timeoutMs: 60_000,
        code: 'test',
      });
      await transfer(tx, {
        kind: 'pending',
        id: 'back',
        debit: ids.other,
        credit: ids.custody,
        amount: 30n,
        timeoutMs: 60_000,
        code: 'test',
      });
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  const bulk = (id: string, debit: number, credit: number, amount: bigint) =>
    ledger
      .run((tx) => postBulk(tx, [{ id, debit, credit, amount, code: 'test' }]))
      .then(
        () => 'ok',
        (e: unknown) => (isLedgerError(e) ? `${e.code}@${e.index}` : String(e)),
      );

  it('refuses to spend reserved units and allows the rest', async () => {
    expect(await bulk('spend-41', ids.holder, ids.rich, 41n)).toBe('exceeds_balance@0');
    expect(await bulk('spend-40', ids.holder, ids.rich, 40n)).toBe('ok');
  });

  it('refuses to lift an issuing account over its incoming reservations', async () => {
    // Custody stands at −200 with 30 coming back: 170 more may come, 171 may not.
    expect(await bulk('return-171', ids.rich, ids.custody, 171n)).toBe('exceeds_limit@0');
    expect(await bulk('return-170', ids.rich, ids.custody, 170n)).toBe('ok');
    expect((await ledger.check()).violations).toEqual([]);
  });
});
