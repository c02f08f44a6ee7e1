/**
 * Joins written as one batch (group commit) on both databases: each join of the batch is checked on its
 * own, refusals write nothing while the batch's other joins commit, a later join of the same eidol wins,
 * and concurrent HTTP joins all land with the risk each player last sent.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { confirmEmail, openRound, startGameServer } from '../../support/gameFixtures';
import type { Ledger } from '../../../src/server/ledger/index';
import { AppError } from '../../../src/server/domain/errors';
import { joinBatch, type JoinRequest } from '../../../src/server/domain/eidols/joinRound';
import { EIDOL_NOT_FOUND, NO_EIDOL_YET, riskTooPrecise } from '../../../src/server/domain/eidols/eidolTexts';

describe.each(dialectsFor(inject('pgAdminUrl')))('join batches on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  beforeAll(async () => {
    ({ server: s, ledger } = await startGameServer(dialect, inject('pgAdminUrl')));
    await openRound(s.testDb.db, s.clock, 7);
  });
  afterAll(() => s?.close());

  async function player(tag: string) {
    const { client, user } = await registerPlayer(s, tag);
    await confirmEmail(s.testDb.db, user.id);
    const egg = await client.post('/api/oogle/free');
    return { client, userId: user.id as number, eggId: egg.body.data.id as number };
  }
  const riskOf = async (id: number) =>
    (await s.testDb.db.kysely.selectFrom('eidols').select('risk').where('id', '=', id).executeTakeFirstOrThrow()).risk;

  it('checks each join of a batch on its own and commits the accepted ones together', async () => {
    const a = await player('batch1');
    const b = await player('batch2');
    const { user: newcomer } = await registerPlayer(s, 'batch3');
    const at = s.clock.now();
    const join = (userId: number, body: JoinRequest['body'], eidolId?: number): JoinRequest => ({ userId, body, eidolId, receivedAt: at });
    const { results } = await ledger.run((tx) =>
      joinBatch(tx, s.clock, [
        join(a.userId, { risk: '0.1' }, a.eggId),
        join(b.userId, { risk: '0.2' }, a.eggId),
        join(b.userId, { risk: '0.123' }, b.eggId),
        join(newcomer.id, { risk: '0.1' }),
        join(b.userId, { multiplier: 1.3 }),
        join(a.userId, { risk: '0.4' }, a.eggId),
      ]),
    );
    const shown = results.map((r) => (r instanceof AppError ? `${r.status} ${r.message}` : r.risk));
    expect(shown).toEqual(['0.1', `404 ${EIDOL_NOT_FOUND}`, `422 ${riskTooPrecise(2)}`, `422 ${NO_EIDOL_YET}`, '0.3', '0.4']);
    expect([await riskOf(a.eggId), await riskOf(b.eggId)]).toEqual(['0.4', '0.3']);
    expect((await ledger.check()).violations).toEqual([]);
  });

  it('lands every concurrent HTTP join with the risk each player sent last', async () => {
    // Risks up to 0.59: every claim fits the round's capacity (one egg's claim at 0.9x would pass m × K).
    const players = await Promise.all(Array.from({ length: 9 }, (_, i) => player(`conc${i}`)));
    await Promise.all(players.map((p) => p.client.csrf()));
    await Promise.all(
      players.map(async (p, i) => {
        for (let k = 1; k <= 5; k++) {
          const res = await p.client.post('/api/game/join', { risk: `0.${k}${i + 1}`, oogle_id: p.eggId });
          expect(res.status).toBe(200);
        }
      }),
    );
    for (const [i, p] of players.entries()) expect(await riskOf(p.eggId)).toBe(`0.5${i + 1}`);
  });
});
