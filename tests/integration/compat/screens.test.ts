/**
 * The original product's client, screen by screen, against this server (FACTS.md): only its protocol is
 * spoken, the HTTP paths, fields and envelope with the Sanctum CSRF flow, and its plain WebSocket at
 * `/ws/`. Entry (CSRF cookie, register, the mail link with `ref`, status, user, logout, login, a socket
 * opened before login), home and rounds (game, eidols with their picture paths, join in both forms,
 * transactions and stats), wallet and exchange (address, rates, a trade and its `transaction_update`),
 * the Mage Shop (eggs by default, items, picture names, a purchase whose two events arrive as one frame)
 * with an item action on what it bought, and the gDAO store bought by listing id.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hatchedFrame } from '../../../src/shared/rules/eggs';
import { ITEM_PICTURES } from '../../../src/shared/rules/pictures';
import { linkIn } from '../../support/smtp';
import { dialectsFor } from '../../support/testDb';
import { openRound } from '../../support/gameFixtures';
import { registration, TEST_PUBLIC_URL } from '../../support/server';
import { fundPlayer, setFlags } from '../wallet/support/walletFixtures';
import { startCompatServer, type CompatServer } from './compatServer';
import { expectInvalid, expectOk, openOriginalSocket, subscribed, WIRE_TIME, type Frame } from './originalClient';

/** The fields of the original's User (auth/status, login, register). */
const USER_FIELDS = [
  'id',
  'name',
  'email',
  'email_confirmed',
  'investor_skin_id',
  'balance_ngls',
  'balance_bnb',
  'balance_busd',
  'ref_code',
  'ref_link',
  'ref_count',
  'ref_tokens',
  'xp',
  'level',
  'next_level_xp',
  'completed_onboarding',
  'start_pack',
  'start_gas',
  'senator',
  'patricius',
  'wallet_balance',
  'multiplier',
  'withdraws',
  'ws_auth_token',
  'items',
];
/** The fields of the original's Eidol. */
const EIDOL_FIELDS = [
  'id',
  'value',
  'maxValue',
  'top_value',
  'no_loss_value',
  'multiplier',
  'risk',
  'level',
  'experience',
  'next_level_experience',
  'type',
  'rarity',
  'collection',
  'skin',
  'data',
  'is_locked',
];
/** The item pictures the original bundles (`<collection>/item/<image>`). */
const BUNDLED_ITEM_PICTURES = [
  'Apple.png',
  'Cookie.png',
  'Coop.png',
  'Extract.png',
  'Incense.png',
  'Indulgence.png',
  'Map.png',
  'Map2.png',
  'Puff.png',
  'Scribe.png',
  'Tax.png',
];
const ANGLS = 100_000_000n;
const USDC = 1_000_000n;

/** The file the original draws an eidol or egg from. */
function eidolPicturePath(e: { collection: string; type: string; rarity: string; skin: { image: string } }): string {
  return `collections/${e.collection}/${e.type}/${e.rarity}/${e.skin.image}`;
}

