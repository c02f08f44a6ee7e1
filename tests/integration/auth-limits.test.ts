/**
 * Attempt limits (429 per address, per account and address, per account) and referrals, on both databases.
 * The server trusts one proxy hop, so each client below speaks from its own address (X-Forwarded-For).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, scaledRateLimits, type AuthRateLimits } from '../../src/server/http/rateLimit';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, registration, startTestServer, TestClient, type RequestOptions, type TestServer } from '../support/server';
import { linkIn } from '../support/smtp';

const rule = (max: number) => ({ max, windowMs: 60_000 });
const LOW: AuthRateLimits = {
  ...scaledRateLimits(1000),
  login: { ip: rule(50), accountIp: rule(3), account: rule(8) },
  register: { ip: rule(4), accountIp: rule(2) },
  resetRequest: { ip: rule(5) },
  resetMail: { account: rule(3) },
  reset: { ip: rule(20), accountIp: rule(2) },
  resend: { ip: rule(100), account: rule(1) },
};

const tooMany = (n: number) => ({ success: false, message: `Too many attempts. Please try again in ${n} seconds.` });

/** A client speaking from `ip`, as the one trusted proxy reports it. */
class IpClient extends TestClient {
  constructor(
    base: string,
    readonly ip: string,
  ) {
    super(base);
  }

  override request(method: string, p: string, opts: RequestOptions = {}) {
    return super.request(method, p, { ...opts, headers: { 'x-forwarded-for': this.ip, ...opts.headers } });
  }
}

