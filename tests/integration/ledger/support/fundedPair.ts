/** A fresh ledger database with two player accounts, the first funded from the reserve. */
import type { DialectName } from '../../../../src/server/db/database';
import type { Clock } from '../../../../src/server/clock';
import { createLedger, ensureGenesis, playerAccount, systemAccount, type Ledger } from '../../../../src/server/ledger/index';
import { createTestDb, type TestDb } from '../../../support/testDb';

/** What the ledger tests start from: players 1 (alice, holding `funds` ANGLS units) and 2 (bob, empty). */
export interface FundedPair {
  t: TestDb;
  ledger: Ledger;
  alice: number;
  bob: number;
}

/** Creates the database, the genesis, both accounts and the `fund` transfer to alice. */
export async function fundedPair(dialect: DialectName, pgAdminUrl: string, clock: Clock, funds: bigint): Promise<FundedPair> {
  const t = await createTestDb(dialect, pgAdminUrl);
  const ledger = createLedger(t.db, clock);
  await ensureGenesis(t.db, clock);
  const reserve = await ledger.run((tx) => systemAccount(tx, 'gscb_reserve', 'ANGLS'));
  const [alice, bob] = await ledger.run(async (tx) => [await playerAccount(tx, 1, 'ANGLS'), await playerAccount(tx, 2, 'ANGLS')]);
  await ledger.transfer({ id: 'fund', debit: reserve, credit: alice!, amount: funds, code: 'test' });
  return { t, ledger, alice: alice!, bob: bob! };
}
