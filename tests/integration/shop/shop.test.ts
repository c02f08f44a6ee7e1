/**
 * The shops on both databases: the catalogue's listing, eggs, items in ANGLS/USDC/BNB (surcharge, cookie
 * backing, node share), the gDAO store (e-mail, tokens), `POST /api/drop` and the jar claim, counted stock
 * as the ledger's `shop_stock` (sold out, and 20 buyers racing for the last 3 units), the caravan and round
 * locks, every refusal text, items in the user and game views and the `item_arrived` event on both
 * transports. `checkLedger` after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import type { TestServer } from '../../support/server';
import { confirmEmail, insertRound, settleAllRounds } from '../../support/gameFixtures';
import { openSocket } from '../../support/sockets';
import { runAdminCommand } from '../../../src/server/admin/runner';
import { systemAccount, getAccount, type Ledger } from '../../../src/server/ledger/index';
import { ROUND_LOCKED, EXTRA_EIDOL_REFUSED } from '../../../src/server/domain/eidols/eidolTexts';
import { INSUFFICIENT, INVOKE_MASTERSHIP } from '../../../src/server/domain/wallet/walletTexts';
import {
  CONFIRM_EMAIL,
  DROP_ITEM_NOT_FOUND,
  INSUFFICIENT_GDAO,
  JAR_GDAO_REQUIRED,
  LOCKED_FOR_RESTOCK,
  NOT_FOR_SALE_YET,
  OUT_OF_STOCK,
} from '../../../src/server/domain/shop/shopTexts';
import { fundPlayer, playerBalance, systemBalance, walletSnapshot } from '../wallet/support/walletFixtures';
import { activePlayer, listingId, startShopServer } from './support';

const ANGLS = 100_000_000n;
const USDC = 1_000_000n;
const BNB = 1_000_000_000n;

describe.each(dialectsFor(inject('pgAdminUrl')))('shops on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startShopServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());
  afterEach(async () => ledgerOk());

  const refusal = (text: string, field = 'amount') => ({ success: false, message: `${text}.`, errors: { [field]: [`${text}.`] } });
  const buy = (client: ReturnType<TestServer['client']>, id: number) => client.post('/api/shop/buy', { shop_item_id: id });

  it('lists eggs, items and the gDAO store; counted amounts are the ledger stock', async () => {
    const { client } = await activePlayer(s, 'list1');
    const eggs = (await client.get('/api/shop?type=egg')).body.data;
    expect(eggs.map((e: { price_ngls: string }) => e.price_ngls)).toEqual([
      '200.00000000',
      '800.00000000',
      '1500.00000000',
      '1750.00000000',
    ]);
    expect(eggs[0]).toMatchObject({
      type: 'egg',
      amount: 'many',
      data: { value: 100, rarity: 'common', collection: 'basic', type: 'egg', skin: '0.svg' },
    });
    const gdao = (await client.get('/api/shop/?type=gdao')).body.data;
    expect(gdao.find((g: { name: string }) => g.name === 'Tax Commendation')).toMatchObject({
      amount: 20,
      price_token: '10',
      data: { item_id: 7 },
    });
    const items = (await client.get('/api/shop?type=item')).body.data;
    expect(items.find((i: { name: string }) => i.name === 'Caravan Map')).toMatchObject({
      amount: 10,
      data: { item_id: 8, collection: 'basic', skin: 'Map.png' },
    });
    expect(items.find((i: { price_bnb: string }) => i.price_bnb !== '0.000000000')).toBeDefined();
    expect(items.find((i: { price_busd: string }) => i.price_busd !== '0.000000')).toBeDefined();
  });

  it('sells an egg in ANGLS: value into the eidol, premium to the pool, node share to the treasury; the extra-eidol rule', async () => {
    const { client, user } = await activePlayer(s, 'egg1');
    const id = await listingId(s, 'egg', 'Rare Egg', 'ngls');
    await fundPlayer(ledger, user.id, 'ANGLS', 800n * ANGLS - 1n);
    const before = await walletSnapshot(s);
    expect((await buy(client, id)).body).toEqual(refusal(INSUFFICIENT.ngls));
    expect(await walletSnapshot(s)).toEqual(before);
    await fundPlayer(ledger, user.id, 'ANGLS', 801n * ANGLS + 1n);
    const pool = await systemBalance(ledger, 'mining_pool', 'ANGLS');
    const treasury = await systemBalance(ledger, 'treasury', 'ANGLS');
    const res = await buy(client, id);
    expect(res.status).toBe(200);
    expect(res.body.data.transaction).toMatchObject({ type: 'shop_purchase', status: 'success' });
    const oogleId = res.body.data.result.oogle_id as number;
    expect(res.body.data.result).toEqual({ shop_item_id: id, oogle_id: oogleId });
    expect(await systemBalance(ledger, 'mining_pool', 'ANGLS')).toBe(pool + 360n * ANGLS);
    expect(await systemBalance(ledger, 'treasury', 'ANGLS')).toBe(treasury + 40n * ANGLS);
    expect(await playerBalance(ledger, user.id, 'ANGLS')).toBe(801n * ANGLS);
    const eidol = await s.testDb.db.kysely
      .selectFrom('eidols')
      .select(['rarity', 'source', 'type'])
      .where('id', '=', oogleId)
      .executeTakeFirstOrThrow();
    expect(eidol).toEqual({ rarity: 'rare', source: 'egg2', type: 'egg' });
    expect((await client.get('/api/auth/status')).body.data.level).toBe(0);
    const game = await ledger.run(
      async (tx) =>
        (await getAccount(
          tx.kysely,
          (
            await tx.kysely
              .selectFrom('ledger_accounts')
              .select('id')
              .where('owner_kind', '=', 'eidol')
              .where('owner_id', '=', oogleId)
              .executeTakeFirstOrThrow()
          ).id,
        ))!.balance,
    );
    expect(game).toBe(400n * ANGLS);
    const mid = await walletSnapshot(s);
    const again = await buy(client, id);
    expect([again.status, again.body]).toEqual([422, { success: false, message: EXTRA_EIDOL_REFUSED }]);
    expect(await walletSnapshot(s)).toEqual(mid);
  });

  it("sells items in ANGLS (cookie backing), USDC and BNB (+0.001 BNB to fees), with each currency's refusal", async () => {
    const { client, user } = await activePlayer(s, 'item1');
    const cookie = await listingId(s, 'item', 'Golden Cookie', 'ngls');
    const apple = await listingId(s, 'item', 'Precision Apple', 'busd');
    const tome = await listingId(s, 'item', 'Transmutation Tome', 'bnb');
    const before = await walletSnapshot(s);
    expect((await buy(client, cookie)).body).toEqual(refusal(INSUFFICIENT.ngls));
    expect((await buy(client, apple)).body).toEqual(refusal(INSUFFICIENT.busd));
    await fundPlayer(ledger, user.id, 'BNB', (5n * BNB) / 1000n);
    expect((await buy(client, tome)).body).toEqual(refusal(INSUFFICIENT.bnb)); // the price, but not the surcharge
    expect((await walletSnapshot(s)).transfers).toBe(Number(before.transfers) + 1);

    await fundPlayer(ledger, user.id, 'ANGLS', 2n * ANGLS);
    await fundPlayer(ledger, user.id, 'USDC', USDC);
    await fundPlayer(ledger, user.id, 'BNB', BNB / 1000n);
    const backing = await systemBalance(ledger, 'item_backing', 'ANGLS');
    const fees = await systemBalance(ledger, 'fees', 'BNB');
    const poolBnb = await systemBalance(ledger, 'mining_pool', 'BNB');
    for (const id of [cookie, apple, tome]) expect((await buy(client, id)).status).toBe(200);
    expect(await systemBalance(ledger, 'item_backing', 'ANGLS')).toBe(backing + ANGLS);
    expect(await systemBalance(ledger, 'fees', 'BNB')).toBe(fees + BNB / 1000n);
    expect(await systemBalance(ledger, 'mining_pool', 'BNB')).toBe(poolBnb + (5n * BNB) / 1000n);
    expect([
      await playerBalance(ledger, user.id, 'ANGLS'),
      await playerBalance(ledger, user.id, 'USDC'),
      await playerBalance(ledger, user.id, 'BNB'),
    ]).toEqual([0n, 0n, 0n]);
    const items = (await client.get('/api/auth/status')).body.data.items;
    expect(items).toEqual([
      { id: 6, name: 'Golden Cookie', type: 'Coincookie', quantity: 1, image: 'Cookie.png', data: {} },
      { id: 12, name: 'Precision Apple', type: 'Apple', quantity: 1, image: 'Apple.png', data: {} },
      { id: 14, name: 'Transmutation Tome', type: 'Tome', quantity: 1, image: 'Map2.png', data: {} },
    ]);
  });

  it('refuses a player without an active wallet, and every purchase while the round is mining', async () => {
    const { client, user } = await activePlayer(s, 'lock1');
    await s.testDb.db.kysely.updateTable('users').set({ start_pack: 0 }).where('id', '=', user.id).execute();
    const cookie = await listingId(s, 'item', 'Golden Cookie', 'ngls');
    expect([(await buy(client, cookie)).status, (await buy(client, cookie)).body.message]).toEqual([403, INVOKE_MASTERSHIP]);
    await s.testDb.db.kysely.updateTable('users').set({ start_pack: 1 }).where('id', '=', user.id).execute();
    await fundPlayer(ledger, user.id, 'ANGLS', 10n * ANGLS);
    const now = s.clock.now();
    await insertRound(s.testDb.db, 9001, { opensAt: now - 20_000, canActBefore: now - 10_000, endsAt: now + 60_000 });
    try {
      const before = await walletSnapshot(s);
      expect((await buy(client, cookie)).body).toEqual({ success: false, message: ROUND_LOCKED });
      expect((await client.post('/api/drop', { item_id: 5 })).body).toEqual({ success: false, message: ROUND_LOCKED });
      expect(await walletSnapshot(s)).toEqual(before);
    } finally {
      await settleAllRounds(s.testDb.db, now);
    }
    await insertRound(s.testDb.db, 9002, { opensAt: now, canActBefore: now + 600_000, endsAt: now + 660_000 });
    expect((await buy(client, cookie)).status).toBe(200);
    const game = (await client.get('/api/game')).body.data;
    expect(game.items).toEqual([{ id: 6, name: 'Golden Cookie', type: 'Coincookie', quantity: 1, image: 'Cookie.png', data: {} }]);
    expect([game.caravan, game.caravan_items]).toEqual(['', 0]);
    await settleAllRounds(s.testDb.db, now);
  });

  it('locks the mage shop and the gDAO store while a restock is pending with goods left; eggs still sell', async () => {
    const { client, user } = await activePlayer(s, 'car1');
    await confirmEmail(s.testDb.db, user.id);
    await fundPlayer(ledger, user.id, 'ANGLS', 300n * ANGLS);
    await fundPlayer(ledger, user.id, 'GDAO', 10n);
    const until = s.clock.now() + 3_600_000;
    await s.testDb.db.kysely.updateTable('caravan_state').set({ returns_at: until, goods_remaining: 2 }).where('id', '=', 1).execute();
    try {
      const untilText = new Date(until).toISOString().slice(0, 19).replace('T', ' ');
      const locked = { success: false, message: LOCKED_FOR_RESTOCK, errors: { restock_until: [untilText] } };
      expect((await buy(client, await listingId(s, 'item', 'Golden Cookie', 'ngls'))).body).toEqual(locked);
      expect((await buy(client, await listingId(s, 'gdao', 'Tax Commendation', 'token'))).body).toEqual(locked);
      expect((await client.post('/api/drop', { item_id: 7 })).body).toEqual(locked);
      expect((await buy(client, await listingId(s, 'egg', 'Common Egg', 'ngls'))).status).toBe(200);
      await insertRound(s.testDb.db, 9003, {
        opensAt: s.clock.now(),
        canActBefore: s.clock.now() + 600_000,
        endsAt: s.clock.now() + 660_000,
      });
      // While it travels the game view shows the return time; the goods count shows once it is back.
      expect((await client.get('/api/game')).body.data).toMatchObject({ caravan: untilText, caravan_items: 0 });
      await settleAllRounds(s.testDb.db, s.clock.now());
      // All goods unpacked: the store sells again.
      await s.testDb.db.kysely.updateTable('caravan_state').set({ goods_remaining: 0 }).where('id', '=', 1).execute();
      expect((await client.post('/api/drop', { item_id: 7 })).body).toEqual({ success: true, data: { item_id: 7, quantity: 1 } });
    } finally {
      await s.testDb.db.kysely.updateTable('caravan_state').set({ returns_at: null, goods_remaining: 0 }).where('id', '=', 1).execute();
    }
  });

  it('sells the gDAO store for gDAO (to gdao_reserve) by listing and by drop, to confirmed e-mails only', async () => {
    const { client, user } = await activePlayer(s, 'gdao1');
    const tax = await listingId(s, 'gdao', 'Tax Commendation', 'token');
    await fundPlayer(ledger, user.id, 'GDAO', 9n);
    const before = await walletSnapshot(s);
    expect((await buy(client, tax)).body).toEqual({ success: false, message: CONFIRM_EMAIL, errors: { email: [CONFIRM_EMAIL] } });
    await confirmEmail(s.testDb.db, user.id);
    expect((await buy(client, tax)).body).toEqual(refusal(INSUFFICIENT_GDAO));
    expect((await client.post('/api/drop', { item_id: 7 })).body).toEqual(refusal(INSUFFICIENT_GDAO));
    for (const bad of [99, 6, 'x'])
      expect((await client.post('/api/drop', { item_id: bad })).body.errors).toEqual({ item_id: [DROP_ITEM_NOT_FOUND] });
    expect(await walletSnapshot(s)).toEqual(before);
    await fundPlayer(ledger, user.id, 'GDAO', 11n);
    const reserve = await systemBalance(ledger, 'gdao_reserve', 'GDAO');
    const stock = (await client.get('/api/shop?type=gdao')).body.data.find((g: { id: number }) => g.id === tax).amount as number;
    expect((await buy(client, tax)).status).toBe(200);
    expect((await client.post('/api/drop', { item_id: '7' })).body).toEqual({ success: true, data: { item_id: 7, quantity: 1 } });
    expect(await systemBalance(ledger, 'gdao_reserve', 'GDAO')).toBe(reserve + 20n);
    expect((await client.get('/api/shop?type=gdao')).body.data.find((g: { id: number }) => g.id === tax).amount).toBe(stock - 2);
    expect((await client.get('/api/auth/status')).body.data.items).toEqual([
      { id: 7, name: 'Tax Commendation', type: 'Tax', quantity: 2, image: 'Tax.png', data: {} },
    ]);
  });

  it('claims an Eggtoplasm jar for 7 gDAO with a confirmed e-mail', async () => {
    const { client, user } = await activePlayer(s, 'jar1');
    await fundPlayer(ledger, user.id, 'GDAO', 6n);
    expect((await client.post('/api/drop', { item_id: 5 })).body).toEqual({
      success: false,
      message: CONFIRM_EMAIL,
      errors: { email: [CONFIRM_EMAIL] },
    });
    await confirmEmail(s.testDb.db, user.id);
    expect((await client.post('/api/drop', { item_id: 5 })).body).toEqual({
      success: false,
      message: JAR_GDAO_REQUIRED,
      errors: { item_id: [JAR_GDAO_REQUIRED] },
    });
    await fundPlayer(ledger, user.id, 'GDAO', 2n);
    const reserve = await systemBalance(ledger, 'gdao_reserve', 'GDAO');
    expect((await client.post('/api/drop', { item_id: 5 })).body).toEqual({ success: true, data: { item_id: 13, quantity: 1 } });
    expect(await systemBalance(ledger, 'gdao_reserve', 'GDAO')).toBe(reserve + 7n);
    expect((await client.get('/api/auth/status')).body.data.items).toEqual([
      { id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 1, image: 'Coop.png', data: {} },
      { id: 13, name: 'Eggtoplasm Jar', type: 'Ectojar', quantity: 1, image: 'Extract.png', data: {} },
    ]);
  });

  it('buys and drops once per Idempotency-Key; a misconfigured listing is not for sale', async () => {
    const { client, user } = await activePlayer(s, 'idem1');
    await confirmEmail(s.testDb.db, user.id);
    await fundPlayer(ledger, user.id, 'ANGLS', 10n * ANGLS);
    await fundPlayer(ledger, user.id, 'GDAO', 14n);
    const puff = await listingId(s, 'item', 'Puff of Wisdom', 'ngls');
    const headers = { 'idempotency-key': 'puff-1' };
    const first = await client.post('/api/shop/buy', { shop_item_id: puff }, { headers });
    const again = await client.post('/api/shop/buy', { shop_item_id: puff }, { headers });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await playerBalance(ledger, user.id, 'item:9')).toBe(1n);
    const jar = { headers: { 'idempotency-key': 'jar-1' } };
    const drops = [await client.post('/api/drop', { item_id: 5 }, jar), await client.post('/api/drop', { item_id: 5 }, jar)];
    expect(drops.map((d) => [d.status, d.headers.get('idempotent-replayed')])).toEqual([
      [200, null],
      [200, 'true'],
    ]);
    expect([await playerBalance(ledger, user.id, 'GDAO'), await playerBalance(ledger, user.id, 'item:13')]).toEqual([7n, 1n]);
    // An egg priced in USDC could not put its value in ANGLS: refused, nothing moves.
    const egg = await s.testDb.db.kysely
      .insertInto('shop_items')
      .values({ type: 'egg', name: 'Odd Egg', price_busd: USDC, data: JSON.stringify({ skin: 'egg1' }), created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fundPlayer(ledger, user.id, 'USDC', USDC);
    const before = await walletSnapshot(s);
    expect((await buy(client, egg.id)).body).toEqual({ success: false, message: NOT_FOR_SALE_YET });
    expect(await walletSnapshot(s)).toEqual(before);
    await s.testDb.db.kysely.deleteFrom('shop_items').where('id', '=', egg.id).execute();
  });

  it('announces item_arrived to the owner on both transports', async () => {
    const { client, user } = await activePlayer(s, 'sock1');
    await fundPlayer(ledger, user.id, 'ANGLS', 10n * ANGLS);
    const sockets = await Promise.all((['socket.io', 'ws'] as const).map((t) => openSocket(t, s.url, { cookie: client.cookieHeader() })));
    try {
      for (const t of sockets) {
        t.send({ method: 'sync', x: Math.random(), token: user.ws_auth_token });
        expect(await t.next('subscribe')).toMatchObject({ success: true });
      }
      expect((await buy(client, await listingId(s, 'item', 'Puff of Wisdom', 'ngls'))).status).toBe(200);
      for (const t of sockets) expect(await t.next('item_arrived')).toMatchObject({ event: 'item_arrived', item_id: 9, quantity: 1 });
    } finally {
      for (const t of sockets) t.close();
    }
  });

  it('sells exactly the last 3 units to 20 concurrent buyers; the rest read "Out of stock"', async () => {
    const map = await listingId(s, 'item', 'Caravan Map', 'ngls');
    await runAdminCommand(s.testDb.db, s.clock, 'test', 'shop:set-stock', [String(map), '3']);
    const players = await Promise.all(Array.from({ length: 20 }, (_, i) => activePlayer(s, `race${i}`)));
    for (const p of players) await fundPlayer(ledger, p.user.id, 'ANGLS', 100n * ANGLS);
    const answers = await Promise.all(players.map((p) => buy(p.client, map)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toEqual({ success: false, message: OUT_OF_STOCK, errors: { shop_item_id: [OUT_OF_STOCK] } });
    const stock = await ledger.run(async (tx) => (await getAccount(tx.kysely, await systemAccount(tx, 'shop_stock', 'item:8')))!.balance);
    expect(stock).toBe(0n);
    const held = await Promise.all(players.map((p) => playerBalance(ledger, p.user.id, 'item:8')));
    expect(held.reduce((a, b) => a + b, 0n)).toBe(3n);
    const paid = await Promise.all(players.map((p) => playerBalance(ledger, p.user.id, 'ANGLS')));
    expect(paid.filter((b) => b === 0n)).toHaveLength(3);
    expect((await client0(players).get('/api/shop?type=item')).body.data.find((i: { id: number }) => i.id === map).amount).toBe(0);
  });
});

function client0<T extends { client: ReturnType<TestServer['client']> }>(players: T[]): T['client'] {
  return players[0]!.client;
}
