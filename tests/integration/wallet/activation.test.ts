/**
 * Activation and the calls around it on both databases: the fee precalculation (`POST /api/wallet/withdraw`)
 * and a commit of it moving nothing, the gas deposit (`POST /api/onboarding/gas`), the starter pack list
 * (`GET /api/shop/?type=startpak`) and purchase (`POST /api/shop/buy`, once per account even under a
 * burst), then a trade of the activated player. Refusals change nothing; `checkLedger` after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { eidolAccount, getAccount, type Ledger } from '../../../src/server/ledger/index';
import {
  GAS_DEPOSIT_REQUIRED,
  INSUFFICIENT,
  INVOKE_MASTERSHIP,
  SPECIFY_ADDRESS,
  SPECIFY_AMOUNT,
  UNKNOWN_CURRENCY,
} from '../../../src/server/domain/wallet/walletTexts';
import { SHOP_ITEM_NOT_FOUND, STARTER_PACK_TAKEN, UNKNOWN_SHOP_TYPE } from '../../../src/server/domain/shop/shopTexts';
import { fundPlayer, playerBalance, setFlags, startWalletServer, systemBalance, walletSnapshot } from './support/walletFixtures';

const ANGLS = 100_000_000n;
const USDC = 1_000_000n;
const BNB = 1_000_000_000n;
const PLATFORM = '0x000000000000000000000000000000000000dEaD';

describe.each(dialectsFor(inject('pgAdminUrl')))('activation on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startWalletServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());
  afterEach(async () => ledgerOk());

  const status = async (client: ReturnType<TestServer['client']>) => (await client.get('/api/auth/status')).body.data;

  it('precalculates the gas of a platform payment (0: it is a ledger transfer) once the gas deposit is made', async () => {
    const { client, user } = await registerPlayer(s, 'pre1');
    const body = { amount: '20', currency: 'busd', to_address: PLATFORM, gas: '0' };
    const refused = await client.post('/api/wallet/withdraw', body);
    expect([refused.status, refused.body]).toEqual([403, { success: false, message: INVOKE_MASTERSHIP }]);
    await setFlags(s, user.id, { start_gas: 1 });
    const before = await walletSnapshot(s);
    const bad: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...body, to_address: '0x123' }, { to_address: [SPECIFY_ADDRESS] }],
      [{ ...body, amount: '0' }, { amount: [`${SPECIFY_AMOUNT}.`] }],
      // The shared rules the send checks with: a mixed-case address must pass EIP-55, amounts are not cut or stripped.
      [{ ...body, to_address: '0x000000000000000000000000000000000000DeAd' }, { to_address: [SPECIFY_ADDRESS] }],
      [{ ...body, amount: '20.0000001' }, { amount: [`${SPECIFY_AMOUNT}.`] }],
      [{ ...body, amount: '20 USDC' }, { amount: [`${SPECIFY_AMOUNT}.`] }],
      [{ ...body, currency: 'eur' }, { currency: [UNKNOWN_CURRENCY] }],
      [{}, { to_address: [SPECIFY_ADDRESS], currency: [UNKNOWN_CURRENCY] }],
    ];
    for (const [b, errors] of bad) {
      const res = await client.post('/api/wallet/withdraw', b);
      expect([res.status, res.body.errors]).toEqual([422, errors]);
    }
    expect(await walletSnapshot(s)).toEqual(before);

    const res = await client.post('/api/wallet/withdraw', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        transaction: { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) },
        precalcData: { fee: { bnb: '0.000000000', ngls: '0.00000000', busd: '0.000000' } },
      },
    });
    const id = res.body.data.transaction.id as string;
    const moved = await walletSnapshot(s);
    const commits = await Promise.all(Array.from({ length: 5 }, () => client.post(`/api/transactions/${id}/commit`)));
    for (const c of commits) expect(c.status).toBe(200);
    expect(commits.filter((c) => c.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(commits[0]!.body.data.transaction).toEqual({ id, type: 'fee_quote', status: 'success', message: null });
    expect((await walletSnapshot(s)).balances).toEqual(moved.balances);
  });

  it("sets start_gas only from 0.001 BNB, keeps the BNB the player's, and answers the same when repeated", async () => {
    const { client, user } = await registerPlayer(s, 'gas1');
    await client.csrf();
    expect((await s.client().post('/api/onboarding/gas')).status).toBe(401);
    const none = await client.post('/api/onboarding/gas');
    expect([none.status, none.body]).toEqual([
      422,
      { success: false, message: GAS_DEPOSIT_REQUIRED, errors: { gas: [GAS_DEPOSIT_REQUIRED] } },
    ]);
    await fundPlayer(ledger, user.id, 'BNB', BNB / 1000n - 1n);
    expect((await client.post('/api/onboarding/gas')).body.message).toBe(GAS_DEPOSIT_REQUIRED);
    expect((await status(client)).start_gas).toBe(false);
    await fundPlayer(ledger, user.id, 'BNB', 1n);
    const ok = await client.post('/api/onboarding/gas');
    expect([ok.status, ok.body]).toEqual([200, { success: true, data: { start_gas: true } }]);
    expect(await status(client)).toMatchObject({ start_gas: true, start_pack: false, balance_bnb: '0.001000000' });
    expect((await client.post('/api/onboarding/gas')).status).toBe(200);
    expect(await playerBalance(ledger, user.id, 'BNB')).toBe(BNB / 1000n);
  });

  it('lists the starter packs at both paths in the shop item shape', async () => {
    const { client } = await registerPlayer(s, 'list1');
    expect((await s.client().get('/api/shop/?type=startpak')).status).toBe(401);
    const res = await client.get('/api/shop/?type=startpak');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data[0]).toEqual({
      id: 1,
      name: 'Starter Pack I',
      type: 'startpak',
      description: '<p>A common Eidol egg of value 100 ANGLS to begin your Cryptonomics.</p>',
      amount: 'many',
      price_ngls: '0.00000000',
      price_bnb: '0.000000000',
      price_busd: '20.000000',
      price_token: '0',
      nodeshare: '0.00000000',
      data: { value: 100, rarity: 'common', collection: 'basic', type: 'egg', skin: '0.svg', egg: 'egg1' },
    });
    expect(res.body.data.map((p: { id: number; price_busd: string }) => [p.id, p.price_busd])).toEqual([
      [1, '20.000000'],
      [2, '80.000000'],
      [3, '150.000000'],
      [4, '175.000000'],
    ]);
    expect((await client.get('/api/shop?type=startpak')).body).toEqual(res.body);
    const seededEggs = await s.testDb.db.kysely.selectFrom('shop_items').select('id').where('type', '=', 'egg').execute();
    expect((await client.get('/api/shop')).body.data).toHaveLength(seededEggs.length);
    const items = (await client.get('/api/shop?type=item')).body.data as { type: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.type === 'item')).toBe(true);
    const bad = await client.get('/api/shop?type=bogus');
    expect([bad.status, bad.body]).toEqual([422, { success: false, message: UNKNOWN_SHOP_TYPE, errors: { type: [UNKNOWN_SHOP_TYPE] } }]);
  });

  it('sells one starter pack per account for USDC: the egg, start_pack, level 0; the reserve pays the ANGLS side', async () => {
    const { client, user } = await registerPlayer(s, 'pack1');
    await client.csrf();
    const refused = await client.post('/api/shop/buy', { shop_item_id: 1 });
    expect([refused.status, refused.body]).toEqual([403, { success: false, message: INVOKE_MASTERSHIP }]);
    await setFlags(s, user.id, { start_gas: 1 });
    await fundPlayer(ledger, user.id, 'USDC', 19_999_999n);
    const before = await walletSnapshot(s);
    const poor = await client.post('/api/shop/buy', { shop_item_id: 1 });
    expect([poor.status, poor.body]).toEqual([
      422,
      { success: false, message: `${INSUFFICIENT.busd}.`, errors: { amount: [`${INSUFFICIENT.busd}.`] } },
    ]);
    for (const id of [0, 99, 'x', null]) {
      const res = await client.post('/api/shop/buy', { shop_item_id: id });
      expect([res.status, res.body]).toEqual([
        422,
        { success: false, message: SHOP_ITEM_NOT_FOUND, errors: { shop_item_id: [SHOP_ITEM_NOT_FOUND] } },
      ]);
    }
    expect(await walletSnapshot(s)).toEqual(before);

    await fundPlayer(ledger, user.id, 'USDC', 5n * USDC + 1n);
    const reserveUsdc = await systemBalance(ledger, 'gscb_reserve', 'USDC');
    const reserveAngls = await systemBalance(ledger, 'gscb_reserve', 'ANGLS');
    const mining = await systemBalance(ledger, 'mining_pool', 'ANGLS');
    const bought = await client.post('/api/shop/buy', { shop_item_id: '1' });
    expect(bought.status).toBe(200);
    expect(bought.body.data.transaction).toMatchObject({ type: 'starter_pack', status: 'success' });
    const eidolId = bought.body.data.result.oogle_id as number;
    expect(bought.body.data.result).toEqual({ shop_item_id: 1, oogle_id: eidolId });
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(5n * USDC);
    expect(await systemBalance(ledger, 'gscb_reserve', 'USDC')).toBe(reserveUsdc + 20n * USDC);
    expect(await systemBalance(ledger, 'gscb_reserve', 'ANGLS')).toBe(reserveAngls - 200n * ANGLS);
    expect(await systemBalance(ledger, 'mining_pool', 'ANGLS')).toBe(mining + 100n * ANGLS);
    const value = await ledger.run(async (tx) => (await getAccount(tx.kysely, await eidolAccount(tx, eidolId)))!.balance);
    expect(value).toBe(100n * ANGLS);
    const egg = await s.testDb.db.kysely
      .selectFrom('eidols')
      .select(['user_id', 'type', 'rarity', 'source'])
      .where('id', '=', eidolId)
      .executeTakeFirstOrThrow();
    expect(egg).toEqual({ user_id: user.id, type: 'egg', rarity: 'common', source: 'egg1' });
    expect(await status(client)).toMatchObject({ start_gas: true, start_pack: true, level: 0 });

    const mid = await walletSnapshot(s);
    const again = await client.post('/api/shop/buy', { shop_item_id: 2 });
    expect([again.status, again.body]).toEqual([422, { success: false, message: STARTER_PACK_TAKEN }]);
    expect(await walletSnapshot(s)).toEqual(mid);
  });

  it('sells one pack from a burst of concurrent buys, and the activated player can trade', async () => {
    const { client, user } = await registerPlayer(s, 'pack2');
    await setFlags(s, user.id, { start_gas: 1 });
    await fundPlayer(ledger, user.id, 'USDC', 500n * USDC);
    await client.csrf();
    const burst = await Promise.all(Array.from({ length: 6 }, () => client.post('/api/shop/buy', { shop_item_id: 4 })));
    expect(burst.filter((b) => b.status === 200)).toHaveLength(1);
    for (const b of burst.filter((x) => x.status !== 200)) expect([b.status, b.body.message]).toEqual([422, STARTER_PACK_TAKEN]);
    expect(await playerBalance(ledger, user.id, 'USDC')).toBe(325n * USDC);
    const eggs = await s.testDb.db.kysely.selectFrom('eidols').select(['rarity']).where('user_id', '=', user.id).execute();
    expect(eggs).toEqual([{ rarity: 'mythic' }]);

    // The screen's flow: the fee precalculation, then the approve press, which uses the quote up.
    const quote = await client.post('/api/wallet/withdraw', { amount: '1', currency: 'busd', to_address: PLATFORM, gas: '0' });
    const quoteId = quote.body.data.transaction.id as string;
    const mint = await client.post('/api/wallet/exchange', { from_currency: 'busd', to_currency: 'ngls', amount: '1' });
    expect(mint.status).toBe(200);
    expect(mint.body.data.result.received).toBe('10.39500000');
    const used = await s.testDb.db.kysely
      .selectFrom('transactions')
      .select(['status', 'result'])
      .where('id', '=', quoteId)
      .executeTakeFirstOrThrow();
    expect(used).toEqual({ status: 'success', result: JSON.stringify({ used_by: mint.body.data.transaction.id }) });
    s.clock.advance(60 * 60 * 1000);
    await s.upkeep();
    expect(
      (await s.testDb.db.kysely.selectFrom('transactions').select('status').where('id', '=', quoteId).executeTakeFirstOrThrow()).status,
    ).toBe('success');
    // A listing that names no item cannot be sold (the shops' own tests cover the catalogue: tests/integration/shop/).
    const bare = await s.testDb.db.kysely
      .insertInto('shop_items')
      .values({ type: 'item', name: 'Nameless', price_ngls: ANGLS, data: '{}', position: 0, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = (await client.get('/api/shop?type=item')).body.data[0];
    expect(item).toMatchObject({ id: bare.id, name: 'Nameless', type: 'item', amount: 'many', price_ngls: '1.00000000' });
    expect(item.id).toBeGreaterThan(4);
    expect((await client.post('/api/shop/buy', { shop_item_id: item.id })).body).toEqual({
      success: false,
      message: SHOP_ITEM_NOT_FOUND,
      errors: { shop_item_id: [SHOP_ITEM_NOT_FOUND] },
    });
  });
});
