/**
 * `postBulk` keeps every promise of `transferBatch` (README "Guarantees"): conservation with the entry
 * chains `checkLedger` verifies, the same entries the engine books, idempotent re-apply, and a refusal
 * anywhere in the batch storing nothing of it. Both databases, a few thousand accounts so that the
 * writes span several chunks.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import {
  checkLedger,
  createLedger,
  eidolAccount,
  ensureGenesis,
  getAccount,
  isLedgerError,
  postBulk,
  systemAccount,
  transferBatch,
  type Ledger,
  type PostedInput,
} from '../../../src/server/ledger/index';

/** Eidol accounts: enough for several ROWS_PER_WRITE chunks of entries (3 legs × 2 sides each). */
const EIDOLS = 3000;

describe.each(dialectsFor(inject('pgAdminUrl')))('postBulk on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();
  let pool: number, reserve: number;
  let eidols: number[];

  const balances = async () => {
    const rows = await t.db.kysely.selectFrom('ledger_accounts').select(['id', 'balance', 'version']).orderBy('id').execute();
    return rows.map((r) => [r.id, r.balance, r.version]);
  };
  const transferCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A round's shape: every eidol bets into the pool, then the pool pays some of them, then the pool pays emission. */
  const round = (tag: string, bet: (i: number) => bigint): PostedInput[] => [
    ...eidols.map((id, i) => ({ id: `${tag}:${id}:bet`, debit: id, credit: pool, amount: bet(i), code: 'bet', ref: tag })),
    ...eidols
      .filter((_, i) => i % 3 === 0)
      .map((id, i) => ({ id: `${tag}:${id}:win`, debit: pool, credit: id, amount: 2n * bet(3 * i), code: 'win', ref: tag })),
    ...eidols.map((id) => ({ id: `${tag}:${id}:mined`, debit: pool, credit: id, amount: 7n, code: 'mined', ref: tag })),
  ];

  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, clock);
    await ensureGenesis(t.db, clock);
    [pool, reserve] = await ledger.run(async (tx) => [
      await systemAccount(tx, 'mining_pool', 'ANGLS'),
      await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
    ]);
    eidols = await ledger.run(async (tx) => {
      const ids: number[] = [];
      for (let i = 1; i <= EIDOLS; i++) ids.push(await eidolAccount(tx, i));
      return ids;
    });
    await ledger.run((tx) =>
      postBulk(
        tx,
        eidols.map((id) => ({ id: `fund:${id}`, debit: reserve, credit: id, amount: 1000n, code: 'fund' })),
      ),
    );
  });
  afterAll(() => destroyQuietly(t));

  it('conserves: balances move by the legs, each entry chains, and the ledger check passes', async () => {
    const poolBefore = (await getAccount(t.db.kysely, pool))!.balance;
    const legs = round('r1', (i) => BigInt(10 + (i % 50)));
    const result = await ledger.run((tx) => postBulk(tx, legs));
    expect(result.created).toBe(legs.length);
    const net = new Map<number, bigint>();
    for (const l of legs) {
      net.set(l.debit, (net.get(l.debit) ?? 0n) - l.amount);
      net.set(l.credit, (net.get(l.credit) ?? 0n) + l.amount);
    }
    expect((await getAccount(t.db.kysely, pool))!.balance).toBe(poolBefore + net.get(pool)!);
    for (const id of [eidols[0]!, eidols[1]!, eidols[EIDOLS - 1]!])
      expect((await getAccount(t.db.kysely, id))!.balance).toBe(1000n + net.get(id)!);
    const report = await checkLedger(t.db);
    expect(report.broken).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('books the same transfers and entries as the engine', async () => {
    const engineLegs = round('e', (i) => BigInt(1 + (i % 5)));
    const bulkLegs = engineLegs.map((l) => ({ ...l, id: l.id.replace(/^e:/, 'b:'), ref: 'b' }));
    const shape = async (prefix: string) => {
      const rows = await t.db.kysely
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
        .select(['e.account_id', 'e.amount', 't.kind', 't.asset', 't.code', 't.created_at', 'e.created_at as entry_at'])
        .where('t.id', 'like', `${prefix}:%`)
        .orderBy('e.account_id')
        .orderBy('e.account_version')
        .execute();
      return rows;
    };
    await ledger.run(async (tx) => {
      for (let i = 0; i < engineLegs.length; i += 8000) await transferBatch(tx, engineLegs.slice(i, i + 8000));
    });
    await ledger.run((tx) => postBulk(tx, bulkLegs));
    expect(await shape('b')).toEqual(await shape('e'));
    const chain = await t.db.kysely
      .selectFrom('ledger_entries')
      .select(['account_version', 'before_balance', 'after_balance', 'transfer_id'])
      .where('account_id', '=', pool)
      .orderBy('account_version', 'desc')
      .limit(2)
      .execute();
    expect(chain[1]!.after_balance).toBe(chain[0]!.before_balance);
    expect(chain[0]!.account_version).toBe((await getAccount(t.db.kysely, pool))!.version);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('re-applies idempotently and refuses a re-apply with other fields', async () => {
    const legs = round('r1', (i) => BigInt(10 + (i % 50)));
    const before = await balances();
    const count = await transferCount();
    expect(await ledger.run((tx) => postBulk(tx, legs))).toEqual({ created: 0 });
    // Half stored, half new: only the new ones are applied.
    const mixed = [...legs.slice(0, 5), { id: 'r1:extra', debit: pool, credit: eidols[0]!, amount: 1n, code: 'mined' }];
    expect(await ledger.run((tx) => postBulk(tx, mixed))).toEqual({ created: 1 });
    expect(await transferCount()).toBe(count + 1);
    const changed = legs.map((l, i) => (i === 17 ? { ...l, amount: l.amount + 1n } : l));
    const err = await ledger.run((tx) => postBulk(tx, changed)).catch((e: unknown) => e);
    expect(isLedgerError(err, 'exists_with_different_fields')).toBe(true);
    const after = await balances();
    expect(
      after
        .filter((r, i) => String(r) !== String(before[i]))
        .map((r) => Number(r[0]))
        .sort((a, b) => a - b),
    ).toEqual([pool, eidols[0]!].sort((a, b) => a - b));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses a batch that would overdraw any account and stores nothing of it, nor of the run', async () => {
    const before = await balances();
    const count = await transferCount();
    const legs = round('r2', (i) => BigInt(10 + (i % 50)));
    // The very last transfer overdraws one eidol: everything before it was valid and must be undone too.
    const overdraw: PostedInput = { id: 'r2:overdraw', debit: eidols[5]!, credit: pool, amount: 1_000_000n, code: 'bet' };
    const err = await ledger
      .run(async (tx) => {
        await tx.kysely
          .insertInto('ledger_accounts')
          .values({
            asset: 'ANGLS',
            owner_kind: 'eidol',
            owner_id: 999_999,
            name: 'main',
            flags: 1,
            balance: 0n,
            debits_pending: 0n,
            credits_pending: 0n,
            version: 0,
            created_at: 0,
          })
          .execute();
        return postBulk(tx, [...legs, overdraw]);
      })
      .catch((e: unknown) => e);
    expect(isLedgerError(err, 'exceeds_balance')).toBe(true);
    expect((err as { index?: number }).index).toBe(legs.length);
    expect(await transferCount()).toBe(count);
    expect(await balances()).toEqual(before);
    // The pool cannot pay out more than it holds either, in the middle of a batch.
    const poolBalance = (await getAccount(t.db.kysely, pool))!.balance;
    const drain: PostedInput[] = [
      { id: 'r3:a', debit: pool, credit: eidols[1]!, amount: poolBalance, code: 'win' },
      { id: 'r3:b', debit: pool, credit: eidols[2]!, amount: 1n, code: 'win' },
      { id: 'r3:c', debit: eidols[3]!, credit: pool, amount: 1n, code: 'bet' },
    ];
    const err2 = await ledger.run((tx) => postBulk(tx, drain)).catch((e: unknown) => e);
    expect(isLedgerError(err2, 'exceeds_balance')).toBe(true);
    expect((err2 as { index?: number }).index).toBe(1);
    expect(await balances()).toEqual(before);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses a batch that would take a balance past int64 as the engine does, and stores nothing of it', async () => {
    const [genesis, fresh] = await ledger.run(async (tx) => [
      await systemAccount(tx, 'genesis', 'ANGLS'),
      await eidolAccount(tx, EIDOLS + 1),
    ]);
    const before = await balances();
    const count = await transferCount();
    // Each transfer alone is valid; the second would move both balances beyond ±MAX_UNITS (2^63 − 1).
    const max = 2n ** 63n - 1n;
    const legs: PostedInput[] = [
      { id: 'big:1', debit: genesis!, credit: fresh!, amount: max, code: 'fund' },
      { id: 'big:2', debit: genesis!, credit: fresh!, amount: max, code: 'fund' },
    ];
    const bulk = await ledger.run((tx) => postBulk(tx, legs)).catch((e: unknown) => e);
    const engine = await ledger.run((tx) => transferBatch(tx, legs)).catch((e: unknown) => e);
    expect(isLedgerError(bulk, 'invalid_transfer')).toBe(true);
    expect([(bulk as Error).message, (bulk as { index?: number }).index]).toEqual([
      (engine as Error).message,
      (engine as { index?: number }).index,
    ]);
    expect(await transferCount()).toBe(count);
    expect(await balances()).toEqual(before);
  });

  it('books a batch once when twins race, beside a concurrent transfer on the same pool', async () => {
    const legs = round('twin', (i) => BigInt(1 + (i % 3)));
    const poolBefore = (await getAccount(t.db.kysely, pool))!.balance;
    const [a, b] = await Promise.all([
      ledger.run((tx) => postBulk(tx, legs)),
      ledger.run((tx) => postBulk(tx, legs)),
      ledger.transfer({ id: 'twin:side', debit: reserve, credit: pool, amount: 5n, code: 'test' }),
    ]);
    expect([a!.created, b!.created].sort((x, y) => x - y)).toEqual([0, legs.length]);
    const net = legs.reduce((sum, l) => sum + (l.credit === pool ? l.amount : 0n) - (l.debit === pool ? l.amount : 0n), 0n);
    expect((await getAccount(t.db.kysely, pool))!.balance).toBe(poolBefore + net + 5n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses malformed input before touching the database', async () => {
    const bad = (inputs: PostedInput[]) =>
      ledger
        .run((tx) => postBulk(tx, inputs))
        .then(
          () => 'applied',
          (e: unknown) => (isLedgerError(e) ? e.code : String(e)),
        );
    expect(await bad([])).toBe('invalid_transfer');
    expect(await bad([{ id: 'z:1', debit: pool, credit: pool, amount: 1n, code: 'x' }])).toBe('invalid_transfer');
    expect(await bad([{ id: 'z:2', debit: pool, credit: 987_654, amount: 1n, code: 'x' }])).toBe('account_not_found');
    expect(
      await bad([
        { kind: 'pending', id: 'z:3', debit: pool, credit: eidols[0]!, amount: 1n, code: 'x', timeoutMs: 5 } as unknown as PostedInput,
      ]),
    ).toBe('invalid_transfer');
  });
});
