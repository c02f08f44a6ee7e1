/** The wire user: balances read from the ledger as fixed-point strings, titles as UTC times, gDAO as item 4. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLedger, playerAccount, systemAccount, transferBatch } from '../../src/server/ledger/index';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('user view on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  /** Issues `amounts` to the player from each asset's genesis account, through the ledger. */
  async function fund(userId: number, amounts: Record<string, bigint>): Promise<void> {
    const ledger = createLedger(s.testDb.db, s.clock);
    await ledger.run(async (tx) => {
      const legs = [];
      for (const [asset, amount] of Object.entries(amounts)) {
        legs.push({
          id: `test-fund:${userId}:${asset}`,
          debit: await systemAccount(tx, 'genesis', asset),
          credit: await playerAccount(tx, userId, asset),
          amount,
          code: 'test-fund',
        });
      }
      await transferBatch(tx, legs);
    });
    expect((await ledger.check()).ok).toBe(true);
  }

  it('shows the ledger balances exactly, beyond float precision', async () => {
    const { client, user } = await registerPlayer(s, 'view1');
    const before = (await client.get('/api/user')).body;
    expect([before.balance_ngls, before.balance_busd, before.balance_bnb]).toEqual(['0.00000000', '0.000000', '0.000000000']);
    await fund(user.id, { ANGLS: 9_007_199_254_740_993n, USDC: 1_500_000n, BNB: 1n, GDAO: 7n });
    const me = (await client.get('/api/user')).body;
    expect(me.balance_ngls).toBe('90071992.54740993');
    expect(me.wallet_balance).toBe('90071992.54740993');
    expect(me.balance_busd).toBe('1.500000');
    expect(me.balance_bnb).toBe('0.000000001');
    expect(me.items).toEqual([{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 7, image: 'Coop.png', data: {} }]);
    const login = await s.client().post('/api/auth/login', { username: 'playerview1@example.com', password: 'sesame-otter-7' });
    expect(login.body.data.balance).toBe('90071992.54740993');
  });

  it('shows senator and patricius as UTC "YYYY-MM-DD HH:MM:SS", flags as booleans, next level XP by level', async () => {
    const { client, user } = await registerPlayer(s, 'view2');
    await s.testDb.db.kysely
      .updateTable('users')
      .set({
        senator_until: Date.UTC(2027, 0, 2, 3, 4, 5),
        start_gas: 1,
        start_pack: 1,
        email_confirmed: 1,
        level: 2,
        xp: 1500,
        is_admin: 1,
      })
      .where('id', '=', user.id)
      .execute();
    const me = (await client.get('/api/user')).body;
    expect(me).toMatchObject({
      senator: '2027-01-02 03:04:05',
      patricius: null,
      start_gas: true,
      start_pack: true,
      email_confirmed: true,
      level: 2,
      xp: 1500,
      next_level_xp: 5000,
      is_admin: true,
    });
  });
});
