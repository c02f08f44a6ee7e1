/** Entry version counters are 64-bit like the money beside them: an account past 2^31 entries keeps booking. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import { createLedger, ensureGenesis, getAccount, historyOf, playerAccount, systemAccount } from '../../../src/server/ledger/index';

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger version counters on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => destroyQuietly(t));

  it('books and reads an entry whose account version is past the 32-bit range', async () => {
    const clock = manualClock();
    const ledger = createLedger(t.db, clock);
    await ensureGenesis(t.db, clock);
    const [reserve, alice] = await ledger.run(async (tx) => [
      await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
      await playerAccount(tx, 1, 'ANGLS'),
    ]);
    const far = 2 ** 31 + 10; // int4 would overflow here (PostgreSQL: "out of range for type integer")
    await sql`update ledger_accounts set version = ${far} where id = ${alice}`.execute(t.db.kysely);
    await ledger.transfer({ id: 'far', debit: reserve, credit: alice, amount: 7n, code: 'test' });
    expect((await getAccount(t.db.kysely, alice))!).toMatchObject({ version: far + 1, balance: 7n });
    expect((await historyOf(t.db.kysely, alice))[0]).toMatchObject({ transferId: 'far', version: far + 1, amount: 7n });
    if (dialect === 'postgres') {
      const { rows } = await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns
        where (table_name, column_name) in (('ledger_accounts', 'version'), ('ledger_entries', 'account_version'))`.execute(t.db.kysely);
      expect(rows.map((r) => r.data_type)).toEqual(['bigint', 'bigint']);
    }
  });
});
