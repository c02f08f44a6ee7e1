/**
 * The gDAO chest and the Patricius tax box on both databases: the claim's refusals in the spec's texts,
 * the burn and the payout from the chest (N × 0.01 ANGLS, less the 1 % fee to `fees`), the operator lock, the game view's chest fields;
 * a Tax Commendation consumed for a month of Patricius that extends a running title; the Senator command.
 * Every refusal writes nothing; the ledger checks clean after each step.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { gameSnapshot, openRound, settleAllRounds } from '../../support/gameFixtures';
import { createLedger, systemAccount, transfer } from '../../../src/server/ledger/index';
import {
  NO_TAX_COMMENDATION,
  NOT_ENOUGH_GDAO,
  NOT_ENOUGH_SUPPLY,
  SPECIFY_TOKEN_AMOUNT,
  SUPPLY_LOCKED,
} from '../../../src/server/domain/gdao/gdaoTexts';
import { ROUND_LOCKED } from '../../../src/server/domain/eidols/eidolTexts';
import { GDAO_CHEST_SUPPLY } from '../../../src/server/domain/gdao/gdaoConfig';
import { addMonths } from '../../../src/server/domain/gdao/taxBox';
import { runAdminCommand } from '../../../src/server/admin/runner';
import { wireTime } from '../../../src/server/domain/users/userTime';
import { gameSchema } from '../../../src/shared/api/game';
import { balanceOf, giveGdao, giveItem, startGdaoServer } from './support';

const ANGLS = 100_000_000n;
let roundId = 1;

describe.each(dialectsFor(inject('pgAdminUrl')))('chest and tax box on %s', (dialect) => {
  let s: TestServer;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledgerOk } = await startGdaoServer(dialect, inject('pgAdminUrl')));
    await openRound(s.testDb.db, s.clock, roundId++);
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;
  const snapshot = () => gameSnapshot(db());
  // Through the audited runner, as `npm run admin` runs them.
  const admin = (name: string, ...args: string[]) => runAdminCommand(db(), s.clock, 'test-operator', name, args);

  it('burns gDAO for its worth in ANGLS less the 1 % fee, with the spec texts for every refusal', async () => {
    const { client, user } = await registerPlayer(s, `ch1${dialect}`);
    await giveGdao(db(), s.clock, user.id, 500n, `ch1${dialect}`);
    const before = await snapshot();
    for (const amount of [0, '', 'abc', '1.5', -3, undefined]) {
      const r = await client.post('/api/rooms/claimgdao', amount === undefined ? {} : { amount });
      expect([r.status, r.body.message, r.body.errors]).toEqual([422, SPECIFY_TOKEN_AMOUNT, { amount: [SPECIFY_TOKEN_AMOUNT] }]);
    }
    expect((await client.post('/api/rooms/claimgdao', { amount: 501 })).body.message).toBe(NOT_ENOUGH_GDAO);
    expect(await snapshot()).toEqual(before);

    const chest = await balanceOf(db(), s.clock, { system: 'gdao_chest' }, 'ANGLS');
    expect(chest).toBe(GDAO_CHEST_SUPPLY);
    const fees = await balanceOf(db(), s.clock, { system: 'fees' }, 'ANGLS');
    const ok = await client.post('/api/rooms/claimgdao', { amount: '300' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ burned: '300', received: '2.97000000' });
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'GDAO')).toBe(200n);
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'ANGLS')).toBe((297n * ANGLS) / 100n);
    expect(await balanceOf(db(), s.clock, { system: 'fees' }, 'ANGLS')).toBe(fees + (3n * ANGLS) / 100n);
    expect(await balanceOf(db(), s.clock, { system: 'gdao_burned' }, 'GDAO')).toBe(300n);
    expect(await balanceOf(db(), s.clock, { system: 'gdao_chest' }, 'ANGLS')).toBe(chest - 3n * ANGLS);
    await ledgerOk();

    const game = gameSchema.parse((await client.get('/api/game')).body.data);
    expect(game).toMatchObject({
      gdao_chest_supply: '99997.00000000',
      chest_locked: false,
      gdao_burn_rate: '0.01',
      gdao_claim_fee_percent: 1,
    });
  });

  it('never burns more than held under concurrent claims', async () => {
    const { client, user } = await registerPlayer(s, `ch3${dialect}`);
    await giveGdao(db(), s.clock, user.id, 500n, `ch3${dialect}`);
    await client.csrf();
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/rooms/claimgdao', { amount: 60 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(8);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.message]).toEqual([422, NOT_ENOUGH_GDAO]);
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'GDAO')).toBe(20n);
    await ledgerOk();

    // Retries of one keyed claim burn once and replay the first answer.
    await giveGdao(db(), s.clock, user.id, 100n, `ch3b${dialect}`);
    const headers = { 'idempotency-key': `claim-${dialect}` };
    const keyed = await Promise.all(Array.from({ length: 4 }, () => client.post('/api/rooms/claimgdao', { amount: 100 }, { headers })));
    for (const a of keyed) expect([a.status, a.body.data]).toEqual([200, { burned: '100', received: '0.99000000' }]);
    expect(keyed.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'GDAO')).toBe(20n);
    await ledgerOk();
  });

  it('refuses when the chest is locked or cannot pay, and while the round is locked', async () => {
    const { client, user } = await registerPlayer(s, `ch2${dialect}`);
    await giveGdao(db(), s.clock, user.id, 100n, `ch2${dialect}`);
    expect((await admin('chest', 'lock')).summary).toBe('gDAO chest locked');
    const before = await snapshot();
    const locked = await client.post('/api/rooms/claimgdao', { amount: 10 });
    expect([locked.status, locked.body.message]).toEqual([422, SUPPLY_LOCKED]);
    expect(gameSchema.parse((await client.get('/api/game')).body.data).chest_locked).toBe(true);
    await admin('chest', 'unlock');

    // Empty the chest but 0.5 ANGLS: 100 gDAO would need 1 ANGLS.
    const left = await balanceOf(db(), s.clock, { system: 'gdao_chest' }, 'ANGLS');
    await createLedger(db(), s.clock).run(async (tx) => {
      await transfer(tx, {
        id: `test-drain-chest:${dialect}`,
        debit: await systemAccount(tx, 'gdao_chest', 'ANGLS'),
        credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
        amount: left - ANGLS / 2n,
        code: 'test',
      });
    });
    const mid = await snapshot();
    expect((await client.post('/api/rooms/claimgdao', { amount: 100 })).body.message).toBe(NOT_ENOUGH_SUPPLY);
    expect(await snapshot()).toEqual(mid);
    expect((await client.post('/api/rooms/claimgdao', { amount: 50 })).status).toBe(200);
    await ledgerOk();
    expect(before.transfers).toBeLessThan((await snapshot()).transfers as number);

    s.clock.advance(600_000);
    const end = await snapshot();
    expect((await client.post('/api/rooms/claimgdao', { amount: 1 })).body.message).toBe(ROUND_LOCKED);
    expect(await snapshot()).toEqual(end);
    await settleAllRounds(db(), s.clock.now());
    await openRound(db(), s.clock, roundId++);
  });

  it('spends one Tax Commendation for a month of Patricius, extending a running title', async () => {
    const { client, user } = await registerPlayer(s, `tx1${dialect}`);
    const before = await snapshot();
    const none = await client.post('/api/rooms/tax');
    expect([none.status, none.body.message]).toEqual([422, NO_TAX_COMMENDATION]);
    expect(await snapshot()).toEqual(before);

    await giveItem(db(), s.clock, user.id, 7, 2n, `tx1${dialect}`);
    const now = s.clock.now();
    const first = await client.post('/api/rooms/tax');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ patricius: wireTime(addMonths(now, 1)) });
    const second = await client.post('/api/rooms/tax');
    expect(second.body.data).toEqual({ patricius: wireTime(addMonths(addMonths(now, 1), 1)) });
    expect(await balanceOf(db(), s.clock, { player: user.id }, 'item:7')).toBe(0n);
    expect(await balanceOf(db(), s.clock, { system: 'consumed' }, 'item:7')).toBe(2n);
    expect((await client.get('/api/user')).body.patricius).toBe(second.body.data.patricius);
    expect((await client.post('/api/rooms/tax')).body.message).toBe(NO_TAX_COMMENDATION);
    await ledgerOk();
  });

  it('grants, extends and revokes Senator by the operator command', async () => {
    const { client, user } = await registerPlayer(s, `sn1${dialect}`);
    const now = s.clock.now();
    const granted = await admin('senator', String(user.id), '2');
    expect(granted.auditId).toBeGreaterThan(0);
    expect(granted.details).toMatchObject({ user_id: user.id, before: null, after: wireTime(addMonths(now, 2)), actor: 'test-operator' });
    expect((await client.get('/api/user')).body.senator).toBe(wireTime(addMonths(now, 2)));
    await admin('senator', user.name);
    expect((await client.get('/api/user')).body.senator).toBe(wireTime(addMonths(addMonths(now, 2), 1)));
    await admin('senator', user.name, 'revoke');
    expect((await client.get('/api/user')).body.senator).toBeNull();
    await expect(admin('senator', 'nobody-here')).rejects.toThrow(/no user/);
    await expect(admin('senator', user.name, '0')).rejects.toThrow(/usage/);
  });
});
