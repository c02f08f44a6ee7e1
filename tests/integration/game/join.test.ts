/**
 * `POST /api/game/join` on both databases: both body forms, the stored canonical risk, the boundary of the
 * open phase on the manual clock (its last millisecond joins, the first locked one does not), and every
 * refusal (no round, level −1, another player's eidol, closed, busy, eggtoplasm, value 0, precision, bad
 * input), each leaving rows and balances as they were and the ledger clean.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import {
  drainEidol,
  gameSnapshot,
  insertRound,
  openRound,
  playerWithEgg,
  settleAllRounds,
  startGameServer,
} from '../../support/gameFixtures';
import {
  ECTOPLASM_CANNOT_JOIN,
  EIDOL_BUSY,
  EIDOL_NOT_FOUND,
  NO_EIDOL_YET,
  NO_ROUND,
  OOGLE_ID_INVALID,
  RISK_INVALID,
  ROUND_LOCKED,
  VALUE_ZERO_CANNOT_JOIN,
  riskTooPrecise,
} from '../../../src/server/domain/eidols/eidolTexts';

describe.each(dialectsFor(inject('pgAdminUrl')))('join on %s', (dialect) => {
  let s: TestServer;
  let roundId = 100;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());

  const snapshot = () => gameSnapshot(s.testDb.db);
  const riskOf = async (id: number) =>
    (await s.testDb.db.kysely.selectFrom('eidols').select('risk').where('id', '=', id).executeTakeFirstOrThrow()).risk;
  /** A fresh current round, open for 10 minutes from now. */
  const freshRound = async () => {
    await settleAllRounds(s.testDb.db, s.clock.now());
    roundId += 1;
    return { id: roundId, ...(await openRound(s.testDb.db, s.clock, roundId)) };
  };
  /** A player with a confirmed e-mail and the free egg. */
  const withEgg = (tag: string) => playerWithEgg(s, tag);
  /** Expects `res` to be a refusal with `status` and `message` that changed nothing since `before`. */
  async function refused(
    res: { status: number; body: { success: boolean; message: string } },
    status: number,
    message: string,
    before: unknown,
  ) {
    expect([res.status, res.body.success, res.body.message]).toEqual([status, false, message]);
    expect(await snapshot()).toEqual(before);
    await ledgerOk();
  }

  it('stores the canonical risk from either form and answers game, eidol, risk and multiplier', async () => {
    const round = await freshRound();
    const { client, eggId } = await withEgg('join1');
    const a = await client.post('/api/game/join', { risk: '0.25', oogle_id: eggId });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, data: { game_id: round.id, oogle_id: eggId, risk: '0.25', multiplier: 1.25 } });
    expect(await riskOf(eggId)).toBe('0.25');
    // The older form: multiplier only, the first eidol, float noise normalised.
    const b = await client.post('/api/game/join', { multiplier: 1 + 0.07 });
    expect(b.body.data).toEqual({ game_id: round.id, oogle_id: eggId, risk: '0.07', multiplier: 1.07 });
    const c = await client.post('/api/game/join', { multiplier: '1', oogle_id: String(eggId) });
    expect(c.body.data.risk).toBe('0');
    expect(await riskOf(eggId)).toBe('0');
    // Risk persists: the eidol view carries it.
    await client.post('/api/game/join', { risk: '0.5', oogle_id: eggId });
    expect((await client.get(`/api/oogles/${eggId}`)).body.data).toMatchObject({ risk: '0.5', multiplier: 1.5 });
    await ledgerOk();
  });

  it('accepts the last millisecond of open and refuses the first of locked', async () => {
    const round = await freshRound();
    const { client, eggId } = await withEgg('edge1');
    s.clock.set(round.canActBefore - 1);
    expect((await client.post('/api/game/join', { risk: '0.11', oogle_id: eggId })).status).toBe(200);
    expect(await riskOf(eggId)).toBe('0.11');
    s.clock.set(round.canActBefore);
    const before = await snapshot();
    await refused(await client.post('/api/game/join', { risk: '0.22', oogle_id: eggId }), 422, ROUND_LOCKED, before);
    s.clock.set(round.endsAt + 5);
    await refused(await client.post('/api/game/join', { risk: '0.22', oogle_id: eggId }), 422, ROUND_LOCKED, before);
    expect(await riskOf(eggId)).toBe('0.11');
  });

  it('refuses without a round, at level −1, and another player\u2019s eidol as a 404', async () => {
    await settleAllRounds(s.testDb.db, s.clock.now());
    const { client, eggId } = await withEgg('nor1');
    let before = await snapshot();
    await refused(await client.post('/api/game/join', { risk: '0.1', oogle_id: eggId }), 404, NO_ROUND, before);

    await freshRound();
    const { client: newcomer } = await registerPlayer(s, 'lvlm1');
    before = await snapshot();
    await refused(await newcomer.post('/api/game/join', { risk: '0.1', oogle_id: eggId }), 422, NO_EIDOL_YET, before);

    const other = await withEgg('other1');
    before = await snapshot();
    await refused(await other.client.post('/api/game/join', { risk: '0.1', oogle_id: eggId }), 404, EIDOL_NOT_FOUND, before);
    await refused(await other.client.post('/api/game/join', { risk: '0.1', oogle_id: 999_999 }), 404, EIDOL_NOT_FOUND, before);
    expect(await riskOf(eggId)).toBe('0');
  });

  it('refuses busy, eggtoplasm, value-0 and closed eidols', async () => {
    await freshRound();
    const { client, eggId } = await withEgg('state1');
    const db = s.testDb.db.kysely;
    await db.updateTable('eidols').set({ is_locked: 1 }).where('id', '=', eggId).execute();
    let before = await snapshot();
    await refused(await client.post('/api/game/join', { risk: '0.1', oogle_id: eggId }), 422, EIDOL_BUSY, before);
    await db.updateTable('eidols').set({ is_locked: 0, type: 'ectoplasm' }).where('id', '=', eggId).execute();
    before = await snapshot();
    await refused(await client.post('/api/game/join', { risk: '0.1', oogle_id: eggId }), 422, ECTOPLASM_CANNOT_JOIN, before);
    await db.updateTable('eidols').set({ type: 'ogle' }).where('id', '=', eggId).execute();
    await drainEidol(s.testDb.db, s.clock, eggId, 'state1');
    before = await snapshot();
    await refused(await client.post('/api/game/join', { risk: '0.1', oogle_id: eggId }), 422, VALUE_ZERO_CANNOT_JOIN, before);
    // Confirm Loss closes it; then it is gone for joins (and from the game view).
    expect((await client.post(`/api/oogles/${eggId}/confirmloss`)).status).toBe(200);
    before = await snapshot();
    const closed = await client.post('/api/game/join', { risk: '0.1', oogle_id: eggId });
    expect([closed.status, closed.body.success]).toEqual([422, false]);
    expect(await snapshot()).toEqual(before);
    expect((await client.get('/api/game')).body.data.oogles).toEqual([]);
  });

  it('refuses a risk finer than the eidol\u2019s precision, r ≥ 1 and malformed input with a 422 on the field', async () => {
    await freshRound();
    const { client, eggId } = await withEgg('prec1');
    const before = await snapshot();
    const fine = await client.post('/api/game/join', { risk: '0.125', oogle_id: eggId });
    expect(fine.status).toBe(422);
    expect(fine.body.errors).toEqual({ risk: [riskTooPrecise(2)] });
    for (const risk of ['1', '0.99999', '-0.1', 'abc', '1e-2']) {
      const r = await client.post('/api/game/join', { risk, oogle_id: eggId });
      expect([r.status, r.body.errors?.risk?.[0]]).toEqual([422, risk === '0.99999' ? riskTooPrecise(2) : RISK_INVALID]);
    }
    const m = await client.post('/api/game/join', { multiplier: 1.125, oogle_id: eggId });
    expect([m.status, Object.keys(m.body.errors)]).toEqual([422, ['multiplier']]);
    const id = await client.post('/api/game/join', { risk: '0.1', oogle_id: 'x1' });
    expect([id.status, id.body.errors]).toEqual([422, { oogle_id: [OOGLE_ID_INVALID] }]);
    const none = await client.post('/api/game/join', { oogle_id: eggId });
    expect([none.status, Object.keys(none.body.errors)]).toEqual([422, ['risk']]);
    expect(await snapshot()).toEqual(before);

    // Precise 1 and a burning apple: 4 decimals; once the apple is over, 3.
    await s.testDb.db.kysely
      .updateTable('eidols')
      .set({ precise: 1, apple_until: s.clock.now() + 1000 })
      .where('id', '=', eggId)
      .execute();
    expect((await client.post('/api/game/join', { risk: '0.1234', oogle_id: eggId })).body.data.risk).toBe('0.1234');
    s.clock.set(s.clock.now() + 1000);
    expect((await client.post('/api/game/join', { risk: '0.4321', oogle_id: eggId })).status).toBe(422);
    expect((await client.post('/api/game/join', { risk: '0.432', oogle_id: eggId })).body.data.risk).toBe('0.432');
    await ledgerOk();
  });

  it('answers 401 without a session', async () => {
    await insertRound(s.testDb.db, 9_000, { opensAt: 0, canActBefore: 1, endsAt: 2 });
    expect((await s.client().post('/api/game/join', { risk: '0.1' })).status).toBe(401);
  });
});
