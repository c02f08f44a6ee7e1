/**
 * `GET|POST /api/wallet/exchange` on both databases: the rates and pools, mint/melt/swap with exact
 * figures, each fee in the mining pool of its currency, the weekly melt allowance (`withdraws`), pool
 * limits, the spec's refusal texts with nothing changed, concurrency, and `checkLedger` after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { ServerMessage } from '../../../src/shared/api/socket';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import type { Ledger } from '../../../src/server/ledger/index';
import { createTransaction } from '../../../src/server/domain/transactions/index';
import {
  INSUFFICIENT,
  INVOKE_MASTERSHIP,
  POOL_LIMIT,
  SPECIFY_AMOUNT,
  UNKNOWN_CURRENCY,
  UNSUPPORTED_PAIR,
  WEEKLY_LIMIT_EXCEEDED,
} from '../../../src/server/domain/wallet/walletTexts';
import {
  drainSystem,
  fundPlayer,
  playerBalance,
  setFlags,
  startWalletServer,
  systemBalance,
  walletSnapshot,
} from './support/walletFixtures';

const ANGLS = 100_000_000n;
const USDC = 1_000_000n;
const BNB = 1_000_000_000n;
const WEEK = 7 * 24 * 60 * 60 * 1000;

describe.each(dialectsFor(inject('pgAdminUrl')))('exchange on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startWalletServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());
  afterEach(async () => ledgerOk());

  /** A registered, activated player at `level`. */
  async function player(tag: string, level = 1) {
    const p = await registerPlayer(s, tag);
    await setFlags(s, p.user.id, { start_gas: 1, start_pack: 1, level });
    await p.client.csrf();
    return p;
  }
  const trade = (
    client: ReturnType<TestServer['client']>,
    from: string,
    to: string,
    amount: unknown,
    headers: Record<string, string> = {},
  ) => client.post('/api/wallet/exchange', { from_currency: from, to_currency: to, amount }, { headers });
  const amountRefusal = (text: string) => ({ success: false, message: `${text}.`, errors: { amount: [`${text}.`] } });

  it('answers the rates and the pools behind them, logged in only', async () => {
    expect((await s.client().get('/api/wallet/exchange')).status).toBe(401);
    const { client } = await registerPlayer(s, 'rates1');
    const res = await client.get('/api/wallet/exchange');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        nglsPrice: 0.1,
        nglsSPrice: 0.09,
        nglsFee: 0.01,
        bnbPrice: 600,
        bnbFee: 0.005,
        exchangePoolNgls: '10000000.00000000',
        exchangePoolBnb: '100.000000000',
        exchangePoolBusdNgls: '100000.000000',
        exchangePoolBusdBnb: '100000.000000',
      },
    });
  });

  it('refuses every trade of a player without both activation flags, changing nothing', async () => {
    const { client, user } = await registerPlayer(s, 'inactive1');
    await fundPlayer(ledger, user.id, 'USDC', 10n * USDC);
    await client.csrf();
    for (const flags of [
      { start_gas: 0, start_pack: 0 },
      { start_gas: 1, start_pack: 0 },
      { start_gas: 0, start_pack: 1 },
    ]) {
      await setFlags(s, user.id, flags);
      const before = await walletSnapshot(s);
      const res = await trade(client, 'busd', 'ngls', '10');
      expect([res.status, res.body]).toEqual([403, { success: false, message: INVOKE_MASTERSHIP }]);
      expect(await walletSnapshot(s)).toEqual(before);
    }
  });

  it('mints 10 USDC into 103.95 ANGLS: the USDC to the reserve, the 1 ANGLS fee to the mining pool', async () => {
    const { client, user } = await player('mint1');
    await fundPlayer(ledger, user.id, 'USDC', 10n * USDC);
    const reserveUsdc = await systemBalance(ledger, 'gscb_reserve', 'USDC');
    const reserveAngls = await systemBalance(ledger, 'gscb_reserve', 'ANGLS');
    const mining = await systemBalance(ledger, 'mining_pool', 'ANGLS');
    const res = await trade(client, 'busd', 'ngls', '10');
    expect(res.status).toBe(200);
    expect(res.body.data.transaction).toMatchObject({ type: 'exchange', status: 'success', message: null });
    expect(res.body.data.result).toEqual({
      from_currency: 'busd',
      to_currency: 'ngls',
      amount: '10.000000',
      received: '103.95000000',
      fee: '1.00000000',
      fee_currency: 'ngls',
      bonus: '4.95000000',
    });
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(0n);
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(10_395_000_000n);
    expect(await systemBalance(ledger, 'gscb_reserve', 'USDC')).toBe(reserveUsdc + 10n * USDC);
    expect(await systemBalance(ledger, 'gscb_reserve', 'ANGLS')).toBe(reserveAngls - 10_395_000_000n - ANGLS);
    expect(await systemBalance(ledger, 'mining_pool', 'ANGLS')).toBe(mining + ANGLS);
    const row = await s.testDb.db.kysely
      .selectFrom('transactions')
      .select(['status', 'kind'])
      .where('id', '=', res.body.data.transaction.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'success', kind: 'exchange' });
    const rates = (await client.get('/api/wallet/exchange')).body.data;
    expect(rates.exchangePoolBusdNgls).toBe('100010.000000');
  });

  it('tells the owner\u2019s socket about the trade, once, and not about a replay', async () => {
    const { client, user } = await player('sock1');
    await fundPlayer(ledger, user.id, 'USDC', 2n * USDC);
    const received: ServerMessage[] = [];
    const socket = connect(s.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: client.cookieHeader() } });
    try {
      socket.on('message', (m: ServerMessage) => received.push(m));
      socket.send({ method: 'sync', token: user.ws_auth_token });
      await expect.poll(() => received.some((m) => m.event === 'subscribe' && m.success === true)).toBe(true);
      const headers = { 'idempotency-key': 'sock-1' };
      const res = await trade(client, 'busd', 'ngls', '1', headers);
      const id = res.body.data.transaction.id as string;
      await expect
        .poll(() => received.find((m) => m.event === 'transaction_update' && m.id === id))
        .toMatchObject({ type: 'exchange', status: 'success', message: null });
      expect((await trade(client, 'busd', 'ngls', '1', headers)).headers.get('idempotent-replayed')).toBe('true');
      await new Promise((r) => setTimeout(r, 100));
      expect(received.filter((m) => m.event === 'transaction_update')).toHaveLength(1);
      expect(await playerBalance(ledger, user.id, 'USDC')).toBe(USDC);
    } finally {
      socket.close();
    }
  });

  it('swaps USDC ↔ BNB at 600 with the 0.5 % fee in the paid currency to its mining pool', async () => {
    const { client, user } = await player('swap1');
    await fundPlayer(ledger, user.id, 'USDC', 600n * USDC);
    const poolBnb = await systemBalance(ledger, 'exchange_pool', 'BNB');
    const poolUsdc = await systemBalance(ledger, 'exchange_pool', 'USDC');
    const miningUsdc = await systemBalance(ledger, 'mining_pool', 'USDC');
    const miningBnb = await systemBalance(ledger, 'mining_pool', 'BNB');
    const toBnb = await trade(client, 'busd', 'bnb', '600');
    expect(toBnb.status).toBe(200);
    expect(toBnb.body.data.result).toMatchObject({ received: '0.995000000', fee: '3.000000', fee_currency: 'busd' });
    expect(await playerBalance(ledger, user.id, 'BNB')).toBe(995_000_000n);
    expect(await systemBalance(ledger, 'exchange_pool', 'USDC')).toBe(poolUsdc + 597n * USDC);
    expect(await systemBalance(ledger, 'mining_pool', 'USDC')).toBe(miningUsdc + 3n * USDC);

    const back = await trade(client, 'bnb', 'busd', '0.995');
    expect(back.status).toBe(200);
    // 0.995 BNB − 0.004975 fee = 0.990025 BNB × 600 = 594.015 USDC.
    expect(back.body.data.result).toMatchObject({ received: '594.015000', fee: '0.004975000', fee_currency: 'bnb' });
    expect(await playerBalance(ledger, user.id, 'BNB')).toBe(0n);
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(594_015_000n);
    expect(await systemBalance(ledger, 'exchange_pool', 'BNB')).toBe(poolBnb - 995_000_000n + 990_025_000n);
    expect(await systemBalance(ledger, 'mining_pool', 'BNB')).toBe(miningBnb + 4_975_000n);
  });

  it('melts within the weekly allowance of the level; withdraws shows what is left; a new week restores it', async () => {
    const { client, user } = await player('melt1', 1);
    await fundPlayer(ledger, user.id, 'ANGLS', 150n * ANGLS);
    expect((await client.get('/api/auth/status')).body.data.withdraws).toBe('100.00000000');
    const mining = await systemBalance(ledger, 'mining_pool', 'ANGLS');
    const first = await trade(client, 'ngls', 'busd', '60');
    expect(first.status).toBe(200);
    // 60 − 0.6 fee = 59.4 ANGLS × 0.09 = 5.346 USDC.
    expect(first.body.data.result).toMatchObject({ received: '5.346000', fee: '0.60000000', fee_currency: 'ngls' });
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(5_346_000n);
    expect(await systemBalance(ledger, 'mining_pool', 'ANGLS')).toBe(mining + 60_000_000n);
    expect((await client.get('/api/auth/status')).body.data.withdraws).toBe('40.00000000');

    const before = await walletSnapshot(s);
    const over = await trade(client, 'ngls', 'busd', '40.00000001');
    expect([over.status, over.body]).toEqual([422, amountRefusal(WEEKLY_LIMIT_EXCEEDED)]);
    expect(await walletSnapshot(s)).toEqual(before);
    expect((await trade(client, 'ngls', 'busd', '40')).status).toBe(200);
    expect((await client.get('/api/auth/status')).body.data.withdraws).toBe('0.00000000');
    expect((await trade(client, 'ngls', 'busd', '1')).body.message).toBe(`${WEEKLY_LIMIT_EXCEEDED}.`);

    s.clock.advance(WEEK);
    expect((await client.get('/api/auth/status')).body.data.withdraws).toBe('100.00000000');
    expect((await trade(client, 'ngls', 'busd', '50')).status).toBe(200);
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(0n);

    const egg = await player('melt2', 0);
    await fundPlayer(ledger, egg.user.id, 'ANGLS', 10n * ANGLS);
    expect((await egg.client.get('/api/auth/status')).body.data.withdraws).toBe('0.00000000');
    expect((await trade(egg.client, 'ngls', 'busd', '1')).body).toEqual(amountRefusal(WEEKLY_LIMIT_EXCEEDED));
  });

  it('refuses bad input and short balances with the spec texts, changing nothing', async () => {
    const { client, user } = await player('bad1', 4);
    await fundPlayer(ledger, user.id, 'USDC', 5n * USDC);
    const before = await walletSnapshot(s);
    const cases: [string, string, unknown, unknown][] = [
      ['busd', 'ngls', '5.000001', amountRefusal(INSUFFICIENT.busd)],
      ['ngls', 'busd', '1', amountRefusal(INSUFFICIENT.ngls)],
      ['bnb', 'busd', '0.1', amountRefusal(INSUFFICIENT.bnb)],
      ['busd', 'ngls', '0', amountRefusal(SPECIFY_AMOUNT)],
      ['busd', 'ngls', 'abc', amountRefusal(SPECIFY_AMOUNT)],
      ['busd', 'ngls', '-1', amountRefusal(SPECIFY_AMOUNT)],
      // Read by the shared rule the client checks with: nothing is stripped or cut into another amount.
      ['busd', 'ngls', '1abc', amountRefusal(SPECIFY_AMOUNT)],
      ['busd', 'ngls', '1.2.3', amountRefusal(SPECIFY_AMOUNT)],
      ['busd', 'ngls', '1.0000001', amountRefusal(SPECIFY_AMOUNT)],
      ['busd', 'ngls', '1e1', amountRefusal(SPECIFY_AMOUNT)],
      ['busd', 'bnb', '0.000001', amountRefusal(SPECIFY_AMOUNT)],
      ['ngls', 'bnb', '1', { success: false, message: UNSUPPORTED_PAIR, errors: { to_currency: [UNSUPPORTED_PAIR] } }],
      ['usd', 'ngls', '1', { success: false, message: UNKNOWN_CURRENCY, errors: { from_currency: [UNKNOWN_CURRENCY] } }],
    ];
    for (const [from, to, amount, body] of cases) {
      const res = await trade(client, from, to, amount);
      expect([from, to, amount, res.status, res.body]).toEqual([from, to, amount, 422, body]);
    }
    expect((await client.post('/api/wallet/exchange', {})).status).toBe(422);
    expect((await s.client().post('/api/wallet/exchange', { from_currency: 'busd', to_currency: 'ngls', amount: '1' })).status).toBe(401);
    expect(await walletSnapshot(s)).toEqual(before);
  });

  it('reads a JSON number amount by its shortest spelling: 0.3 ANGLS melts exactly 0.3, a comma is a point', async () => {
    const { client, user } = await player('num1', 4);
    await fundPlayer(ledger, user.id, 'ANGLS', ANGLS);
    const res = await trade(client, 'ngls', 'busd', 0.3);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ amount: '0.30000000', received: '0.026730' });
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(70_000_000n);
    const comma = await trade(client, 'ngls', 'busd', '0,2');
    expect(comma.body.data.result).toMatchObject({ amount: '0.20000000' });
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(50_000_000n);
  });

  it('refuses a trade its pool cannot pay ("… pool limit reached"), changing nothing', async () => {
    const { client, user } = await player('pool1');
    const poolBnb = await systemBalance(ledger, 'exchange_pool', 'BNB');
    await drainSystem(ledger, 'exchange_pool', 'BNB', poolBnb - BNB);
    await fundPlayer(ledger, user.id, 'USDC', 1_000n * USDC);
    const before = await walletSnapshot(s);
    const res = await trade(client, 'busd', 'bnb', '1000');
    expect([res.status, res.body]).toEqual([422, { success: false, message: POOL_LIMIT.bnb }]);
    expect(await walletSnapshot(s)).toEqual(before);
    // 603.015… USDC buys exactly what is left (1 BNB).
    expect((await trade(client, 'busd', 'bnb', '603.015076')).status).toBe(200);
    expect(await systemBalance(ledger, 'exchange_pool', 'BNB')).toBe(0n);
    expect((await client.get('/api/wallet/exchange')).body.data.exchangePoolBnb).toBe('0.000000000');
    await drainSystem(ledger, 'exchange_pool', 'BNB', poolBnb, true);
  });

  it('refuses mints and melts their pool cannot pay, fee included, changing nothing', async () => {
    const { client, user } = await player('pool2', 4);
    await fundPlayer(ledger, user.id, 'USDC', 100n * USDC);
    await fundPlayer(ledger, user.id, 'ANGLS', 100n * ANGLS);
    const angls = await systemBalance(ledger, 'gscb_reserve', 'ANGLS');
    const usdc = await systemBalance(ledger, 'gscb_reserve', 'USDC');
    // A 10 USDC mint needs 103.95 ANGLS for the player and 1 for the fee: leave one unit less.
    await drainSystem(ledger, 'gscb_reserve', 'ANGLS', angls - 10_495_000_000n + 1n);
    await drainSystem(ledger, 'gscb_reserve', 'USDC', usdc - 8_910_000n + 1n);
    const before = await walletSnapshot(s);
    const mint = await trade(client, 'busd', 'ngls', '10');
    expect([mint.status, mint.body]).toEqual([422, { success: false, message: POOL_LIMIT.ngls }]);
    const melt = await trade(client, 'ngls', 'busd', '100');
    expect([melt.status, melt.body]).toEqual([422, { success: false, message: POOL_LIMIT.busd }]);
    expect(await walletSnapshot(s)).toEqual(before);
    await drainSystem(ledger, 'gscb_reserve', 'ANGLS', 1n, true);
    await drainSystem(ledger, 'gscb_reserve', 'USDC', 1n, true);
    expect((await trade(client, 'busd', 'ngls', '10')).status).toBe(200);
    expect((await trade(client, 'ngls', 'busd', '100')).status).toBe(200);
    expect(await systemBalance(ledger, 'gscb_reserve', 'ANGLS')).toBe(100n * ANGLS - ANGLS);
    await drainSystem(ledger, 'gscb_reserve', 'ANGLS', angls, true);
    await drainSystem(ledger, 'gscb_reserve', 'USDC', usdc, true);
  });

  it('moves the money once for one Idempotency-Key, and no more than the balance under a burst', async () => {
    const { client, user } = await player('race1');
    await fundPlayer(ledger, user.id, 'USDC', 30n * USDC);
    const headers = { 'idempotency-key': 'mint-once' };
    const twins = await Promise.all(Array.from({ length: 8 }, () => trade(client, 'busd', 'ngls', '10', headers)));
    for (const t of twins) expect(t.status).toBe(200);
    expect(new Set(twins.map((t) => t.body.data.transaction.id)).size).toBe(1);
    expect(twins.filter((t) => t.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(20n * USDC);

    const burst = await Promise.all(Array.from({ length: 6 }, () => trade(client, 'busd', 'ngls', '7')));
    expect(burst.filter((b) => b.status === 200)).toHaveLength(2);
    for (const b of burst.filter((x) => x.status !== 200)) expect([b.status, b.body]).toEqual([422, amountRefusal(INSUFFICIENT.busd)]);
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(6n * USDC);
    // 7 USDC: 70 ANGLS − 0.7 fee = 69.3, + 5 % = 72.765 ANGLS.
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(10_395_000_000n + 2n * 7_276_500_000n);
  });

  it('applies an exchange transaction once when its commits race, and fails a refused one with the spec text', async () => {
    const { client, user } = await player('race3');
    await fundPlayer(ledger, user.id, 'USDC', 10n * USDC);
    const precalc = (amount: bigint) =>
      ledger.run((tx) => createTransaction(tx, { userId: user.id, kind: 'exchange', payload: { from: 'busd', to: 'ngls', amount } }));
    const tx = await precalc(10n * USDC);
    const commits = await Promise.all(Array.from({ length: 12 }, () => client.post(`/api/transactions/${tx.id}/commit`)));
    for (const c of commits) expect(c.status).toBe(200);
    expect(commits.filter((c) => c.headers.get('idempotent-replayed') === 'true')).toHaveLength(11);
    expect(commits[0]!.body.data.result).toMatchObject({ received: '103.95000000' });
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(0n);
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(10_395_000_000n);

    const poor = await precalc(USDC);
    const before = await walletSnapshot(s);
    const refused = await client.post(`/api/transactions/${poor.id}/commit`);
    expect([refused.status, refused.body]).toEqual([422, { success: false, message: `${INSUFFICIENT.busd}.` }]);
    const after = await walletSnapshot(s);
    expect(after.balances).toEqual(before.balances);
    expect(after.transfers).toBe(before.transfers);
  });

  it('never melts past the allowance under concurrent melts', async () => {
    const { client, user } = await player('race2', 1);
    await fundPlayer(ledger, user.id, 'ANGLS', 1_000n * ANGLS);
    const burst = await Promise.all(Array.from({ length: 6 }, () => trade(client, 'ngls', 'busd', '30')));
    expect(burst.filter((b) => b.status === 200)).toHaveLength(3);
    for (const b of burst.filter((x) => x.status !== 200)) expect([b.status, b.body]).toEqual([422, amountRefusal(WEEKLY_LIMIT_EXCEEDED)]);
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(910n * ANGLS);
    expect((await client.get('/api/auth/status')).body.data.withdraws).toBe('10.00000000');
  });
});
