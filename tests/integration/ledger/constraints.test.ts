/**
 * The database's constraints behind the ledger code, on both databases: a write the database refuses
 * undoes the whole transaction even when the caller catches the error, and the account keys (foreign keys
 * checked at COMMIT on SQLite, a check per statement on PostgreSQL) still refuse a row that names no account and
 * the removal of an account a row names.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { destroyQuietly } from './support/teardown';
import { fundedPair } from './support/fundedPair';
import { dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import { checkLedger, getAccount, transfer, type Ledger } from '../../../src/server/ledger/index';

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger constraints on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();
  let alice: number, bob: number;

  const storedIds = async (like: string) =>
    (await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', 'like', like).execute()).map((r) => r.id);

  beforeAll(async () => {
    ({ t, ledger, alice, bob } = await fundedPair(dialect, inject('pgAdminUrl'), clock, 1000n));
  });
  afterAll(() => destroyQuietly(t));

  it('never commits a transaction whose ledger write the database refused, even if the caller caught it', async () => {
    const version = (await getAccount(t.db.kysely, alice))!.version;
    await expect(
      ledger.run(async (tx) => {
        await tx.kysely
          .insertInto('ledger_transfers')
          .values({
            id: 'squat',
            batch_id: 'squat',
            kind: 'posted',
            debit_account_id: bob,
            credit_account_id: alice,
            asset: 'ANGLS',
            amount: 0n,
            code: 'test',
            created_at: clock.now(),
          })
          .execute();
        // Takes the entry slot the next transfer computes for alice: the engine approves, the key refuses.
        await tx.kysely
          .insertInto('ledger_entries')
          .values({
            account_id: alice,
            account_version: version + 1,
            transfer_id: 'squat',
            amount: 0n,
            before_balance: 0n,
            after_balance: 0n,
            created_at: clock.now(),
          })
          .execute();
        try {
          await transfer(tx, { id: 'refused-write', debit: alice, credit: bob, amount: 5n, code: 'test' });
        } catch {
          // A careless feature goes on as if nothing happened.
        }
        await transfer(tx, { id: 'after-refusal', debit: alice, credit: bob, amount: 1n, code: 'test' }).catch(() => {});
      }),
    ).rejects.toThrow();
    expect(await storedIds('squat')).toEqual([]);
    expect(await storedIds('%refus%')).toEqual([]);
    expect((await getAccount(t.db.kysely, alice))!).toMatchObject({ balance: 1000n, version });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses a transfer or an entry that names no account', async () => {
    await expect(
      ledger.run(async (tx) => {
        await sql`insert into ledger_entries (account_id, account_version, transfer_id, amount, before_balance, after_balance, created_at)
        values (999999, 1, 'ghost', 0, 0, 0, 0)`.execute(tx.kysely);
      }),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      ledger.run(async (tx) => {
        await sql`insert into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, code, created_at)
        values ('ghost', 'ghost', 'posted', ${alice}, 999999, 'ANGLS', 0, 'test', 0)`.execute(tx.kysely);
      }),
    ).rejects.toThrow(/foreign key/i);
    expect(await storedIds('ghost')).toEqual([]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses to delete or renumber an account the ledger names', async () => {
    // Alice's funding names her account.
    await expect(ledger.run((tx) => sql`delete from ledger_accounts where id = ${alice}`.execute(tx.kysely))).rejects.toThrow(
      /foreign key/i,
    );
    await expect(ledger.run((tx) => sql`update ledger_accounts set id = 999998 where id = ${alice}`.execute(tx.kysely))).rejects.toThrow(
      /foreign key/i,
    );
    expect(await getAccount(t.db.kysely, alice)).toMatchObject({ balance: 1000n });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
