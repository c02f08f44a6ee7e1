/**
 * Confirm Loss racing a feed of the same eidol of value 0, on both databases: either the feed lands first
 * (the loss is then refused: the eidol has value) or the close does (the feed then finds no open eidol), never
 * a closed eidol holding the fed ANGLS. On PostgreSQL confirm loss read the row and the value without a
 * lock, so a feed committing in between left its value stranded in a closed eidol.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { confirmEmail, drainEidol, openRound, startGameServer } from '../../support/gameFixtures';
import { eidolHolds, fundBacking, issueItem } from '../../support/itemFixtures';
import { ACTION_ITEMS } from '../../../src/server/domain/items/itemActionsConfig';

const ANGLS = 100_000_000n;

describe.each(dialectsFor(inject('pgAdminUrl')))('confirm loss against a feed on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
    await fundBacking(s.testDb.db, s.clock, 1_000n * ANGLS);
    await openRound(s.testDb.db, s.clock, 900, 3_600_000);
  });
  afterAll(() => s?.close());

  it('never closes an eidol that a concurrent feed gave value', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const { client, user } = await registerPlayer(s, `loss${attempt}`);
      await confirmEmail(s.testDb.db, user.id);
      const id = (await client.post('/api/oogle/free')).body.data.id as number;
      await s.testDb.db.kysely
        .updateTable('eidols')
        .set({ type: 'ogle', level: 1, hatched_at: s.clock.now() })
        .where('id', '=', id)
        .execute();
      await drainEidol(s.testDb.db, s.clock, id, `loss-${dialect}-${attempt}`);
      await issueItem(s.testDb.db, s.clock, user.id, ACTION_ITEMS.cookie, 2n);
      const [feed, loss] = await Promise.all([
        client.post(`/api/oogles/${id}/feed`, { amount: 1 }),
        client.post(`/api/oogles/${id}/confirmloss`),
      ]);
      const closed =
        (await s.testDb.db.kysely.selectFrom('eidols').select('closed_at').where('id', '=', id).executeTakeFirstOrThrow()).closed_at !==
        null;
      const value = await eidolHolds(s.testDb.db, s.clock, id);
      // One of the two orders, each whole (a feed after the close: no eidol left, "You have no Eidol to feed").
      const outcome =
        feed.status === 200 ? ['feed first', loss.status, closed, value] : ['close first', feed.status, loss.status, closed, value];
      expect(outcome, `attempt ${attempt}`).toEqual(
        feed.status === 200 ? ['feed first', 422, false, ANGLS] : ['close first', 422, 200, true, 0n],
      );
      await ledgerOk();
    }
  });
});
