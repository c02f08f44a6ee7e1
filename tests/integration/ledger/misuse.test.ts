/**
 * The ledger's transaction cannot be misused into reporting success for something that was not stored:
 * a statement of the caller's own that failed (and was caught) fails the whole run, and the database's
 * outer handle refuses to work inside the transaction instead of hanging (SQLite) or committing apart
 * (PostgreSQL). Both databases.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { destroyQuietly } from './support/teardown';
import { fundedPair } from './support/fundedPair';
import { dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import { CommitRolledBackError } from '../../../src/server/db/database';
import { OuterHandleInsideTxError } from '../../../src/server/db/txScope';
import { LedgerTxAbortedError } from '../../../src/server/ledger/ledgerTx';
import { balancesOf, checkLedger, getAccount, transfer, type Ledger } from '../../../src/server/ledger/index';

/** Fails if `p` has not settled within `ms` (a hang is the SQLite failure mode). */
const within = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms))]);

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger misuse on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();
  let alice: number, bob: number;

  const stored = async (id: string) =>
    (await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    ({ t, ledger, alice, bob } = await fundedPair(dialect, inject('pgAdminUrl'), clock, 1000n));
  });
  afterAll(() => destroyQuietly(t));

  it("never reports success when the caller's own statement failed and was caught", async () => {
    const before = (await getAccount(t.db.kysely, alice))!;
    // The caller's own row that the database refuses (a CHECK): PostgreSQL aborts the transaction,
    // SQLite undoes just the statement. Either way the run must fail and store nothing.
    const failing =
      dialect === 'postgres'
        ? sql`select 1/0`
        : sql`insert into ledger_accounts (asset, owner_kind, owner_id, name, flags,
      balance, debits_pending, credits_pending, version, created_at) values ('ANGLS', 'nobody', 9, 'main', 1, 0, 0, 0, 0, 0)`;
    const run = ledger.run(async (tx) => {
      await transfer(tx, { id: 'caught-own-failure', debit: alice, credit: bob, amount: 5n, code: 'test' });
      await failing.execute(tx.kysely).catch(() => {
        // A careless feature swallows its own failure.
      });
      await tx.kysely
        .insertInto('ledger_transfers')
        .values({
          id: 'after-own-failure',
          batch_id: 'x',
          kind: 'pending',
          debit_account_id: alice,
          credit_account_id: bob,
          asset: 'ANGLS',
          amount: 0n,
          code: 'test',
          created_at: clock.now(),
        })
        .execute()
        .catch(() => {});
      return 'done';
    });
    await expect(run).rejects.toThrow(LedgerTxAbortedError);
    await expect(run).rejects.toThrow(/nothing was committed/);
    expect(await stored('caught-own-failure')).toBe(false);
    expect(await stored('after-own-failure')).toBe(false);
    expect(await getAccount(t.db.kysely, alice)).toEqual(before);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('still commits a run whose statements all succeeded', async () => {
    await ledger.run(async (tx) => {
      await transfer(tx, { id: 'clean-run', debit: alice, credit: bob, amount: 1n, code: 'test' });
      await sql`select 1`.execute(tx.kysely);
    });
    expect(await stored('clean-run')).toBe(true);
  });

  it('refuses the outer database handle inside a run at once, naming tx.kysely, and commits nothing', async () => {
    const run = ledger.run(async (tx) => {
      await transfer(tx, { id: 'outer-handle', debit: alice, credit: bob, amount: 2n, code: 'test' });
      await t.db.kysely.selectFrom('ledger_accounts').select('id').execute();
    });
    await expect(within(run)).rejects.toThrow(OuterHandleInsideTxError);
    await expect(run).rejects.toThrow(/tx\.kysely/);
    expect(await stored('outer-handle')).toBe(false);
    // A write through the outer handle (the PostgreSQL danger: committed apart) is refused the same way.
    await expect(
      within(
        ledger.run(async () => {
          await t.db.kysely
            .insertInto('ledger_transfers')
            .values({
              id: 'outer-write',
              batch_id: 'x',
              kind: 'pending',
              debit_account_id: alice,
              credit_account_id: bob,
              asset: 'ANGLS',
              amount: 0n,
              code: 'test',
              created_at: clock.now(),
            })
            .execute();
        }),
      ),
    ).rejects.toThrow(/tx\.kysely/);
    expect(await stored('outer-write')).toBe(false);
    // The outer handle works again once the run is over.
    expect((await t.db.kysely.selectFrom('ledger_accounts').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('lets work a run left behind (a timer, a late promise) use the outer handle once the run is over', async () => {
    let later: Promise<unknown> | undefined;
    await ledger.run(async () => {
      later = new Promise((r) => setTimeout(r, 20)).then(() => t.db.kysely.selectFrom('ledger_accounts').select('id').execute());
    });
    expect(((await within(later!)) as unknown[]).length).toBeGreaterThan(0);
    // A nested transaction through the outer handle is refused like any query.
    await expect(within(ledger.run(() => t.db.kysely.transaction().execute(async () => 1)))).rejects.toThrow(/tx\.kysely/);
  });

  it("reads balances inside a run through the run's own handle", async () => {
    const inside = await within(
      ledger.run(async (tx) => {
        await transfer(tx, { id: 'read-inside', debit: alice, credit: bob, amount: 3n, code: 'test' });
        return [await balancesOf(tx.kysely, 2), await ledger.balancesOf(2, tx.kysely)];
      }),
    );
    const after = await ledger.balancesOf(2);
    expect(inside[0]).toEqual(after);
    expect(inside[1]).toEqual(after);
    await expect(within(ledger.run(() => ledger.balancesOf(2)))).rejects.toThrow(/tx\.kysely/);
  });

  it.runIf(dialect === 'postgres')('makes any transaction whose COMMIT PostgreSQL answered with ROLLBACK throw', async () => {
    const tx = t.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('ledger_transfers')
        .values({
          id: 'plain-tx',
          batch_id: 'x',
          kind: 'pending',
          debit_account_id: alice,
          credit_account_id: bob,
          asset: 'ANGLS',
          amount: 0n,
          code: 'test',
          created_at: clock.now(),
        })
        .execute();
      await sql`select 1/0`.execute(trx).catch(() => {});
      return 'reported success';
    });
    await expect(tx).rejects.toThrow(CommitRolledBackError);
    expect(await stored('plain-tx')).toBe(false);
  });
});
