/** Attempt limits (429 per IP and per account) and referrals (lookup, registration, ref_count). */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, scaledRateLimits, type AuthRateLimits } from '../../src/server/http/rateLimit';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, registration, startTestServer, type TestServer } from '../support/server';

const rule = (max: number) => ({ max, windowMs: 60_000 });
const LOW: AuthRateLimits = {
  ...scaledRateLimits(1000),
  login: { ip: rule(6), account: rule(3) },
  register: { ip: rule(4), account: rule(2) },
  resetRequest: { ip: rule(100), account: rule(2) },
  reset: { ip: rule(2), account: rule(100) },
  resend: { ip: rule(100), account: rule(1) },
};

const tooMany = (n: number) => ({ success: false, message: `Too many attempts. Please try again in ${n} seconds.` });

describe.each(dialectsFor(inject('pgAdminUrl')))('attempt limits and referrals on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'), { rateLimits: LOW });
  });
  afterAll(() => s?.close());

  it('limits login attempts per account, then per IP, and lets them through after the window', async () => {
    await registerPlayer(s, 'lim1');
    const attempt = (username: string, password = 'wrong1234') => s.client().post('/api/auth/login', { username, password });
    for (let i = 0; i < 3; i++) expect((await attempt('playerlim1@example.com')).status).toBe(422);
    const blocked = await attempt('PLAYERLIM1@example.com', 'sesame-otter-7');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany(60));
    expect(blocked.headers.get('retry-after')).toBe('60');
    s.clock.advance(20_000);
    expect((await attempt('playerlim1@example.com')).body).toEqual(tooMany(40));
    // Other accounts still pass until the IP's own limit (6 per minute) is used up.
    expect((await attempt('someone@example.com')).status).toBe(422);
    expect((await attempt('someone2@example.com')).status).toBe(429);
    s.clock.advance(60_000);
    expect((await attempt('playerlim1@example.com', 'sesame-otter-7')).status).toBe(200);
  });

  it('limits registrations per e-mail and per IP', async () => {
    s.clock.advance(120_000);
    const bad = (email: string) => s.client().post('/api/auth/register', registration('x', { email, password: 'short' }));
    expect((await bad('reglim@example.com')).status).toBe(422);
    expect((await bad('reglim@example.com')).status).toBe(422);
    expect((await bad('reglim@example.com')).status).toBe(429);
    expect((await bad('reglim2@example.com')).status).toBe(422);
    expect((await bad('reglim3@example.com')).body).toEqual(tooMany(60));
  });

  it('limits reset requests, resets and resends', async () => {
    s.clock.advance(120_000);
    const { client } = await registerPlayer(s, 'lim2');
    const req = () => s.client().post('/api/auth/reset-password', { email: 'ghost-limit@example.com' });
    expect((await req()).status).toBe(200);
    expect((await req()).status).toBe(200);
    expect((await req()).status).toBe(429);

    const reset = () => s.client().post('/api/auth/reset/password', { token: 'x', email: 'a@b.cd', password: 'newpass456', password_confirmation: 'newpass456' });
    expect((await reset()).status).toBe(422);
    expect((await reset()).status).toBe(422);
    expect((await reset()).status).toBe(429);

    expect((await client.get('/api/auth/resend-email')).status).toBe(200);
    const again = await client.get('/api/auth/resend-email');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
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
    const row = await s.testDb.db.kysely.selectFrom('users').select('referrer_id').where('name', '=', 'player_refC').executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(ref.id);
  });

  it('scales the default limits', () => {
    expect(scaledRateLimits(10).login.account.max).toBe(DEFAULT_RATE_LIMITS.login.account.max * 10);
    expect(() => scaledRateLimits(0)).toThrow();
  });
});
