/**
 * The attack script of issue #32 on both databases, with withdrawal safety's real defaults (24 h
 * cooling-off, one faucet gift an hour) and a 10-minute hold before signing: each hole is tried and the
 * test passes only when it is shut. Burn and platform addresses, the cooling-off of new addresses, a
 * contract destination flagged for the confirm step, the daily limit, the withdrawal mail's freeze link
 * stopping a queued withdrawal (nothing lost: ledger check and reconcile clean), the faucet's pace and
 * origin, every GET route walked by a cross-site navigation changing nothing, chat stored as the same
 * well-formed text on both databases, and the losers of a double spend reading the spec's text. Time passing is simulated by ageing the stored times (advancing the
 * manual clock by a day would fire the chain watcher's timers 1440 times).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { deployReverter, receipt, startChainServer, type ChainServer, type TestChain } from '../../support/chain';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { createLedger, type Ledger } from '../../../src/server/ledger/index';
import { reconcile } from '../../../src/server/chain/reconcile';
import { loadConfig } from '../../../src/server/config';
import { parseDailyLimits } from '../../../src/server/domain/wallet/withdrawalSafetyConfig';
import { canUseAddress } from '../../../src/server/domain/wallet/addressBook';
import {
  BURN_ADDRESS_REFUSED,
  PLATFORM_ADDRESS_REFUSED,
  SAFETY_LINK_INVALID,
  WITHDRAWAL_FROZEN_STOPPED,
  WITHDRAWALS_FROZEN,
} from '../../../src/server/domain/wallet/walletTexts';
import { dbSnapshot } from './support/dbSnapshot';
import { makePresent } from '../world/support';
import { roomChatRoutes } from '../../../src/server/http/routes/roomChatRoutes';
import { sql } from 'kysely';

const HOUR = 3600_000;
const SAFETY = {
  ...loadConfig({}).withdrawals,
  holdMs: 10 * 60_000,
  dailyLimits: parseDailyLimits('1:busd=15,bnb=0.05,ngls=100;2:busd=1000,bnb=2,ngls=10000'),
};

describe.each(dialectsFor(inject('pgAdminUrl')))('attack script on %s', (dialect) => {
  let up: ChainServer | undefined;
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let ledger: Ledger;
  let contract: Address;
  beforeAll(async () => {
    up = await startChainServer(dialect, inject('pgAdminUrl'), (gateway) => [roomChatRoutes(gateway.deposits)], { withdrawals: SAFETY });
    ({ chain, mod, server: s } = up);
    ledger = createLedger(s.testDb.db, s.clock);
    contract = await deployReverter(chain);
  });
  afterAll(async () => {
    await up?.close();
  });

  const k = () => s.testDb.db.kysely;
  const ledgerOk = async () => expect((await ledger.check()).violations).toEqual([]);
  const busd = async (userId: number) => (await s.ctx.balances(userId)).busd;
  type Client = ReturnType<TestServer['client']>;
  const send = (c: Client, body: Record<string, unknown>) => c.post('/api/wallet/send', body);
  const commit = (c: Client, id: string) => c.post(`/api/transactions/${id}/commit`, {});
  /** Lets the cooling-off of every address in the book pass. */
  const coolOff = () =>
    k()
      .updateTable('withdrawal_addresses')
      .set({ usable_at: s.clock.now() - 1 })
      .execute();

  async function funded(tag: string) {
    const p = await registerPlayer(s, tag);
    const coin = await p.client.get('/api/test-coin');
    expect(coin.status).toBe(200);
    for (const h of [coin.body.data.bnb_tx, coin.body.data.usdc_tx]) await receipt(chain, h);
    await chain.mine(2);
    await mod.scanNow();
    await k().updateTable('users').set({ start_gas: 1, start_pack: 1 }).where('id', '=', p.user.id).execute();
    const address = (await p.client.get('/api/wallet')).body.data.address as Address;
    return { ...p, address };
  }

  it('refuses burn addresses and the platform\u2019s own contracts and wallet, storing and moving nothing', async () => {
    const p = await funded('burn');
    const usdc = chain.gateway.tokens.find((t) => t.asset === 'USDC')!.address;
    const angls = chain.gateway.tokens.find((t) => t.asset === 'ANGLS')!.address;
    const cases: [string, string][] = [
      ['0x0000000000000000000000000000000000000000', BURN_ADDRESS_REFUSED],
      ['0xffffffffffffffffffffffffffffffffffffffff', BURN_ADDRESS_REFUSED],
      ['0x000000000000000000000000000000000000dEaD', BURN_ADDRESS_REFUSED],
      ['0x0000000000000000000000000000000000000001', BURN_ADDRESS_REFUSED],
      [usdc, PLATFORM_ADDRESS_REFUSED],
      [angls.toLowerCase(), PLATFORM_ADDRESS_REFUSED],
      [chain.gateway.signer!.hotWallet, PLATFORM_ADDRESS_REFUSED],
    ];
    for (const [to, message] of cases) {
      const res = await send(p.client, { to_address: to, amount: '1', currency: 'busd' });
      expect([to, res.status, res.body]).toEqual([to, 422, { success: false, message, errors: { to_address: [message] } }]);
    }
    expect(await k().selectFrom('transactions').select('id').where('user_id', '=', p.user.id).execute()).toEqual([]);
    expect(await k().selectFrom('withdrawal_addresses').select('address').where('user_id', '=', p.user.id).execute()).toEqual([]);
    expect(await busd(p.user.id)).toBe(100_000_000n);
  });

  it('lets a new address receive only after its cooling-off (or at once with the second factor), and flags a contract', async () => {
    const p = await funded('cool');
    const first = await send(p.client, { to_address: contract, amount: '1', currency: 'busd' });
    expect(first.status).toBe(422);
    expect(first.body.errors.to_address[0]).toMatch(
      /^For your safety a new address can receive withdrawals from \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    const row = await k().selectFrom('withdrawal_addresses').select('usable_at').where('user_id', '=', p.user.id).executeTakeFirstOrThrow();
    expect(row.usable_at).toBe(s.clock.now() + 24 * HOUR);
    expect((await send(p.client, { to_address: contract, amount: '1', currency: 'busd' })).status).toBe(422);
    await coolOff();
    const later = await send(p.client, { to_address: contract, amount: '1', currency: 'busd' });
    expect(later.status).toBe(200);
    expect(later.body.data.precalcData).toMatchObject({ destination: 'chain', address_has_code: true });
    // The waiver, as the second factor's route will call it: a new address is usable at once.
    const fresh = getAddress('0x00000000000000000000000000000000000a11ce');
    const opts = { coolingOffMs: SAFETY.coolingOffMs };
    expect(await canUseAddress(k(), p.user.id, fresh, s.clock.now(), { ...opts, factorVerified: false })).toEqual({
      ok: false,
      usableAt: s.clock.now() + 24 * HOUR,
    });
    expect(await canUseAddress(k(), p.user.id, fresh, s.clock.now(), { ...opts, factorVerified: true })).toEqual({ ok: true });
    const plain = await send(p.client, { to_address: fresh, amount: '1', currency: 'busd' });
    expect([plain.status, plain.body.data.precalcData.address_has_code]).toEqual([200, false]);
  });

  it('mails every withdrawal; its freeze link stops the queued withdrawal, refunds it, and blocks new ones until unfrozen by mail', async () => {
    const p = await funded('frz');
    const to = getAddress('0x0000000000000000000000000000000000f00d01');
    expect((await send(p.client, { to_address: to, amount: '10', currency: 'busd' })).status).toBe(422);
    await coolOff();
    // The daily limit of level 1 (15 USDC here): 10 now, and not 10 more.
    const pre = await send(p.client, { to_address: to, amount: '10', currency: 'busd' });
    const id = pre.body.data.transaction.id as string;
    expect((await commit(p.client, id)).body.data.transaction.status).toBe('pending');
    const over = await send(p.client, { to_address: to, amount: '10', currency: 'busd' });
    expect([over.status, over.body.message]).toEqual([
      422,
      'Daily withdrawal limit reached: at your level up to 15 USDC may leave the platform in 24 hours.',
    ]);
    expect(await busd(p.user.id)).toBe(89_500_000n);

    // The queue mails it and holds it.
    expect((await mod.withdrawNow())!.signed).toBe(0);
    const mail = await s.smtp.waitFor(p.form.email as string, /withdrawal of 10 USDC/);
    expect(mail.text).toContain(to);
    const token = /https:\/\/aeon\.example\/freeze\/([A-Za-z0-9_-]+)\?ref=mail/.exec(mail.text)![1]!;
    // Opened from the mail client (another site, no session) or prefetched by a mail scanner: the link is a
    // page, and the old API link only leads there; neither changes anything.
    const crossSite = { 'sec-fetch-site': 'cross-site', 'x-requested-with': '' };
    const before = await dbSnapshot(s.testDb.db);
    const old = await s.client().get(`/api/wallet/freeze/${token}`, { headers: crossSite });
    expect([old.status, old.headers.get('location')]).toEqual([303, `/freeze/${token}`]);
    expect((await s.client().post('/api/wallet/freeze', { token }, { headers: crossSite })).status).toBe(419);
    expect(await dbSnapshot(s.testDb.db)).toEqual(before);
    // The page's button: a same-origin POST with the token in the body, without login.
    const malformed = await s.client().post('/api/wallet/freeze', { token: '../x' });
    expect([malformed.status, Object.keys(malformed.body.errors)]).toEqual([422, ['token']]);
    const wrong = await s.client().post('/api/wallet/freeze', { token: 'x'.repeat(43) });
    expect([wrong.status, wrong.body.message]).toEqual([404, SAFETY_LINK_INVALID]);
    const frozen = await s.client().post('/api/wallet/freeze', { token });
    expect([frozen.status, frozen.body.data]).toEqual([200, { frozen: true, stopped: 1 }]);
    expect(await k().selectFrom('transactions').select(['status', 'message']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'fail',
      message: WITHDRAWAL_FROZEN_STOPPED,
    });
    expect(await busd(p.user.id)).toBe(100_000_000n);
    await k()
      .updateTable('chain_withdrawals')
      .set({ created_at: s.clock.now() - HOUR })
      .execute();
    expect((await mod.withdrawNow())!.signed).toBe(0);
    const blocked = await send(p.client, { to_address: to, amount: '1', currency: 'busd' });
    expect([blocked.status, blocked.body.message]).toEqual([403, WITHDRAWALS_FROZEN]);
    await ledgerOk();
    const rows = await reconcile(s.testDb.db, chain.gateway);
    expect(rows.every((r) => r.solvent)).toBe(true);
    expect(rows.find((r) => r.asset === 'USDC')!.pendingOut).toBe(0n);

    // Unfreezing without a second factor: the mail's link, opened logged in as the player.
    const asked = await p.client.post('/api/wallet/unfreeze', {});
    expect(asked.body.data).toEqual({ frozen: true, mailed: true });
    const unfreezeMail = await s.smtp.waitFor(p.form.email as string, /unfreeze withdrawals/);
    const back = /https:\/\/aeon\.example\/unfreeze\/([A-Za-z0-9_-]+)\?ref=mail/.exec(unfreezeMail.text)![1]!;
    expect((await p.client.get(`/api/wallet/unfreeze/${back}`)).status).toBe(303);
    expect((await p.client.get('/api/wallet/freeze')).body.data).toEqual({ frozen: true });
    // The page's button, logged in as the player: the mailbox alone (no session) is not enough.
    expect((await s.client().post('/api/wallet/unfreeze', { token: back })).status).toBe(401);
    expect((await p.client.post('/api/wallet/unfreeze', { token: 'x'.repeat(43) })).status).toBe(404);
    expect((await p.client.post('/api/wallet/unfreeze', { token: back })).body.data).toEqual({ frozen: false });
    const again = await send(p.client, { to_address: to, amount: '5', currency: 'busd' });
    expect(again.status).toBe(200);
    expect((await commit(p.client, again.body.data.transaction.id)).status).toBe(200);
    await mod.withdrawNow();
    await k()
      .updateTable('chain_withdrawals')
      .set({ created_at: s.clock.now() - HOUR })
      .where('status', '=', 'queued')
      .execute();
    expect((await mod.withdrawNow())!.signed).toBe(1);
    await chain.mine(2);
    expect((await mod.withdrawNow())!.done).toEqual([again.body.data.transaction.id]);
    await ledgerOk();
  });

  it('gives one faucet gift per player per hour, to same-origin callers only', async () => {
    const p = await funded('tap');
    const gifts = async () => (await k().selectFrom('chain_deposits').select('tx_hash').where('user_id', '=', p.user.id).execute()).length;
    const head = await chain.gateway.client.getBlockNumber();
    const again = await Promise.all(Array.from({ length: 5 }, () => p.client.get('/api/test-coin')));
    expect(again.map((r) => r.status)).toEqual(Array(5).fill(429));
    const crossSite = await p.client.get('/api/test-coin', { headers: { 'sec-fetch-site': 'cross-site', 'x-requested-with': '' } });
    expect(crossSite.status).toBe(419);
    await k()
      .updateTable('faucet_gifts')
      .set({ last_at: s.clock.now() - HOUR })
      .execute();
    expect((await p.client.get('/api/test-coin', { headers: { 'sec-fetch-site': 'cross-site', 'x-requested-with': '' } })).status).toBe(
      419,
    );
    expect(await chain.gateway.client.getBlockNumber()).toBe(head);
    const next = await p.client.get('/api/test-coin');
    expect(next.status).toBe(200);
    await receipt(chain, next.body.data.usdc_tx);
    await chain.mine(2);
    await mod.scanNow();
    expect(await gifts()).toBe(4);
  });

  it('changes nothing when every GET route of the OpenAPI document is reached by a cross-site navigation', async () => {
    const p = await funded('walk');
    const doc = (await s.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path);
    for (const must of [
      '/api/test-coin',
      '/api/rooms/enter/{room}',
      '/api/rooms/leave',
      '/api/wallet/freeze/{token}',
      '/api/wallet/freeze',
    ])
      expect(gets).toContain(must);
    const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'x-requested-with': '', accept: 'text/html' };
    // The faucet would give again: its hourly pace must not be what keeps the walk from changing anything.
    await k()
      .updateTable('faucet_gifts')
      .set({ last_at: s.clock.now() - HOUR })
      .execute();
    const before = await dbSnapshot(s.testDb.db);
    for (const path of gets) {
      const url = path.replace(/\{[^}]+\}/g, (m) => (m === '{token}' ? 'x'.repeat(43) : '1'));
      await p.client.get(url, { headers: navigation });
      await p.client.request('HEAD', url, { headers: navigation });
    }
    expect(await dbSnapshot(s.testDb.db)).toEqual(before);
  });

  it('stores chat as the same well-formed text on both databases: lone surrogates as U+FFFD, zero-width and bidi characters gone', async () => {
    const p = await registerPlayer(s, 'chat');
    await makePresent(s, p.user.id, 1, 4000);
    const r = await p.client.post('/api/rooms/verse', { verse: 'Ave\uD800 Z\u200Bo\u0065\u0308\u202E!' });
    expect(r.status).toBe(200);
    const hex =
      dialect === 'postgres'
        ? sql<{ h: string }>`select encode(convert_to(content, 'UTF8'), 'hex') as h from chat_messages order by id desc limit 1`
        : sql<{ h: string }>`select lower(hex(cast(content as blob))) as h from chat_messages order by id desc limit 1`;
    expect((await hex.execute(k())).rows[0]!.h).toBe(Buffer.from('Ave\uFFFD Zo\u00EB!', 'utf8').toString('hex'));
  });

  it('answers every loser of a double spend with the spec\u2019s text', async () => {
    const a = await funded('ds-a');
    const b = await funded('ds-b');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await send(a.client, { to_address: b.address, amount: '60', currency: 'busd' })).body.data.transaction.id);
    const answers = await Promise.all(ids.map((id) => commit(a.client, id)));
    const losers = answers.filter((r) => r.status !== 200);
    expect(answers.length - losers.length).toBe(1);
    expect(new Set(losers.map((r) => `${r.status} ${r.body.message}`))).toEqual(new Set(['422 Insufficent USDC balance']));
    await ledgerOk();
  });
});
