/**
 * Eggs on both databases: the free egg (confirmed e-mail, once per account, paid by the mining pool, even
 * under a burst of concurrent clicks), shop eggs at the spec's prices, the extra-eidol rule, idempotency
 * keys; every refusal changes nothing and the ledger checks clean after each step.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { confirmEmail, fundAngls, gameSnapshot, playerAngls, poolBalance, startGameServer } from '../../support/gameFixtures';
import type { Ledger } from '../../../src/server/ledger/index';
import { eidolSchema } from '../../../src/shared/api/game';
import { REQUEST_KEY_REUSED } from '../../../src/server/domain/requests/requestRecords';
import {
  CONFIRM_EMAIL_FIRST,
  EXTRA_EIDOL_REFUSED,
  FREE_EGG_TAKEN,
  INSUFFICIENT_ANGLS,
  POOL_LIMIT_REACHED,
  UNKNOWN_EGG_TYPE,
} from '../../../src/server/domain/eidols/eidolTexts';

const ANGLS = 100_000_000n;

describe.each(dialectsFor(inject('pgAdminUrl')))('eggs on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startGameServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());

  const snapshot = () => gameSnapshot(s.testDb.db);
  const levelOf = async (id: number) =>
    (await s.testDb.db.kysely.selectFrom('users').select('level').where('id', '=', id).executeTakeFirstOrThrow()).level;

  it('grows the free egg only with a confirmed e-mail, once, paid by the mining pool', async () => {
    const { client, user } = await registerPlayer(s, 'free1');
    expect(await levelOf(user.id)).toBe(-1);
    const before = await snapshot();
    const refused = await client.post('/api/oogle/free');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: CONFIRM_EMAIL_FIRST, errors: { email: [CONFIRM_EMAIL_FIRST] } });
    expect(await snapshot()).toEqual(before);

    await confirmEmail(s.testDb.db, user.id);
    const pool = await poolBalance(s.testDb.db, s.clock);
    const grown = await client.post('/api/oogle/free');
    expect(grown.status).toBe(200);
    expect(grown.body.success).toBe(true);
    const egg = eidolSchema.parse(grown.body.data);
    expect(egg).toMatchObject({
      value: '100.00000000',
      maxValue: '100.00000000',
      top_value: '100.00000000',
      no_loss_value: '100.00000000',
      type: 'egg',
      rarity: 'common',
      collection: 'basic',
      risk: '0',
      multiplier: 1,
      level: 0,
      experience: 0,
      next_level_experience: 12,
      is_locked: false,
      skin: { collection: 'basic', image: '0.svg', name: 'Common Egg' },
      data: { greedy: 0, precise: 0, apple: null },
    });
    expect(await poolBalance(s.testDb.db, s.clock)).toBe(pool - 100n * ANGLS);
    expect(await playerAngls(s.testDb.db, s.clock, user.id)).toBe(0n);
    expect(await levelOf(user.id)).toBe(0);
    await ledgerOk();

    const mid = await snapshot();
    const again = await client.post('/api/oogle/free');
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(FREE_EGG_TAKEN);
    expect(await snapshot()).toEqual(mid);
  });

  it('never grows two free eggs from a burst of concurrent clicks', async () => {
    const { client, user } = await registerPlayer(s, 'free2');
    await confirmEmail(s.testDb.db, user.id);
    await client.csrf();
    const pool = await poolBalance(s.testDb.db, s.clock);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.post('/api/oogle/free')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.message]).toEqual([422, FREE_EGG_TAKEN]);
    const eggs = await s.testDb.db.kysely.selectFrom('eidols').select('id').where('user_id', '=', user.id).execute();
    expect(eggs).toHaveLength(1);
    expect(await poolBalance(s.testDb.db, s.clock)).toBe(pool - 100n * ANGLS);
    await ledgerOk();
  });

  it('replays a free egg request with the same Idempotency-Key', async () => {
    const { client, user } = await registerPlayer(s, 'free3');
    await confirmEmail(s.testDb.db, user.id);
    await client.csrf();
    const headers = { 'idempotency-key': 'grow-1' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.post('/api/oogle/free', {}, { headers })));
    for (const a of answers) expect(a.status).toBe(200);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    await ledgerOk();
  });

  it('sells shop eggs at the spec prices: value to the eidol, premium to the pool', async () => {
    const { client, user } = await registerPlayer(s, 'buy1');
    const before = await snapshot();
    const poor = await client.post('/api/oogle/buy', { type: 'egg1' });
    expect([poor.status, poor.body.message]).toEqual([422, INSUFFICIENT_ANGLS]);
    const unknown = await client.post('/api/oogle/buy', { type: 'egg5' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ success: false, message: UNKNOWN_EGG_TYPE, errors: { type: [UNKNOWN_EGG_TYPE] } });
    const missing = await client.post('/api/oogle/buy', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['type']);
    expect(await snapshot()).toEqual(before);

    await fundAngls(s.testDb.db, s.clock, user.id, 1_749n * ANGLS, 'buy1');
    const short = await snapshot();
    const tooDear = await client.post('/api/oogle/buy', { type: 'egg4' });
    expect([tooDear.status, tooDear.body.message]).toEqual([422, INSUFFICIENT_ANGLS]);
    expect(await snapshot()).toEqual(short);

    const pool = await poolBalance(s.testDb.db, s.clock);
    const bought = await client.post('/api/oogle/buy', { type: 'egg3' });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({
      value: '750.00000000',
      maxValue: '750.00000000',
      rarity: 'epic',
      type: 'egg',
      skin: { image: '1.svg' },
    });
    expect(await playerAngls(s.testDb.db, s.clock, user.id)).toBe(249n * ANGLS);
    expect(await poolBalance(s.testDb.db, s.clock)).toBe(pool + 750n * ANGLS);
    expect(await levelOf(user.id)).toBe(0);
    await ledgerOk();
  });

  it('allows an extra eidol only while the open eidols are fewer than the player level', async () => {
    const { client, user } = await registerPlayer(s, 'extra1');
    await fundAngls(s.testDb.db, s.clock, user.id, 10_000n * ANGLS, 'extra1');
    expect((await client.post('/api/oogle/buy', { type: 'egg1' })).status).toBe(200);
    // Level 0 with one egg: no second one, bought or free.
    await confirmEmail(s.testDb.db, user.id);
    const before = await snapshot();
    for (const call of [() => client.post('/api/oogle/buy', { type: 'egg1' }), () => client.post('/api/oogle/free')]) {
      const res = await call();
      expect([res.status, res.body.message]).toEqual([422, EXTRA_EIDOL_REFUSED]);
    }
    expect(await snapshot()).toEqual(before);
    // Level 2 (Apprentice): a second eidol, not a third.
    await s.testDb.db.kysely.updateTable('users').set({ level: 2 }).where('id', '=', user.id).execute();
    expect((await client.post('/api/oogle/free')).status).toBe(200);
    const third = await client.post('/api/oogle/buy', { type: 'egg2' });
    expect([third.status, third.body.message]).toEqual([422, EXTRA_EIDOL_REFUSED]);
    expect(await levelOf(user.id)).toBe(2);
    await ledgerOk();
  });

  it('never sells a second egg to a level-0 player from concurrent buys', async () => {
    const { client, user } = await registerPlayer(s, 'extra2');
    await fundAngls(s.testDb.db, s.clock, user.id, 10_000n * ANGLS, 'extra2');
    await client.csrf();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.post('/api/oogle/buy', { type: 'egg1' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await playerAngls(s.testDb.db, s.clock, user.id)).toBe(9_800n * ANGLS);
    await ledgerOk();
  });

  it('refuses the free egg when the mining pool cannot pay it', async () => {
    const { client, user } = await registerPlayer(s, 'poolx');
    await confirmEmail(s.testDb.db, user.id);
    const pool = await poolBalance(s.testDb.db, s.clock);
    // Empty the pool into the reserve for this test, then put it back.
    const { systemAccount, transfer } = await import('../../../src/server/ledger/index');
    await ledger.run(async (tx) =>
      transfer(tx, {
        id: 'test:empty-pool',
        debit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
        credit: await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
        amount: pool - 50n * ANGLS,
        code: 'test',
      }),
    );
    const before = await snapshot();
    const res = await client.post('/api/oogle/free');
    expect([res.status, res.body.message]).toEqual([422, POOL_LIMIT_REACHED]);
    expect(await snapshot()).toEqual(before);
    await ledger.run(async (tx) =>
      transfer(tx, {
        id: 'test:refill-pool',
        debit: await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
        credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
        amount: pool - 50n * ANGLS,
        code: 'test',
      }),
    );
    expect((await client.post('/api/oogle/free')).status).toBe(200);
    await ledgerOk();
  });

  it('buys once per Idempotency-Key and refuses the key on another egg, changing nothing', async () => {
    const { client, user } = await registerPlayer(s, 'buykey');
    await fundAngls(s.testDb.db, s.clock, user.id, 1_000n * ANGLS, 'buykey');
    await s.testDb.db.kysely.updateTable('users').set({ level: 3 }).where('id', '=', user.id).execute();
    const headers = { 'idempotency-key': 'egg-order-1' };
    const first = await client.post('/api/oogle/buy', { type: 'egg1' }, { headers });
    const again = await client.post('/api/oogle/buy', { type: 'egg1' }, { headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const before = await snapshot();
    const other = await client.post('/api/oogle/buy', { type: 'egg2' }, { headers });
    expect([other.status, other.body.message]).toEqual([422, REQUEST_KEY_REUSED]);
    expect(await snapshot()).toEqual(before);
    expect(await playerAngls(s.testDb.db, s.clock, user.id)).toBe(800n * ANGLS);
    await ledgerOk();
  });

  it('answers 401 without a session', async () => {
    const c = s.client();
    expect((await c.post('/api/oogle/free')).status).toBe(401);
    expect((await c.post('/api/oogle/buy', { type: 'egg1' })).status).toBe(401);
  });
});