describe.each(dialectsFor(inject('pgAdminUrl')))('attempt limits and referrals on %s', (dialect) => {
  let s: TestServer;
  let ipSeq = 0;
  /** A client on a fresh address (a fresh browser too). */
  const fresh = () => new IpClient(s.url, `198.51.100.${++ipSeq}`);
  const from = (ip: string) => new IpClient(s.url, ip);
  const login = (c: TestClient, username: string, password: string) => c.post('/api/auth/login', { username, password });

  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'), { rateLimits: LOW }, { trustProxy: 1 });
  });
  afterAll(() => s?.close());

  it('limits login attempts per account and address, then per address, and lets them through after the window', async () => {
    await registerPlayer(s, 'lim1');
    const c = fresh();
    for (let i = 0; i < 3; i++) expect((await login(c, 'playerlim1@example.com', 'wrong1234')).status).toBe(422);
    // Any letter case or surrounding space is the same account.
    const blocked = await login(c, ' PLAYERLIM1@example.com', 'sesame-otter-7');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany(60));
    expect(blocked.headers.get('retry-after')).toBe('60');
    s.clock.advance(20_000);
    expect((await login(c, 'playerlim1@example.com', 'wrong1234')).body).toEqual(tooMany(40));
    s.clock.advance(60_000);
    expect((await login(c, 'playerlim1@example.com', 'sesame-otter-7')).status).toBe(200);

    // The address's own limit, whatever account it tries.
    const spray = fresh();
    for (let i = 0; i < 50; i++) expect((await login(spray, `someone${i}@example.com`, 'wrong1234')).status).toBe(422);
    expect((await login(spray, 'someone-else@example.com', 'wrong1234')).status).toBe(429);
  });

  it('an attacker elsewhere cannot lock the owner out, and brute force stays bounded per account', async () => {
    s.clock.advance(120_000);
    const { client: registeredOn } = await registerPlayer(s, 'victim1');
    const email = 'playervictim1@example.com';
    const attacker = fresh();
    for (let i = 0; i < 3; i++) expect((await login(attacker, email, `guess-${i}-xyz`)).status).toBe(422);
    expect((await login(attacker, email, 'guess-3-xyz')).status).toBe(429);

    // The owner, from another address and a browser that never logged in: the account is not locked.
    const laptop = fresh();
    expect((await login(laptop, email, 'sesame-otter-7')).status).toBe(200);

    // Spread over many addresses, the account-wide counter (8 here) ends the guessing: 3 attacker
    // attempts + the owner's login + 4 more guesses, then every new address is refused too.
    const outcomes: number[] = [];
    for (let i = 0; i < 10; i++) outcomes.push((await login(fresh(), email, `spread-${i}-xyz`)).status);
    expect(outcomes).toEqual([422, 422, 422, 422, 429, 429, 429, 429, 429, 429]);

    // Browsers the account logged in on before (or registered on) still get in; a new one must wait.
    expect((await login(laptop, email, 'sesame-otter-7')).status).toBe(200);
    expect((await login(new IpClient(s.url, laptop.ip), email, 'sesame-otter-7')).status).toBe(429);
    const phone = from('192.0.2.77');
    for (const [k, v] of registeredOn.cookies) phone.cookies.set(k, v);
    expect((await login(phone, email, 'sesame-otter-7')).status).toBe(200);
    // A forged or another account's device token does not help.
    const forger = fresh();
    forger.cookies.set(
      'aeon_device',
      registeredOn.cookies.get('aeon_device')!.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
    );
    expect((await login(forger, email, 'sesame-otter-7')).status).toBe(429);
  });

  it('a password reset retires the known devices of the account', async () => {
    s.clock.advance(120_000);
    const { client } = await registerPlayer(s, 'dev1');
    const email = 'playerdev1@example.com';
    const device = client.cookies.get('aeon_device')!;
    await s.client().post('/api/auth/reset-password', { email });
    const mail = await s.smtp.waitFor(email, /reset your password/);
    const token = linkIn(mail, '/reset-password/').split('/')[4]!.split('?')[0]!;
    const reset = await s
      .client()
      .post('/api/auth/reset/password', { token, email, password: 'brand-new-9x', password_confirmation: 'brand-new-9x' });
    expect(reset.status).toBe(200);
    // Fill the account-wide counter, then try with the old device token.
    for (let i = 0; i < 8; i++) await login(fresh(), email, `fill-${i}-xyz`);
    const old = fresh();
    old.cookies.set('aeon_device', device);
    expect((await login(old, email, 'brand-new-9x')).status).toBe(429);
  });

  it('counts nothing once the address is refused, and refuses oversized bodies before counting', async () => {
    s.clock.advance(120_000);
    const c = fresh();
    const size = () => s.ctx.limiter.store.size();
    for (let i = 0; i < 50; i++) await login(c, `x${i}@example.com`, 'wrong1234');
    expect((await login(c, 'refused@example.com', 'wrong1234')).status).toBe(429);
    const before = await size();
    const huge = 'h'.repeat(8_000);
    for (let i = 0; i < 20; i++) expect((await login(c, `${huge}${i}@example.com`, 'wrong1234')).status).toBe(429);
    expect(await size()).toBe(before);

    const big = await login(fresh(), `${'a'.repeat(1024 * 1024)}@example.com`, 'wrong1234');
    expect(big.status).toBe(413);
    expect(big.body.success).toBe(false);
    expect(await size()).toBe(before);
  });

  it('limits registrations per e-mail and address, and per address', async () => {
    s.clock.advance(120_000);
    const c = fresh();
    const bad = (email: string) => c.post('/api/auth/register', registration('x', { email, password: 'short' }));
    expect((await bad('reglim@example.com')).status).toBe(422);
    expect((await bad('reglim@example.com')).status).toBe(422);
    expect((await bad('reglim@example.com')).status).toBe(429);
    // From elsewhere the same e-mail is still open.
    expect((await fresh().post('/api/auth/register', registration('x', { email: 'reglim@example.com', password: 'short' }))).status).toBe(
      422,
    );
    expect((await bad('reglim2@example.com')).status).toBe(422);
    expect((await bad('reglim3@example.com')).body).toEqual(tooMany(60));
  });

  it('reset requests: the attacker is refused, the owner never is, and the mailbox gets at most 3 links', async () => {
    s.clock.advance(120_000);
    await registerPlayer(s, 'rq1');
    const email = 'playerrq1@example.com';
    const attacker = fresh();
    const ask = (c: TestClient) => c.post('/api/auth/reset-password', { email });
    for (let i = 0; i < 5; i++) {
      expect((await ask(attacker)).status).toBe(200);
      await s.ctx.auth.background.idle();
    }
    expect((await ask(attacker)).status).toBe(429);
    const mails = () => s.smtp.mails.filter((m) => m.to.includes(email) && /reset your password/.test(m.subject));
    await expect.poll(() => mails().length).toBe(3);

    // The owner asks from elsewhere: the same answer, no fourth mail, and the last link mailed works.
    const owner = fresh();
    const res = await ask(owner);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('If that e-mail address is registered, we have sent a password reset link to it.');
    await s.ctx.auth.background.idle();
    expect(mails()).toHaveLength(3);
    const token = linkIn(mails()[2]!, '/reset-password/').split('/')[4]!.split('?')[0]!;
    const reset = await owner.post('/api/auth/reset/password', {
      token,
      email,
      password: 'fresh-start-42',
      password_confirmation: 'fresh-start-42',
    });
    expect(reset.status).toBe(200);
  });

  it('new-password attempts: limited per address, an attacker cannot block the owner', async () => {
    s.clock.advance(120_000);
    await registerPlayer(s, 'rs1');
    const email = 'playerrs1@example.com';
    const attacker = fresh();
    const form = (token: string) => ({ token, email, password: 'newpass456', password_confirmation: 'newpass456' });
    expect((await attacker.post('/api/auth/reset/password', form('x'))).status).toBe(422);
    expect((await attacker.post('/api/auth/reset/password', form('y'))).status).toBe(422);
    expect((await attacker.post('/api/auth/reset/password', form('z'))).status).toBe(429);
    const owner = fresh();
    await owner.post('/api/auth/reset-password', { email });
    const mail = await s.smtp.waitFor(email, /reset your password/);
    const token = linkIn(mail, '/reset-password/').split('/')[4]!.split('?')[0]!;
    expect((await owner.post('/api/auth/reset/password', form(token))).status).toBe(200);
  });

  it('limits resends per account', async () => {
    s.clock.advance(120_000);
    const { client } = await registerPlayer(s, 'lim2');
    expect((await client.get('/api/auth/resend-email')).status).toBe(200);
    const again = await client.get('/api/auth/resend-email');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });

  it('with one trusted hop, a spoofed left-most X-Forwarded-For does not change the address limited', async () => {
    s.clock.advance(120_000);
    const spoof = (n: number) => new IpClient(s.url, `10.9.9.${n}, 203.0.113.200`);
    for (let i = 0; i < 50; i++) expect((await login(spoof(i), `xff${i}@example.com`, 'wrong1234')).status).toBe(422);
    expect((await login(spoof(99), 'xff-last@example.com', 'wrong1234')).status).toBe(429);
    // The address the proxy saw is what counts: another one is not limited.
    expect((await login(from('10.9.9.1, 203.0.113.201'), 'xff-last@example.com', 'wrong1234')).status).toBe(422);
  });

  it('looks up a referrer by code and counts the players it brought', async () => {
    s.clock.advance(120_000);
    const { client, user: ref } = await registerPlayer(s, 'refA', { skin_id: 5 });
    const lookup = await s.client().get(`/api/auth/register/ref/${ref.ref_code}`);
    expect(lookup.body).toEqual({ success: true, data: { id: ref.id, name: 'player_refA', investor_skin_id: 5 } });
    const unknown = await s.client().get('/api/auth/register/ref/nosuchcode');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'Referrer not found.' });

    await registerPlayer(s, 'refB', { ref_code: ref.ref_code });
    s.clock.advance(120_000);
    await registerPlayer(s, 'refC', { ref_user_id: String(ref.id) });
    const me = await client.get('/api/user');
    expect(me.body.ref_count).toBe(2);
    const row = await s.testDb.db.kysely
      .selectFrom('users')
      .select('referrer_id')
      .where('name', '=', 'player_refC')
      .executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(ref.id);
  });

  it('scales the default limits', () => {
    expect(scaledRateLimits(10).login.accountIp!.max).toBe(DEFAULT_RATE_LIMITS.login.accountIp!.max * 10);
    expect(scaledRateLimits(10).resetRequest.account).toBeUndefined();
    expect(() => scaledRateLimits(0)).toThrow();
  });
});