describe.each(dialectsFor(inject('pgAdminUrl')))('the original client on %s', (dialect) => {
  let c: CompatServer;
  let n = 0;
  beforeAll(async () => {
    c = await startCompatServer(dialect, inject('pgAdminUrl'));
    await openRound(c.s.testDb.db, c.s.clock, 1);
  }, 60_000);
  afterAll(async () => {
    await c?.ledgerOk();
    await c?.close();
  });

  /** A player registered and confirmed through the original's calls, with its socket subscribed. */
  async function player(tag: string) {
    n += 1;
    const client = c.s.client();
    const form = registration(`${tag}${n}`);
    expect((await client.csrf()).status).toBe(204);
    const user = expectOk(await client.post('/api/auth/register', form)) as { id: number };
    const mail = await c.s.smtp.waitFor(form.email as string, /confirm/i);
    const token = linkIn(mail, '/verify-email/').split('/')[4]!;
    expectOk(await client.post(`/api/register/verify/${token}`));
    // Verification ends the player's sessions: the original logs in again, with its new token.
    const login = expectOk(await client.post('/api/auth/login', { username: form.email, password: form.password })) as {
      ws_auth_token: string;
    };
    const socket = await subscribed(c.s.url, client, login.ws_auth_token);
    return { client, user, form, socket };
  }

  it('entry: CSRF cookie, register, the mail link keeps a logged-out visitor off /login, status, user, logout, login', async () => {
    const client = c.s.client();
    const csrf = await client.csrf();
    expect(csrf.status).toBe(204);
    const setCookie = csrf.headers.getSetCookie().find((h) => h.startsWith('XSRF-TOKEN='))!;
    expect(setCookie).toBeDefined();
    expect(setCookie.toLowerCase()).not.toContain('httponly');
    expect((await client.get('/api/auth/status')).status).toBe(401);
    // The original opens its socket before login and syncs with no token: refused, not broken.
    const early = await openOriginalSocket(c.s.url, client);
    early.sync(null);
    expect(await early.next('subscribe')).toMatchObject({ success: false });
    early.close();

    const form = registration('entry');
    const registered = expectOk(await client.post('/api/auth/register', form)) as Record<string, unknown>;
    for (const f of USER_FIELDS) expect(registered, f).toHaveProperty(f);
    // Its router keeps a logged-out visitor on a page only when the URL contains `ref`.
    const mail = await c.s.smtp.waitFor(form.email as string, /confirm/i);
    const link = linkIn(mail, '/verify-email/');
    expect(link.startsWith(`${TEST_PUBLIC_URL}/verify-email/`)).toBe(true);
    expect(link).toContain('ref');
    const status = expectOk(await client.get('/api/auth/status')) as Record<string, unknown>;
    for (const f of USER_FIELDS) expect(status, f).toHaveProperty(f);
    expect(typeof status.ws_auth_token).toBe('string');
    const user = await client.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ name: form.name });
    expect(user.body).not.toHaveProperty('success');

    expectOk(await client.post('/api/auth/logout'));
    expect((await client.get('/api/auth/status')).status).toBe(401);
    expectInvalid(await client.post('/api/auth/login', { username: form.email, password: 'wrong-password-1' }), 'username');
    const login = expectOk(await client.post('/api/auth/login', { username: form.email, password: form.password })) as Record<
      string,
      unknown
    >;
    for (const f of USER_FIELDS) expect(login, f).toHaveProperty(f);
    const socket = await subscribed(c.s.url, client, login.ws_auth_token as string);
    socket.close();

    // The reset mail's link carries `ref` too.
    expectOk(await c.s.client().post('/api/auth/reset-password', { email: form.email }));
    const reset = linkIn(await c.s.smtp.waitFor(form.email as string, /reset/i), '/reset-password/');
    expect(new URL(reset).searchParams.get('email')).toBe(form.email);
    expect(reset).toContain('ref');
  });

  it('home and rounds: the game, eidols drawn from the original\u2019s files, join in both forms, transactions and stats', async () => {
    const { client, socket } = await player('home');
    const egg = expectOk(await client.post('/api/oogle/free')) as { id: number };
    const game = expectOk(await client.get('/api/game')) as Record<string, unknown> & {
      oogles: Record<string, unknown>[];
      items: unknown[];
    };
    for (const f of [
      'id',
      'ends_at',
      'can_act_before',
      'is_joined',
      'my_multiplier',
      'investor_skin_id',
      'senator',
      'patricius',
      'incense_1',
      'incense_2',
      'incense_3',
      'gdao_chest_supply',
      'caravan',
      'caravan_items',
      'chest_locked',
      'oogles',
      'items',
    ]) {
      expect(game, f).toHaveProperty(f);
    }
    expect(game.ends_at).toMatch(WIRE_TIME);
    const [eidol] = game.oogles as [
      Record<string, unknown> & { collection: string; type: string; rarity: string; skin: { image: string; collection: string } },
    ];
    for (const f of EIDOL_FIELDS) expect(eidol, f).toHaveProperty(f);
    // The plain common egg: its own bundled file, no atlas frame name.
    expect(eidolPicturePath(eidol)).toBe('collections/basic/egg/common/0.svg');
    expect(eidol.skin.collection).toBe('basic');

    expectOk(await client.post('/api/game/join', { risk: '0.25', oogle_id: egg.id }));
    expect(expectOk(await client.get(`/api/oogles/${egg.id}`))).toMatchObject({
      id: egg.id,
      risk: '0.25',
      multiplier: 1.25,
      skin: { image: '0.svg' },
    });
    // The older form: multiplier only.
    expect(expectOk(await client.post('/api/game/join', { multiplier: 1.5 }))).toMatchObject({ oogle_id: egg.id, risk: '0.5' });
    expectInvalid(await client.post('/api/game/join', { risk: '0.123', oogle_id: egg.id }), 'risk');
    expect(Array.isArray(expectOk(await client.get(`/api/oogles/${egg.id}/transactions`)))).toBe(true);
    const stats = expectOk(await client.get('/api/transactions/stats')) as Record<string, unknown>;
    for (const f of ['bet', 'won', 'saldo', 'spent', 'earned', 'period']) expect(stats, f).toHaveProperty(f);
    // The Forum's charts and the read-only gDAO screen.
    const telemetry = expectOk(await client.get('/api/telemetry')) as Record<string, unknown>;
    for (const f of ['total_pool', 'totalNodes', 'total_mined', 'total_users', 'emit']) expect(telemetry, f).toHaveProperty(f);
    for (const p of ['/api/telemetry/chart', '/api/telemetry/num']) expect(Array.isArray(expectOk(await client.get(p)))).toBe(true);
    expectOk(await client.get('/api/gdao/distributions'));
    expect(socket.frames.every((f) => typeof f.event === 'string')).toBe(true);
    socket.close();
  });

  it('wallet and exchange: the address, the rates, a trade and its transaction_update as the original reads it', async () => {
    const { client, user, socket } = await player('wallet');
    await setFlags(c.s, user.id, { start_gas: 1, start_pack: 1 });
    const wallet = expectOk(await client.get('/api/wallet')) as { address: string };
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const rates = expectOk(await client.get('/api/wallet/exchange')) as Record<string, unknown>;
    for (const f of [
      'nglsPrice',
      'nglsSPrice',
      'nglsFee',
      'bnbPrice',
      'bnbFee',
      'exchangePoolNgls',
      'exchangePoolBnb',
      'exchangePoolBusdNgls',
      'exchangePoolBusdBnb',
    ]) {
      expect(rates, f).toHaveProperty(f);
    }
    await fundPlayer(c.ledger, user.id, 'USDC', 2n * USDC);
    const trade = expectOk(await client.post('/api/wallet/exchange', { from_currency: 'busd', to_currency: 'ngls', amount: '1' })) as {
      transaction: { id: string; status: string };
    };
    const update = await socket.next('transaction_update');
    // It reads `evt.transaction.status`.
    expect(update.transaction).toMatchObject({ id: trade.transaction.id, status: 'success' });
    expect(['new', 'pending', 'success', 'fail']).toContain((update.transaction as { status: string }).status);
    expectInvalid(await client.post('/api/wallet/exchange', { from_currency: 'busd', to_currency: 'ngls', amount: '' }), 'amount');
    socket.close();
  });

  it('shops: eggs without a type, items with their pictures, one frame per purchase, an item action, the gDAO store by listing', async () => {
    const { client, user, socket } = await player('shop');
    await setFlags(c.s, user.id, { start_gas: 1, start_pack: 1 });
    type Listing = {
      id: number;
      type: string;
      name: string;
      amount: unknown;
      price_ngls: string;
      price_token: string;
      data: Record<string, unknown>;
    };
    const eggs = expectOk(await client.get('/api/shop')) as Listing[];
    expect(eggs.length).toBeGreaterThan(0);
    expect(eggs.every((l) => l.type === 'egg')).toBe(true);
    for (const l of eggs) {
      expect(typeof l.data.collection).toBe('string');
      expect(l.data.skin).toMatch(/^\d+\.svg$/);
    }
    const items = expectOk(await client.get('/api/shop?type=item')) as Listing[];
    expect(items.every((l) => l.type === 'item')).toBe(true);
    for (const l of items) {
      expect(l.data.collection).toBe('basic');
      expect(BUNDLED_ITEM_PICTURES).toContain(l.data.skin);
    }

    // A Golden Cookie: the purchase answers, and its events reach the socket as one frame.
    await fundPlayer(c.ledger, user.id, 'ANGLS', 100n * ANGLS);
    const cookie = items.find((l) => l.data.item_id === 6 && l.price_ngls !== '0.00000000')!;
    const before = socket.frames.length;
    expectOk(await client.post('/api/shop/buy', { shop_item_id: cookie.id }));
    const arrived = await socket.nextNew('item_arrived');
    const purchase = socket.frames.slice(before);
    expect(purchase.map((f) => f.event)).toEqual(['item_arrived']);
    expect(arrived).toMatchObject({ item: 6, transaction: { status: 'success' } });
    const status = expectOk(await client.get('/api/auth/status')) as { items: { id: number; image: string }[] };
    expect(status.items).toContainEqual(expect.objectContaining({ id: 6, image: 'Cookie.png' }));

    // The item actions on the home screen: an egg cannot be fed (the original shows the message); once a
    // round has hatched it (its settlement, written here), it is drawn from its own file and takes the cookie.
    const egg = expectOk(await client.post('/api/oogle/free')) as { id: number };
    const refused = await client.post(`/api/oogles/${egg.id}/feed`, { amount: 1 });
    expect([refused.status, refused.body.success, typeof refused.body.message]).toEqual([422, false, 'string']);
    await c.s.testDb.db.kysely
      .updateTable('eidols')
      .set({ type: 'ogle', hatched_at: c.s.clock.now(), skin_image: hatchedFrame('basic', 'common', egg.id) })
      .where('id', '=', egg.id)
      .execute();
    const hatched = expectOk(await client.get(`/api/oogles/${egg.id}`)) as {
      type: string;
      collection: string;
      rarity: string;
      skin: { image: string };
    };
    expect(eidolPicturePath(hatched)).toBe(`collections/basic/ogle/common/${(egg.id % 3) + 1}.svg`);
    expect(expectOk(await client.post(`/api/oogles/${egg.id}/feed`, { amount: 1 }))).toHaveProperty('oogle');

    // The gDAO store: the original sends the listing's id.
    await fundPlayer(c.ledger, user.id, 'GDAO', 5n);
    const store = expectOk(await client.get('/api/shop/?type=gdao')) as Listing[];
    expect(store.every((l) => l.type === 'gdao')).toBe(true);
    const puff = store.find((l) => l.data.item_id === 9)!;
    expect(puff.data.skin).toBe(ITEM_PICTURES[9]);
    expect(puff.id).not.toBe(9);
    const dropped = expectOk(await client.post('/api/drop', { item_id: puff.id }));
    expect(dropped).toEqual({ item_id: 9, quantity: 1 });
    expect(await socket.nextNew('item_arrived', (f: Frame) => f.item === 9)).toMatchObject({ item: 9 });
    expectInvalid(await client.post('/api/drop', { item_id: 999_999 }), 'item_id');
    socket.close();
  });
});
