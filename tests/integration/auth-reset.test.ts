/** Password reset: same answer for unknown e-mails, a single-use expiring link, every session ended. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../support/testDb';
import { countRows, registerPlayer, startTestServer, TEST_PUBLIC_URL, type TestServer } from '../support/server';
import { linkIn } from '../support/smtp';

const REQUESTED = 'If that e-mail address is registered, we have sent a password reset link to it.';
const INVALID = 'This password reset token is invalid.';

describe.each(dialectsFor(inject('pgAdminUrl')))('password reset on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  async function requestReset(email: string): Promise<string> {
    const res = await s.client().post('/api/auth/reset-password', { email }, { headers: { host: 'evil.example' } });
    expect(res.status).toBe(200);
    const mail = await s.smtp.waitFor(email, /reset your password/);
    const link = linkIn(mail, '/reset-password/');
    const m = new RegExp(`^${TEST_PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})\\?email=([^&]+)&ref=mail$`).exec(link);
    expect(m, link).not.toBeNull();
    expect(decodeURIComponent(m![2]!)).toBe(email);
    return m![1]!;
  }

  it('answers a known and an unknown e-mail alike, and mails only the known one', async () => {
    await registerPlayer(s, 'same1');
    const tokensBefore = await countRows(s, 'tokens');
    const known = await s.client().post('/api/auth/reset-password', { email: 'playersame1@example.com' });
    const unknown = await s.client().post('/api/auth/reset-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: null, message: REQUESTED });
    expect(unknown.body).toEqual(known.body);
    await s.smtp.waitFor('playersame1@example.com', /reset your password/);
    expect(s.smtp.mails.some((m) => m.to.includes('ghost@'))).toBe(false);
    expect(await countRows(s, 'tokens')).toBe(tokensBefore + 1);
    const bad = await s.client().post('/api/auth/reset-password', { email: 'not an email' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: ['The email field must be a valid email address.'] });
  });

  it('takes the same steps before answering a known and an unknown e-mail: look-up, token and mail come after', async () => {
    await registerPlayer(s, 'timing1');
    await s.ctx.auth.background.idle();
    const held: (() => Promise<void>)[] = [];
    const background = s.ctx.auth.background;
    const defer = background.defer;
    background.defer = (_name, task) => void held.push(task);
    try {
      const tokens = await countRows(s, 'tokens');
      const mails = s.smtp.mails.length;
      const known = await s.client().post('/api/auth/reset-password', { email: 'playertiming1@example.com' });
      expect(known.body).toEqual({ success: true, data: null, message: REQUESTED });
      expect(held).toHaveLength(1);
      const unknown = await s.client().post('/api/auth/reset-password', { email: 'ghost-timing@example.com' });
      expect(unknown.body).toEqual(known.body);
      expect(held).toHaveLength(2);
      // Nothing about the account was touched before either answer.
      expect(await countRows(s, 'tokens')).toBe(tokens);
      await Promise.all(held.map((task) => task()));
      expect(await countRows(s, 'tokens')).toBe(tokens + 1);
      await s.smtp.waitFor('playertiming1@example.com', /reset your password/);
      expect(s.smtp.mails.slice(mails).map((m) => m.to)).toEqual([expect.stringContaining('playertiming1@example.com')]);
    } finally {
      background.defer = defer;
    }
  });

  it('applies the password rules to the new password, the name and e-mail rule included', async () => {
    await registerPlayer(s, 'rules1', { name: 'Wombat_rules' });
    const token = await requestReset('playerrules1@example.com');
    const form = (password: string) => ({ token, email: 'playerrules1@example.com', password, password_confirmation: password });
    const common = await s.client().post('/api/auth/reset/password', form('iloveyou2'));
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({
      password: ['The given password has appeared in a data leak. Please choose a different password.'],
    });
    for (const p of ['x-wombat_rules-x', 'PLAYERRULES1-again']) {
      const personal = await s.client().post('/api/auth/reset/password', form(p));
      expect(personal.status).toBe(422);
      expect(personal.body.errors).toEqual({ password: ['The password field must not contain your name or e-mail address.'] });
    }
    expect((await s.client().post('/api/auth/reset/password', form('a-better-one-9'))).status).toBe(200);
  });

  it('resets once with the mailed link, ends every session of the player, and rotates the socket token', async () => {
    const { client: phone, user } = await registerPlayer(s, 'rst1');
    const laptop = s.client();
    expect((await laptop.post('/api/auth/login', { username: 'playerrst1@example.com', password: 'sesame-otter-7' })).status).toBe(200);
    const token = await requestReset('playerrst1@example.com');

    const form = { token, email: 'playerrst1@example.com', password: 'newpass456', password_confirmation: 'newpass456' };
    const mismatch = await s.client().post('/api/auth/reset/password', { ...form, password_confirmation: 'other456' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
    const otherEmail = await s.client().post('/api/auth/reset/password', { ...form, email: 'playersame1@example.com' });
    expect(otherEmail.status).toBe(422);
    expect(otherEmail.body).toEqual({ success: false, message: INVALID, errors: { email: [INVALID] } });

    const ok = await s.client().post('/api/auth/reset/password', form);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, data: null, message: 'Your password has been reset.' });
    expect((await phone.get('/api/auth/status')).status).toBe(401);
    expect((await laptop.get('/api/auth/status')).status).toBe(401);

    const again = await s.client().post('/api/auth/reset/password', { ...form, password: 'third789x', password_confirmation: 'third789x' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(INVALID);

    expect((await s.client().post('/api/auth/login', { username: 'playerrst1@example.com', password: 'sesame-otter-7' })).status).toBe(422);
    const login = await s.client().post('/api/auth/login', { username: 'playerrst1@example.com', password: 'newpass456' });
    expect(login.status).toBe(200);
    expect(login.body.data.ws_auth_token).not.toBe(user.ws_auth_token);
  });

  it('refuses a reset link older than 60 minutes', async () => {
    await registerPlayer(s, 'old1');
    const token = await requestReset('playerold1@example.com');
    s.clock.advance(60 * 60_000 + 1);
    try {
      const res = await s.client().post('/api/auth/reset/password', {
        token,
        email: 'playerold1@example.com',
        password: 'newpass456',
        password_confirmation: 'newpass456',
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(INVALID);
    } finally {
      s.clock.advance(-(60 * 60_000 + 1));
    }
    expect((await s.client().post('/api/auth/login', { username: 'playerold1@example.com', password: 'sesame-otter-7' })).status).toBe(200);
  });

  it('retires an older link when a new one is requested', async () => {
    await registerPlayer(s, 'two1');
    const first = await requestReset('playertwo1@example.com');
    s.smtp.mails.splice(0, s.smtp.mails.length);
    const second = await requestReset('playertwo1@example.com');
    expect(second).not.toBe(first);
    const form = { email: 'playertwo1@example.com', password: 'newpass456', password_confirmation: 'newpass456' };
    expect((await s.client().post('/api/auth/reset/password', { ...form, token: first })).status).toBe(422);
    expect((await s.client().post('/api/auth/reset/password', { ...form, token: second })).status).toBe(200);
  });
});
