/** The wire user: balances from the injected reader as fixed-point strings, titles as UTC times, gDAO as item 4. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserBalances } from '../../src/server/domain/users/balances';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('user view on %s', (dialect) => {
  let s: TestServer;
  const held = new Map<number, UserBalances>();
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'), {
      balances: async (id) => held.get(id) ?? { ngls: 0n, busd: 0n, bnb: 0n, gdao: 0n },
    });
  });
  afterAll(() => s?.close());

  it('formats balances exactly, beyond float precision', async () => {
    const { client, user } = await registerPlayer(s, 'view1');
    held.set(user.id, { ngls: 9_007_199_254_740_993n, busd: 1_500_000n, bnb: 1n, gdao: 7n });
    const me = (await client.get('/api/user')).body;
    expect(me.balance_ngls).toBe('90071992.54740993');
    expect(me.wallet_balance).toBe('90071992.54740993');
    expect(me.balance_busd).toBe('1.500000');
    expect(me.balance_bnb).toBe('0.000000001');
    expect(me.items).toEqual([{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 7, image: 'item-4', data: {} }]);
    const login = await s.client().post('/api/auth/login', { username: 'playerview1@example.com', password: 'secret123' });
    expect(login.body.data.balance).toBe('90071992.54740993');
  });

  it('shows senator and patricius as UTC "YYYY-MM-DD HH:MM:SS", flags as booleans, next level XP by level', async () => {
    const { client, user } = await registerPlayer(s, 'view2');
    await s.testDb.db.kysely
      .updateTable('users')
      .set({ senator_until: Date.UTC(2027, 0, 2, 3, 4, 5), start_gas: 1, start_pack: 1, email_confirmed: 1, level: 2, xp: 1500, is_admin: 1 })
      .where('id', '=', user.id)
      .execute();
    const me = (await client.get('/api/user')).body;
    expect(me).toMatchObject({
      senator: '2027-01-02 03:04:05', patricius: null, start_gas: true, start_pack: true, email_confirmed: true,
      level: 2, xp: 1500, next_level_xp: 5000, is_admin: true,
    });
  });
});
