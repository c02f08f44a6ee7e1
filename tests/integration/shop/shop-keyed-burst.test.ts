/**
 * One player's purchases, drops and an enchantment sent at once, each with its own Idempotency-Key, on both
 * databases: every one is served (no 5xx). On PostgreSQL each claims its key first (a `request_records` row,
 * whose foreign key share-locks the user row) and then locks the user row: with `for update` two of them
 * deadlocked on that upgrade, again on every retry, until one surfaced as a 500 (`for no key update` now).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import type { TestServer } from '../../support/server';
import { confirmEmail, openRound } from '../../support/gameFixtures';
import type { Ledger } from '../../../src/server/ledger/index';
import { issueItem } from '../../support/itemFixtures';
import { fundPlayer, playerBalance } from '../wallet/support/walletFixtures';
import { activePlayer, listingId, startShopServer } from './support';

const ANGLS = 100_000_000n;

describe.each(dialectsFor(inject('pgAdminUrl')))('keyed requests of one player at once on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startShopServer(dialect, inject('pgAdminUrl')));
    await openRound(s.testDb.db, s.clock, 800, 3_600_000);
  });
  afterAll(() => s?.close());

  it('serves every purchase, drop and enchantment; each key once', async () => {
    const { client, user } = await activePlayer(s, 'burst1', 3);
    await confirmEmail(s.testDb.db, user.id);
    await fundPlayer(ledger, user.id, 'ANGLS', 100n * ANGLS);
    await fundPlayer(ledger, user.id, 'GDAO', 40n);
    await issueItem(s.testDb.db, s.clock, user.id, 13, 1n);
    const puff = await listingId(s, 'item', 'Puff of Wisdom', 'ngls');
    const calls = [
      ...Array.from(
        { length: 8 },
        (_, i) => () => client.post('/api/shop/buy', { shop_item_id: puff }, { headers: { 'idempotency-key': `buy-${i}` } }),
      ),
      ...Array.from(
        { length: 6 },
        (_, i) => () => client.post('/api/drop', { item_id: 9 }, { headers: { 'idempotency-key': `drop-${i}` } }),
      ),
      () => client.post('/api/oogle/enchant', {}, { headers: { 'idempotency-key': 'enchant-0' } }),
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(calls.map((call) => call()));
      expect(
        answers.map((a) => a.status),
        `round ${round}`,
      ).toEqual(calls.map(() => 200));
      await ledgerOk();
    }
    // Each key bought once, however often it was sent.
    expect(await playerBalance(ledger, user.id, 'item:9')).toBe(14n);
    expect(await playerBalance(ledger, user.id, 'GDAO')).toBe(40n - 6n - 13n);
    expect(await playerBalance(ledger, user.id, 'item:13')).toBe(0n);
  });
});
