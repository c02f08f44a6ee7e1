/**
 * Hostile text in every field of every auth call: NUL bytes, addresses that grow past 255 characters when
 * lower-cased (`İ` → `i̇`), display names and lists, over-long values. Each is a 422 with a field error
 * (404 for the lookups by URL), never a 500, and nothing is written — on both databases.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../support/testDb';
import { countRows, registerPlayer, startTestServer, type TestServer } from '../support/server';

const NUL = '\u0000';
const GROWS = `x@${['İ'.repeat(60), 'İ'.repeat(60), 'İ'.repeat(60)].join('.')}.com`;
const LONG = 'The email field must not be greater than 255 characters.';
const INVALID = 'The email field must be a valid email address.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

describe.each(dialectsFor(inject('pgAdminUrl')))('hostile auth inputs on %s', (dialect) => {
  let s: TestServer;
  const errors: unknown[] = [];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
    s.app.log.error = ((obj: unknown) => void errors.push(obj)) as typeof s.app.log.error;
    await registerPlayer(s, 'host1');
  });
  afterAll(() => s?.close());

  async function unchanged<T>(fn: () => Promise<T>): Promise<T> {
    const before = await Promise.all([countRows(s, 'users'), countRows(s, 'tokens')]);
    const out = await fn();
    await s.ctx.auth.background.idle();
    expect(await Promise.all([countRows(s, 'users'), countRows(s, 'tokens')])).toEqual(before);
    return out;
  }

  it.each([
    ['a NUL in the e-mail', `playerhost1@example.com${NUL}`],
    ['a NUL inside the e-mail', `player${NUL}host1@example.com`],
    ['an e-mail past 255 once lower-cased', GROWS],
    ['a display name', 'x<playerhost1@example.com>'],
  ])('login with %s: 422 bad credentials', async (_label, username) => {
    const res = await unchanged(() => s.client().post('/api/auth/login', { username, password: 'sesame-otter-7' }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: BAD_CREDENTIALS, errors: { username: [BAD_CREDENTIALS] } });
  });

  it('login with a NUL in the password: 422 bad credentials', async () => {
    const res = await s.client().post('/api/auth/login', { username: 'playerhost1@example.com', password: `sesame-otter-7${NUL}` });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [BAD_CREDENTIALS] });
  });

  it.each([
    [`a${NUL}@example.com`, INVALID],
    [GROWS, LONG],
    ['x<attacker@evil.example>', INVALID],
    ['playerhost1@example.com,attacker@evil.example', INVALID],
  ])('reset request for %j: 422 with the email field error, no mail', async (email, text) => {
    const res = await unchanged(() => s.client().post('/api/auth/reset-password', { email }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: text, errors: { email: [text] } });
    expect(s.smtp.mails.some((m) => m.to.includes('evil.example'))).toBe(false);
  });

  it.each([
    ['email', { email: `playerhost1@example.com${NUL}` }, { email: [INVALID] }],
    ['email', { email: GROWS }, { email: [LONG] }],
    ['token', { token: `abc${NUL}def` }, { email: ['This password reset token is invalid.'] }],
    [
      'password',
      { password: `abc${NUL}defghij`, password_confirmation: `abc${NUL}defghij` },
      { password: ['The password field must not contain control characters.'] },
    ],
    [
      'password_confirmation',
      { password_confirmation: `a-new-pass-1${NUL}` },
      { password: ['The password field confirmation does not match.'] },
    ],
  ])('new password with a hostile %s: 422 with the field error', async (_field, change, fieldErrors) => {
    const form = {
      token: 'x'.repeat(43),
      email: 'playerhost1@example.com',
      password: 'a-new-pass-1',
      password_confirmation: 'a-new-pass-1',
      ...change,
    };
    const res = await unchanged(() => s.client().post('/api/auth/reset/password', form));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(fieldErrors);
  });

  it('referral and verification lookups by URL with a NUL or a long value: 404', async () => {
    // Past the router's parameter limit Fastify answers 414, or, once a built client registers the static
    // files' wildcard route (the router then backtracks to it), our 404 envelope: never a route, never a 500.
    const long = await s.client().get(`/api/auth/register/ref/${'a'.repeat(4000)}`);
    expect(long.status === 414 || (long.status === 404 && long.body.message === 'Not found')).toBe(true);
    for (const code of ['abc%00def', 'a'.repeat(90), '%C4%B0'.repeat(10)]) {
      const res = await s.client().get(`/api/auth/register/ref/${code}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Referrer not found.' });
    }
    for (const token of ['abc%00def', 'b'.repeat(90)]) {
      expect((await s.client().get(`/api/register/verify/${token}`)).status).toBe(404);
      expect((await unchanged(() => s.client().post(`/api/register/verify/${token}`))).status).toBe(404);
    }
  });

  it('accepts one plain address in any script, kept as typed and found in any case', async () => {
    const email = 'Ünïcødé.ñame+tag@bücher.example';
    const res = await s.client().post('/api/auth/register', {
      name: 'unicode_1',
      email,
      password: 'sesame-otter-7',
      password_confirmation: 'sesame-otter-7',
      skin_id: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(email);
    await s.smtp.waitFor('bücher.example');
    const login = await s.client().post('/api/auth/login', { username: email.toUpperCase(), password: 'sesame-otter-7' });
    expect(login.status).toBe(200);
  });

  it('logged no server error for any of it', () => {
    expect(errors).toEqual([]);
  });
});
