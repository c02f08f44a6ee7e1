/**
 * The transaction domain without HTTP, both databases: a kind that reserves at precalculation gets its
 * reservation back when the transaction expires (release hook) and posts it on commit; the sweep works
 * in bounded batches; a kind may leave a transaction `pending`; a handler's bug (not a refusal) leaves
 * the transaction `new` for a retry; status changes reach the listener once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import {
  checkLedger,
  createLedger,
  getAccount,
  playerAccount,
  postPending,
  systemAccount,
  transfer,
  voidPending,
  type Ledger,
} from '../../../src/server/ledger/index';
import {
  commitTransaction,
  createTransaction,
  expireStaleTransactions,
  registerTransactionKind,
  TRANSACTION_EXPIRED,
  type TransactionRecord,
} from '../../../src/server/domain/transactions/index';
import type { TransactionView } from '../../../src/shared/api/transactions';
import { fund, insertUser } from './support/testKind';

const HOLD = 'test:hold';
const holdId = (r: Pick<TransactionRecord, 'id'>) => `${HOLD}:${r.id}:hold`;
registerTransactionKind(HOLD, {
  async commit(tx, record) {
    await postPending(tx, { id: `${HOLD}:${record.id}:post`, pendingId: holdId(record) });
  },
  async release(tx, record) {
    await voidPending(tx, { id: `${HOLD}:${record.id}:void`, pendingId: holdId(record) });
  },
});
registerTransactionKind('test:chain', { commit: async () => ({ status: 'pending', result: { queued: true } }) });
registerTransactionKind('test:bug', {
  commit: async () => {
    throw new Error('a bug in the handler');
  },
});

describe.each(dialectsFor(inject('pgAdminUrl')))('transaction lifecycle on %s', (dialect) => {
  let t: TestDb;
  const clock = manualClock();
  let ledger: Ledger;
  const updates: Array<[number, TransactionView]> = [];
  const onUpdate = (userId: number, view: TransactionView) => void updates.push([userId, view]);
  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, clock);
  });
  afterAll(async () => {
    expect((await checkLedger(t.db)).violations).toEqual([]);
    await t?.destroy();
  });

  /** Stage 0 of `test:hold`: reserve `amount` of the player's ANGLS for the mining pool, with the transaction. */
  const precalcHold = (userId: number, amount: bigint, ttlMs: number) =>
    ledger.run(async (tx) => {
      const record = await createTransaction(tx, { userId, kind: HOLD, payload: { amount }, ttlMs });
      const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
      await transfer(tx, {
        kind: 'pending',
        id: holdId(record),
        debit: await playerAccount(tx, userId, 'ANGLS'),
        credit: pool,
        amount,
        timeoutMs: ttlMs * 2,
        code: 'test-hold',
      });
      return record;
    });
  const available = async (userId: number) =>
    ledger.run(async (tx) => {
      const a = (await getAccount(tx.kysely, await playerAccount(tx, userId, 'ANGLS')))!;
      return a.balance - a.debitsPending;
    });
  const statuses = async (ids: string[]) =>
    (await t.db.kysely.selectFrom('transactions').select(['id', 'status']).where('id', 'in', ids).execute()).map((r) => r.status).sort();

  it('gives a reservation back when its transaction expires, and posts it when committed in time', async () => {
    const user = await insertUser(t.db, 'holder', clock.now());
    await fund(ledger, user, 1_000n, 'holder');
    const late = await precalcHold(user, 400n, 60_000);
    const onTime = await precalcHold(user, 100n, 600_000);
    expect(await available(user)).toBe(500n);

    clock.advance(60_000);
    expect(await expireStaleTransactions(ledger, { onUpdate })).toBe(1);
    expect(await available(user)).toBe(900n);
    expect(updates).toContainEqual([user, { id: late.id, type: HOLD, status: 'fail', message: TRANSACTION_EXPIRED }]);

    const done = await commitTransaction({ ledger, onUpdate }, user, onTime.id);
    expect(done.transaction.status).toBe('success');
    expect(await available(user)).toBe(900n);
    expect((await ledger.balancesOf(user)).ngls).toBe(900n);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it('sweeps in bounded batches, oldest first, and leaves the rest for the next sweep', async () => {
    const user = await insertUser(t.db, 'many', clock.now());
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(
        (await ledger.run((tx) => createTransaction(tx, { userId: user, kind: 'test:chain', payload: { i }, ttlMs: 1_000 + i }))).id,
      );
    }
    clock.advance(2_000);
    expect(await expireStaleTransactions(ledger, { batchSize: 10, maxBatches: 2 })).toBe(20);
    expect(await statuses(ids.slice(0, 20))).toEqual(Array(20).fill('fail'));
    expect(await statuses(ids.slice(20))).toEqual(Array(5).fill('new'));
    expect(await expireStaleTransactions(ledger, { batchSize: 10, maxBatches: 2 })).toBe(5);
    expect(await expireStaleTransactions(ledger)).toBe(0);
  });

  it('lets a kind leave its transaction pending, and replays that', async () => {
    const user = await insertUser(t.db, 'chain', clock.now());
    const record = await ledger.run((tx) => createTransaction(tx, { userId: user, kind: 'test:chain', payload: {} }));
    updates.length = 0;
    const first = await commitTransaction({ ledger, onUpdate }, user, record.id);
    const again = await commitTransaction({ ledger, onUpdate }, user, record.id);
    expect(first).toEqual({
      transaction: { id: record.id, type: 'test:chain', status: 'pending', message: null },
      result: { queued: true },
      replayed: false,
    });
    expect(again).toEqual({ ...first, replayed: true });
    expect(updates).toEqual([[user, first.transaction]]);
  });

  it('leaves the transaction new when its handler fails with a bug rather than a refusal', async () => {
    const user = await insertUser(t.db, 'bug', clock.now());
    const record = await ledger.run((tx) => createTransaction(tx, { userId: user, kind: 'test:bug', payload: {} }));
    await expect(commitTransaction({ ledger }, user, record.id)).rejects.toThrow('a bug in the handler');
    expect(await statuses([record.id])).toEqual(['new']);
  });
});
