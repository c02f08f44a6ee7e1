/** The app's periodic upkeep returns overdue ledger reservations to their owners. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLedger, playerAccount, systemAccount, transfer } from '../../src/server/ledger/index';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('upkeep on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  it('returns an overdue reservation to the player once its timeout passes', async () => {
    const { client, user } = await registerPlayer(s, 'upkeep1');
    const ledger = createLedger(s.testDb.db, s.clock);
    await ledger.run(async (tx) => {
      const player = await playerAccount(tx, user.id, 'ANGLS');
      const genesis = await systemAccount(tx, 'genesis', 'ANGLS');
      const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
      await transfer(tx, { id: 'upkeep1:fund', debit: genesis, credit: player, amount: 500_000_000n, code: 'test-fund' });
      await transfer(tx, {
        kind: 'pending',
        id: 'upkeep1:hold',
        debit: player,
        credit: pool,
        amount: 200_000_000n,
        timeoutMs: 60_000,
        code: 'test-hold',
      });
    });
    expect((await client.get('/api/user')).body.balance_ngls).toBe('3.00000000');

    await s.upkeep();
    expect((await client.get('/api/user')).body.balance_ngls).toBe('3.00000000');

    s.clock.advance(60_001);
    await s.upkeep();
    expect((await client.get('/api/user')).body.balance_ngls).toBe('5.00000000');
    expect((await ledger.check()).ok).toBe(true);
  });
});
