/**
 * The activation guard of `POST /api/wallet/send` on both databases: a player without `start_gas` and
 * `start_pack` is refused with 403 "Invoke Mastership" before the body is read (a bad body does not turn it
 * into a 422), storing and moving nothing; once activated, the same body is judged on its fields.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { startChainServer, type ChainServer } from '../../support/chain';
import { INVOKE_MASTERSHIP, SPECIFY_ADDRESS } from '../../../src/server/domain/wallet/walletTexts';
import { createLedger } from '../../../src/server/ledger/index';
import { setFlags, walletSnapshot } from './support/walletFixtures';

describe.each(dialectsFor(inject('pgAdminUrl')))('send activation guard on %s', (dialect) => {
  let chainServer: ChainServer;
  let s: TestServer;
  beforeAll(async () => {
    chainServer = await startChainServer(dialect, inject('pgAdminUrl'));
    s = chainServer.server;
  });
  afterAll(() => chainServer?.close());

  it('refuses an unactivated player with "Invoke Mastership" whatever the body, changing nothing', async () => {
    const { client, user } = await registerPlayer(s, 'guard1');
    await client.csrf();
    const bodies: unknown[] = [
      {},
      { to_address: '0x123', amount: 'abc', currency: 'eur' },
      { to_address: '0x00000000000000000000000000000000000c0ffe', amount: '1', currency: 'busd', gas: '0' },
    ];
    for (const flags of [
      { start_gas: 0, start_pack: 0 },
      { start_gas: 1, start_pack: 0 },
      { start_gas: 0, start_pack: 1 },
    ]) {
      await setFlags(s, user.id, flags);
      const before = await walletSnapshot(s);
      for (const body of bodies) {
        const res = await client.post('/api/wallet/send', body);
        expect([flags, body, res.status, res.body]).toEqual([flags, body, 403, { success: false, message: INVOKE_MASTERSHIP }]);
      }
      expect(await walletSnapshot(s)).toEqual(before);
    }
    await setFlags(s, user.id, { start_gas: 1, start_pack: 1 });
    const judged = await client.post('/api/wallet/send', { to_address: '0x123', amount: '1', currency: 'busd' });
    expect([judged.status, judged.body.errors]).toEqual([422, { to_address: [SPECIFY_ADDRESS] }]);
    expect((await createLedger(s.testDb.db, s.clock).check()).violations).toEqual([]);
  });
});
