/**
 * An eggtoplasm filling in the rounds, on both databases, through the real routes and the scheduler: a jar
 * enchanted into an eggtoplasm gains 1 XP per settled round (round entry `ectoplasm`, no stake, no transfer,
 * no emission share while the round emits to others) up to its next_level_experience, never hatches by
 * itself and then sits out; every round verifies (`npm run verify`'s check) and the ledger checks clean
 * after each one; then transmuteegg, with a Tome, turns the full eggtoplasm into an eidol.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkLedger, ensureGenesis } from '../../../src/server/ledger/index';
import { verifyBookedRound } from '../../../src/server/domain/fairness/verifyBooked';
import { ACTION_ITEMS } from '../../../src/server/domain/items/itemActionsConfig';
import { NO_TOME } from '../../../src/server/domain/items/itemTexts';
import { NEXT_LEVEL_XP } from '../../../src/shared/rules/round/economyConfig';
import { eidolSchema } from '../../../src/shared/api/game';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../../support/server';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { issueItem } from '../../support/itemFixtures';
import { ANGLS, insertEidols } from '../rounds/support/world';

const pgAdminUrl = inject('pgAdminUrl');

describe.each(dialectsFor(pgAdminUrl))('eggtoplasm in the rounds on %s', (dialect) => {
  let s: TestServer;
  let rc: RoundChain;
  beforeAll(async () => {
    rc = await startRoundChain();
    s = await startTestServer(
      dialect,
      pgAdminUrl,
      { rounds: { enabled: true, chainLength: 30, blocks: rc.blocks } },
      { roundOpenSeconds: 10, roundLockedSeconds: 2 },
    );
  });
  afterAll(async () => {
    await s?.close();
    await rc?.close();
  });

  const k = () => s.testDb.db.kysely;
  const ledgerOk = async () => expect((await checkLedger(s.testDb.db)).broken).toEqual([]);
  const current = () => k().selectFrom('rounds').selectAll().where('settled_at', 'is', null).executeTakeFirstOrThrow();
  const eidol = (id: number) => k().selectFrom('eidols').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Settles the current round through the scheduler; answers its id. */
  async function settleCurrent(): Promise<number> {
    const round = await current();
    s.clock.set(round.ends_at);
    await s.rounds!.idle();
    expect((await k().selectFrom('rounds').select('settled_at').where('id', '=', round.id).executeTakeFirstOrThrow()).settled_at).toBe(
      round.ends_at,
    );
    return round.id;
  }
  /** The round verifies as `npm run verify` checks it: published detail, ledger legs, stored totals and XP. */
  async function verified(roundId: number): Promise<void> {
    const report = await verifyBookedRound(k(), roundId);
    expect(report.kind === 'checked' && report.lines.at(-1)).toBe(`round ${roundId} verified`);
  }

  it('gains 1 XP per round up to its bar, stakes and mines nothing, never hatches; then transmuteegg makes it an eidol', async () => {
    await s.rounds!.idle();
    await ensureGenesis(s.testDb.db, s.clock);
    const { client, user } = await registerPlayer(s, `ecto-${dialect}`);
    await issueItem(s.testDb.db, s.clock, user.id, ACTION_ITEMS.jar, 1n);
    await issueItem(s.testDb.db, s.clock, user.id, 4, 13n);
    const enchanted = await client.post('/api/oogle/enchant');
    expect(enchanted.status).toBe(200);
    const ecto = eidolSchema.parse(enchanted.body.data.oogle);
    expect(ecto).toMatchObject({ type: 'ectoplasm', value: '0.00000000', experience: 0, level: 0 });
    const bar = NEXT_LEVEL_XP[0]!;
    expect(ecto.next_level_experience).toBe(bar);
    // Another player's staking eidol, so that every round emits to someone.
    const { user: other } = await registerPlayer(s, `ecto-other-${dialect}`);
    await k().updateTable('users').set({ level: 1 }).where('id', '=', other.id).execute();
    const [staker] = await insertEidols(s.testDb.db, s.clock, [{ owner: other.id, risk: '0.3', value: 100n * ANGLS }]);
    await ledgerOk();

    for (let n = 1; n <= bar + 2; n++) {
      const roundId = await settleCurrent();
      const entries = await k().selectFrom('round_entries').selectAll().where('round_id', '=', roundId).orderBy('eidol_id').execute();
      const mine = entries.find((e) => e.eidol_id === ecto.id);
      if (n <= bar) {
        expect(mine).toMatchObject({
          eidol_type: 'ectoplasm',
          user_id: user.id,
          zone: null,
          stake: 0n,
          payout: 0n,
          mined: 0n,
          value_before: 0n,
          value_after: 0n,
          xp_before: n - 1,
          xp_gained: 1,
          level_before: 0,
        });
        // The round emitted (to the staker), none of it to the eggtoplasm.
        expect(entries.find((e) => e.eidol_id === staker)!.mined).toBeGreaterThan(0n);
      } else {
        // Full: it sits out, no empty entry every round until it is transmuted.
        expect(mine).toBeUndefined();
      }
      const transfers = await k()
        .selectFrom('ledger_transfers')
        .select('id')
        .where('id', 'like', `round:${roundId}:${ecto.id}:%`)
        .execute();
      expect(transfers).toEqual([]);
      expect(await eidol(ecto.id)).toMatchObject({
        type: 'ectoplasm',
        experience: Math.min(n, bar),
        level: 0,
        hatched_at: null,
        skin_image: 'eggtoplasm',
      });
      await verified(roundId);
      await ledgerOk();
      if (n === 1) {
        const detail = (await s.client().get(`/api/fairness/rounds/${roundId}`)).body.data;
        expect(detail.entries.find((e: { eidol_id: number }) => e.eidol_id === ecto.id)).toMatchObject({
          type: 'ectoplasm',
          xp: 0,
          stake: '0',
          mined: '0',
          value_after: '0',
        });
      }
    }
    // The player's XP grew with the eggtoplasm's, its level stays 0 (nothing hatched).
    expect(await k().selectFrom('users').select(['xp', 'level']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      xp: bar,
      level: 0,
    });
    const view = (await client.get('/api/game')).body.data.oogles.find((o: { id: number }) => o.id === ecto.id);
    expect(view).toMatchObject({ type: 'ectoplasm', experience: bar, next_level_experience: bar });

    // Full: transmuteegg needs a Tome, then makes it an eidol (the round after the last settled one is open).
    const noTome = await client.post(`/api/oogles/${ecto.id}/transmuteegg`);
    expect([noTome.status, noTome.body.message]).toEqual([422, NO_TOME]);
    await issueItem(s.testDb.db, s.clock, user.id, ACTION_ITEMS.tome, 1n);
    const res = await client.post(`/api/oogles/${ecto.id}/transmuteegg`);
    expect(res.status).toBe(200);
    expect(res.body.data.oogle).toMatchObject({ id: ecto.id, type: 'ogle', experience: 0, level: 0, value: '0.00000000' });
    expect(await eidol(ecto.id)).toMatchObject({ type: 'ogle', experience: 0, hatched_at: s.clock.now() });
    expect((await k().selectFrom('users').select('level').where('id', '=', user.id).executeTakeFirstOrThrow()).level).toBe(1);
    await ledgerOk();

    // As an eidol of value 0 it no longer takes part.
    const after = await settleCurrent();
    expect(
      await k().selectFrom('round_entries').select('eidol_id').where('round_id', '=', after).where('eidol_id', '=', ecto.id).execute(),
    ).toEqual([]);
    await verified(after);
    await ledgerOk();
  });
});
