/**
 * Referral rewards on both databases: paid once per invited player when the e-mail is confirmed AND a
 * first paid egg is owned, whichever comes last (through the real confirmation and purchase routes), never
 * for the free egg alone, exactly once under concurrent triggers; `ref_tokens` shows them; ledger clean.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { confirmEmail, fundAngls } from '../../support/gameFixtures';
import type { Ledger } from '../../../src/server/ledger/index';
import { REFERRAL_REWARD_GDAO } from '../../../src/server/domain/gdao/gdaoConfig';
import { catchUpReferrals, rewardReferral } from '../../../src/server/domain/gdao/referralReward';
import { balanceOf, startGdaoServer, verifyTokenOf } from './support';

const ANGLS = 100_000_000n;

describe.each(dialectsFor(inject('pgAdminUrl')))('referral rewards on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startGdaoServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());

  const db = () => s.testDb.db;
  const gdao = (id: number) => balanceOf(db(), s.clock, { player: id }, 'GDAO');
  const rewards = async (invited: number) =>
    (await db().kysely.selectFrom('referral_rewards').selectAll().where('invited_id', '=', invited).execute()).length;
  const refTokens = async (client: ReturnType<TestServer['client']>) => (await client.get('/api/user')).body.ref_tokens as number;

  /** A referrer and a player invited by them. */
  async function pair(tag: string) {
    const referrer = await registerPlayer(s, `${tag}r${dialect}`);
    const invited = await registerPlayer(s, `${tag}i${dialect}`, { ref_code: referrer.user.ref_code });
    expect(invited.user.id).not.toBe(referrer.user.id);
    const row = await db().kysely.selectFrom('users').select('referrer_id').where('id', '=', invited.user.id).executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(referrer.user.id);
    return { referrer, invited };
  }

  it('egg first, then the e-mail confirmation pays both once', async () => {
    const { referrer, invited } = await pair('a');
    await fundAngls(db(), s.clock, invited.user.id, 200n * ANGLS, `ref-a${dialect}`);
    expect((await invited.client.post('/api/oogle/buy', { type: 'egg1' })).status).toBe(200);
    expect(await rewards(invited.user.id)).toBe(0);
    await ledgerOk();
    const token = await verifyTokenOf(s, invited.form.email as string);
    expect((await s.client().post(`/api/register/verify/${token}`)).status).toBe(200);
    expect(await rewards(invited.user.id)).toBe(1);
    expect(await gdao(invited.user.id)).toBe(REFERRAL_REWARD_GDAO);
    expect(await gdao(referrer.user.id)).toBe(REFERRAL_REWARD_GDAO);
    expect(await refTokens(referrer.client)).toBe(Number(REFERRAL_REWARD_GDAO));
    await ledgerOk();
    // Nothing more from a second egg or a catch-up pass.
    await fundAngls(db(), s.clock, invited.user.id, 200n * ANGLS, `ref-a2${dialect}`);
    await db().kysely.updateTable('users').set({ level: 2 }).where('id', '=', invited.user.id).execute();
    expect((await invited.client.post('/api/oogle/buy', { type: 'egg1' })).status).toBe(200);
    await catchUpReferrals(ledger);
    expect(await gdao(referrer.user.id)).toBe(REFERRAL_REWARD_GDAO);
    await ledgerOk();
  });

  it('confirmation first, then the bought egg pays; the free egg alone never does', async () => {
    const { referrer, invited } = await pair('b');
    await confirmEmail(db(), invited.user.id);
    expect((await invited.client.post('/api/oogle/free')).status).toBe(200);
    await catchUpReferrals(ledger);
    expect(await rewards(invited.user.id)).toBe(0);
    await db().kysely.updateTable('users').set({ level: 2 }).where('id', '=', invited.user.id).execute();
    await fundAngls(db(), s.clock, invited.user.id, 200n * ANGLS, `ref-b${dialect}`);
    expect((await invited.client.post('/api/oogle/buy', { type: 'egg1' })).status).toBe(200);
    expect(await gdao(invited.user.id)).toBe(REFERRAL_REWARD_GDAO);
    expect(await gdao(referrer.user.id)).toBe(REFERRAL_REWARD_GDAO);
    expect(await refTokens(invited.client)).toBe(Number(REFERRAL_REWARD_GDAO));
    await ledgerOk();
  });

  it('an egg bought in the shop pays a due reward in its own commit', async () => {
    const { referrer, invited } = await pair('s');
    await confirmEmail(db(), invited.user.id);
    // The shop sells to an activated wallet only; the activation itself is the wallet's tests' business.
    await db().kysely.updateTable('users').set({ start_gas: 1, start_pack: 1 }).where('id', '=', invited.user.id).execute();
    await fundAngls(db(), s.clock, invited.user.id, 200n * ANGLS, `ref-s${dialect}`);
    const eggs = (await invited.client.get('/api/shop?type=egg')).body.data as { id: number; price_ngls: string }[];
    const egg1 = eggs.find((e) => e.price_ngls === '200.00000000')!;
    const bought = await invited.client.post('/api/shop/buy', { shop_item_id: egg1.id });
    expect(bought.status).toBe(200);
    expect(await rewards(invited.user.id)).toBe(1);
    expect(await gdao(invited.user.id)).toBe(REFERRAL_REWARD_GDAO);
    expect(await gdao(referrer.user.id)).toBe(REFERRAL_REWARD_GDAO);
    await ledgerOk();
  });

  it('pays exactly once when the two facts arrive concurrently and triggers race', async () => {
    for (let round = 0; round < 3; round++) {
      const { referrer, invited } = await pair(`c${round}`);
      await fundAngls(db(), s.clock, invited.user.id, 200n * ANGLS, `ref-c${round}${dialect}`);
      const token = await verifyTokenOf(s, invited.form.email as string);
      await invited.client.csrf();
      const reserve = await balanceOf(db(), s.clock, { system: 'gdao_reserve' }, 'GDAO');
      // The confirmation and the purchase at once, plus direct triggers and a catch-up pass racing them.
      const [confirm, buy] = await Promise.all([
        s.client().post(`/api/register/verify/${token}`),
        invited.client.post('/api/oogle/buy', { type: 'egg1' }),
        rewardReferral(ledger, invited.user.id),
        rewardReferral(ledger, invited.user.id),
      ]);
      expect([confirm.status, buy.status]).toEqual([200, 200]);
      await Promise.all([rewardReferral(ledger, invited.user.id), rewardReferral(ledger, invited.user.id), catchUpReferrals(ledger)]);
      expect(await rewards(invited.user.id)).toBe(1);
      expect(await gdao(invited.user.id)).toBe(REFERRAL_REWARD_GDAO);
      expect(await gdao(referrer.user.id)).toBe(REFERRAL_REWARD_GDAO);
      expect(await balanceOf(db(), s.clock, { system: 'gdao_reserve' }, 'GDAO')).toBe(reserve - 2n * REFERRAL_REWARD_GDAO);
      await ledgerOk();
    }
  });
});
