/**
 * Item actions against settlement on both databases: an action that arrived at the last millisecond of
 * the open phase and a settlement that is due run at once. Either the action commits first and the
 * round's snapshot books the value it left, or settlement commits first and the action is refused
 * ("Locked for Aeon Computing"); never an action after the snapshot (settlement would overdraw). Feeds
 * (value up) and extracts (value down) alternate, launched in both orders; the ledger checks after each.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { registerPlayer, type TestServer } from '../../support/server';
import { confirmEmail, openRound, settleAllRounds, startGameServer } from '../../support/gameFixtures';
import { eidolHolds, fundBacking, issueItem } from '../../support/itemFixtures';
import { AppError } from '../../../src/server/domain/errors';
import { ROUND_LOCKED } from '../../../src/server/domain/eidols/eidolTexts';
import { extractValue } from '../../../src/server/domain/items/extractValue';
import { feedEidol } from '../../../src/server/domain/items/feedEidol';
import { popEidol } from '../../../src/server/domain/items/popEidol';
import { ACTION_ITEMS } from '../../../src/server/domain/items/itemActionsConfig';
import { settleDue } from '../../../src/server/domain/rounds/settleDue';
import { eidolAccount, systemAccount, transfer, type Ledger } from '../../../src/server/ledger/index';

const ANGLS = 100_000_000n;
const timing = { openMs: 600_000, lockedMs: 60_000 };

describe.each(dialectsFor(inject('pgAdminUrl')))('item actions against settlement on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  let userId = 0;
  let id = 0;
  let rc: RoundChain;
  beforeAll(async () => {
    rc = await startRoundChain();
    ({ server: s, ledger, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
    await fundBacking(s.testDb.db, s.clock, 1_000n * ANGLS);
    const { client, user } = await registerPlayer(s, 'race1');
    await confirmEmail(s.testDb.db, user.id);
    const egg = await client.post('/api/oogle/free');
    userId = user.id;
    id = egg.body.data.id;
    // A hatched eidol at risk 0.5: settlement stakes (debits) its value.
    await s.testDb.db.kysely
      .updateTable('eidols')
      .set({ type: 'ogle', level: 1, risk: '0.5', hatched_at: s.clock.now() })
      .where('id', '=', id)
      .execute();
    await s.testDb.db.kysely.updateTable('users').set({ level: 1 }).where('id', '=', userId).execute();
    await issueItem(s.testDb.db, s.clock, userId, ACTION_ITEMS.cookie, 100n);
    await issueItem(s.testDb.db, s.clock, userId, ACTION_ITEMS.extract, 1_000n);
    await settleAllRounds(s.testDb.db, s.clock.now());
    await openRound(s.testDb.db, s.clock, 900);
  });
  afterAll(async () => {
    await s?.close();
    await rc?.close();
  });

  const current = () => s.testDb.db.kysely.selectFrom('rounds').selectAll().where('settled_at', 'is', null).executeTakeFirstOrThrow();
  const entryValue = async (roundId: number) =>
    (
      await s.testDb.db.kysely
        .selectFrom('round_entries')
        .select('value_before')
        .where('round_id', '=', roundId)
        .where('eidol_id', '=', id)
        .executeTakeFirst()
    )?.value_before;
  /** Keeps the eidol's value at 50 ANGLS or more, so it takes part in every round. */
  let topUps = 0;
  async function topUp() {
    if ((await eidolHolds(s.testDb.db, s.clock, id)) >= 50n * ANGLS) return;
    topUps += 1;
    await ledger.run(async (tx) => {
      await transfer(tx, {
        id: `test-topup:${dialect}:${topUps}`,
        debit: await systemAccount(tx, 'genesis', 'ANGLS'),
        credit: await eidolAccount(tx, id),
        amount: 100n * ANGLS,
        code: 'test-topup',
      });
    });
  }
  /** The action of step `i`: a 1-cookie feed (+1 ANGLS) or a 10-ANGLS extract (−10), arriving at `receivedAt`. */
  function action(i: number, receivedAt: number) {
    const req = { userId, eidolId: id, receivedAt };
    return i % 2 === 0 ? feedEidol(ledger, req, 1, undefined) : extractValue(ledger, req, 10, undefined);
  }
  const delta = (i: number) => (i % 2 === 0 ? 1n * ANGLS : -10n * ANGLS);

  it('books the action in the snapshot when it commits first', async () => {
    await topUp();
    const round = await current();
    const before = await eidolHolds(s.testDb.db, s.clock, id);
    s.clock.set(round.ends_at);
    expect((await action(0, round.can_act_before - 1)).result.oogle.id).toBe(id);
    await ledgerOk();
    expect((await settleDue(ledger, { timing, blocks: rc.blocks }))?.roundId).toBe(round.id);
    expect(await entryValue(round.id)).toBe(before + delta(0));
    await ledgerOk();
  });

  it('refuses the action once settlement has committed', async () => {
    await topUp();
    const round = await current();
    const before = await eidolHolds(s.testDb.db, s.clock, id);
    s.clock.set(round.ends_at);
    expect((await settleDue(ledger, { timing, blocks: rc.blocks }))?.roundId).toBe(round.id);
    const settledValue = await eidolHolds(s.testDb.db, s.clock, id);
    await expect(action(1, round.can_act_before - 1)).rejects.toMatchObject({ status: 422, message: ROUND_LOCKED });
    expect(await entryValue(round.id)).toBe(before);
    expect(await eidolHolds(s.testDb.db, s.clock, id)).toBe(settledValue);
    await ledgerOk();
  });

  it('never lets an action land after the snapshot when both run at once', async () => {
    const outcomes = { first: 0, refused: 0 };
    for (let i = 0; i < 12; i++) {
      await topUp();
      const round = await current();
      const before = await eidolHolds(s.testDb.db, s.clock, id);
      s.clock.set(round.ends_at);
      const settle = settleDue(ledger, { timing, blocks: rc.blocks });
      // Every third step the action starts a moment later, while settlement is likely inside its transaction.
      if (i % 3 === 2) await new Promise((resolve) => setTimeout(resolve, 3));
      const act = action(i, round.can_act_before - 1).then(
        () => 'ok' as const,
        (err: unknown) => err,
      );
      const [a, settled] = await Promise.all([act, settle]);
      expect(settled?.roundId).toBe(round.id);
      if (a === 'ok') {
        outcomes.first += 1;
        expect(await entryValue(round.id)).toBe(before + delta(i));
      } else {
        expect(a).toBeInstanceOf(AppError);
        expect((a as AppError).message).toBe(ROUND_LOCKED);
        outcomes.refused += 1;
        expect(await entryValue(round.id)).toBe(before);
      }
      await ledgerOk();
    }
    console.info(`${dialect}: action first ${outcomes.first}, refused after settlement ${outcomes.refused}`);
    expect(outcomes.first + outcomes.refused).toBe(12);
  });

  it('pops either before the snapshot (the eidol sits the round out) or not at all', async () => {
    const results: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { client, user } = await registerPlayer(s, `racepop${i}`);
      await confirmEmail(s.testDb.db, user.id);
      const popId: number = (await client.post('/api/oogle/free')).body.data.id;
      await s.testDb.db.kysely
        .updateTable('eidols')
        .set({ type: 'ogle', level: 2, risk: '0.3', hatched_at: s.clock.now() })
        .where('id', '=', popId)
        .execute();
      await s.testDb.db.kysely.updateTable('users').set({ level: 1 }).where('id', '=', user.id).execute();
      const round = await current();
      s.clock.set(round.ends_at);
      const settle = settleDue(ledger, { timing, blocks: rc.blocks });
      if (i % 2 === 1) await new Promise((resolve) => setTimeout(resolve, 3));
      const pop = popEidol(ledger, { userId: user.id, eidolId: popId, receivedAt: round.can_act_before - 1 }, undefined).then(
        () => 'ok' as const,
        (err: unknown) => err,
      );
      const [popped, settled] = await Promise.all([pop, settle]);
      expect(settled?.roundId).toBe(round.id);
      const entry = await s.testDb.db.kysely
        .selectFrom('round_entries')
        .select('eidol_id')
        .where('round_id', '=', round.id)
        .where('eidol_id', '=', popId)
        .executeTakeFirst();
      const closed = (await s.testDb.db.kysely.selectFrom('eidols').select('closed_at').where('id', '=', popId).executeTakeFirstOrThrow())
        .closed_at;
      if (popped === 'ok') {
        expect([entry, closed !== null]).toEqual([undefined, true]);
      } else {
        expect((popped as AppError).message).toBe(ROUND_LOCKED);
        expect([entry?.eidol_id, closed]).toEqual([popId, null]);
      }
      results.push(popped === 'ok' ? 'popped' : 'refused');
      await ledgerOk();
    }
    console.info(`${dialect}: pops ${results.join(', ')}`);
  });
});
