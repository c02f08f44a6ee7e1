/** Registration, e-mail verification and resend, on both databases, through the real server. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userSchema } from '../../src/shared/api/user';
import { sha256Hex } from '../../src/server/domain/auth/secrets';
import { uniqueViolationField } from '../../src/server/domain/auth/uniqueViolation';
import { NICKNAME_CHARACTERS } from '../../src/shared/rules/nickname';
import { dialectsFor } from '../support/testDb';
import { countRows, registerPlayer, registration, startTestServer, TEST_PUBLIC_URL, type TestServer } from '../support/server';
import { linkIn } from '../support/smtp';

const LEAKED = 'The given password has appeared in a data leak. Please choose a different password.';
const PERSONAL = 'The password field must not contain your name or e-mail address.';
const BAD_EMAIL = 'The email field must be a valid email address.';

describe.each(dialectsFor(inject('pgAdminUrl')))('registration on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  it('registers, mails a verification link, verifies once, then logs in', async () => {
    const client = s.client();
    await client.csrf();
    const guestSession = client.cookies.get('aeon_session');
    const reg = await client.post('/api/auth/register', registration('reg1', { email: 'Reg1@Example.com', skin_id: '4' }));
    expect(reg.status).toBe(200);
    expect(reg.body.success).toBe(true);
    const user = userSchema.parse(reg.body.data);
    expect(user).toMatchObject({
      name: 'player_reg1',
      email: 'Reg1@Example.com',
      email_confirmed: false,
      investor_skin_id: 4,
      balance_ngls: '0.00000000',
      balance_busd: '0.000000',
      balance_bnb: '0.000000000',
      level: -1,
      xp: 0,
      next_level_xp: 1000,
      ref_count: 0,
      ref_tokens: 0,
      completed_onboarding: false,
      start_pack: false,
      start_gas: false,
      senator: null,
      patricius: null,
      withdraws: '0.00000000',
      items: [],
    });
    expect(user.ref_code).toMatch(/^[a-z0-9]{10}$/);
    expect(user.ref_link).toBe(`${TEST_PUBLIC_URL}/register/code/${user.ref_code}`);
    expect(user.ws_auth_token.length).toBeGreaterThanOrEqual(32);
    // Registering logs in with a new session id.
    expect(client.cookies.get('aeon_session')).not.toBe(guestSession);
    expect((await client.get('/api/auth/status')).body.data.id).toBe(user.id);

    const mail = await s.smtp.waitFor('reg1@example.com', /confirm your e-mail/);
    expect(mail.subject).toContain(s.config.productName);
    const link = linkIn(mail, '/verify-email/');
    const m = new RegExp(
      `^${TEST_PUBLIC_URL}/verify-email/([A-Za-z0-9_-]{43})/Confirm%20your%20e-mail%20to%20apply%20KYC\\?ref=mail$`,
    ).exec(link);
    expect(m, link).not.toBeNull();
    const token = m![1]!;

    // At rest: an Argon2id hash (19 MiB, 2 passes) and only the token's SHA-256.
    const k = s.testDb.db.kysely;
    const row = await k.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await k.selectFrom('tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((t) => t.token_hash)).toEqual([sha256Hex(token)]);

    expect((await client.get(`/api/register/verify/${token}`)).body).toEqual({ success: true, data: { email_confirmed: false } });
    const confirm = await client.post(`/api/register/verify/${token}`);
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toEqual({ email_confirmed: true });
    // Confirming ends the caller's session (the page clears its storage and goes to /login).
    expect((await client.get('/api/auth/status')).status).toBe(401);
    expect((await client.get(`/api/register/verify/${token}`)).body.data).toEqual({ email_confirmed: true });
    const again = await client.post(`/api/register/verify/${token}`);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ success: false, message: 'E-mail already confirmed.' });

    const login = await s.client().post('/api/auth/login', { username: 'reg1@EXAMPLE.com', password: 'sesame-otter-7' });
    expect(login.status).toBe(200);
    expect(login.body.data.email_confirmed).toBe(true);
    expect(login.body.data.balance).toBe('0.00000000');
  });

  it('answers 404 for unknown and expired verification tokens', async () => {
    const { client } = await registerPlayer(s, 'exp1');
    const mail = await s.smtp.waitFor('playerexp1@example.com');
    const token = linkIn(mail, '/verify-email/').split('/')[4]!;
    const unknown = await client.get('/api/register/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
    expect((await client.post('/api/register/verify/nope')).status).toBe(404);
    s.clock.advance(48 * 3600_000 + 1);
    try {
      expect((await client.get(`/api/register/verify/${token}`)).status).toBe(404);
      expect((await client.post(`/api/register/verify/${token}`)).status).toBe(404);
    } finally {
      s.clock.advance(-(48 * 3600_000 + 1));
    }
  });

  it('resends the verification mail to a logged-in player only, and not after confirmation', async () => {
    expect((await s.client().get('/api/auth/resend-email')).body).toEqual({ success: false, message: 'Unauthenticated.' });
    const { client } = await registerPlayer(s, 'resend1');
    const first = await s.smtp.waitFor('playerresend1@example.com');
    const res = await client.get('/api/auth/resend-email');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const mails = () => s.smtp.mails.filter((m) => m.to.includes('playerresend1@'));
    await expect.poll(() => mails().length).toBe(2);
    const second = mails()[1]!;
    const oldToken = linkIn(first, '/verify-email/').split('/')[4]!;
    const newToken = linkIn(second, '/verify-email/').split('/')[4]!;
    expect(newToken).not.toBe(oldToken);
    // A resend retires the older link.
    expect((await client.get(`/api/register/verify/${oldToken}`)).status).toBe(404);
    expect((await client.post(`/api/register/verify/${newToken}`)).status).toBe(200);
    await client.post('/api/auth/login', { username: 'playerresend1@example.com', password: 'sesame-otter-7' });
    const after = await client.get('/api/auth/resend-email');
    expect(after.status).toBe(422);
    expect(after.body.message).toBe('E-mail already confirmed.');
  });

  const invalid: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['empty name', { name: '' }, { name: ['The name field is required.'] }],
    ['short name', { name: 'ab' }, { name: ['The name field must be at least 3 characters.'] }],
    ['long name', { name: 'a'.repeat(33) }, { name: ['The name field must not be greater than 32 characters.'] }],
    ['name with spaces', { name: 'a b c' }, { name: [NICKNAME_CHARACTERS] }],
    ['missing email', { email: undefined }, { email: ['The email field is required.'] }],
    ['bad email', { email: 'not-an-email' }, { email: ['The email field must be a valid email address.'] }],
    [
      'short password',
      { password: 'abc1', password_confirmation: 'abc1' },
      { password: ['The password field must be at least 8 characters.'] },
    ],
    ['common password', { password: 'Password1', password_confirmation: 'Password1' }, { password: [LEAKED] }],
    ['common password (digits)', { password: '12345678', password_confirmation: '12345678' }, { password: [LEAKED] }],
    [
      'password with the name',
      { name: 'Zanzibar', password: 'my-zanzibar-pass', password_confirmation: 'my-zanzibar-pass' },
      { password: [PERSONAL] },
    ],
    [
      'password with the e-mail',
      { email: 'quokka77@example.com', password: 'QUOKKA77 rules', password_confirmation: 'QUOKKA77 rules' },
      { password: [PERSONAL] },
    ],
    [
      'password over 256',
      { password: 'x'.repeat(257), password_confirmation: 'x'.repeat(257) },
      { password: ['The password field must not be greater than 256 characters.'] },
    ],
    [
      'password with NUL',
      { password: 'abc\u0000defghij', password_confirmation: 'abc\u0000defghij' },
      { password: ['The password field must not contain control characters.'] },
    ],
    ['e-mail with a display name', { email: 'x<attacker@evil.example>' }, { email: [BAD_EMAIL] }],
    ['e-mail with a comma', { email: 'a@evil.example,x' }, { email: [BAD_EMAIL] }],
    ['e-mail with a display name and space', { email: 'Bob <bob@evil.example>' }, { email: [BAD_EMAIL] }],
    ['two e-mails', { email: 'a@b.example;c@d.example' }, { email: [BAD_EMAIL] }],
    ['quoted local part', { email: '"a b"@evil.example' }, { email: [BAD_EMAIL] }],
    ['e-mail with a comment', { email: 'a(comment)@evil.example' }, { email: [BAD_EMAIL] }],
    ['e-mail with inner space', { email: 'a b@evil.example' }, { email: [BAD_EMAIL] }],
    ['e-mail with a NUL', { email: 'nul\u0000@example.com' }, { email: [BAD_EMAIL] }],
    [
      'e-mail over 255 once lower-cased',
      { email: `x@${['İ'.repeat(60), 'İ'.repeat(60), 'İ'.repeat(60)].join('.')}.com` },
      { email: ['The email field must not be greater than 255 characters.'] },
    ],
    ['ref code with a NUL', { ref_code: 'abc\u0000def' }, { ref_code: ['The selected ref code is invalid.'] }],
    ['long ref code', { ref_code: 'a'.repeat(5000) }, { ref_code: ['The selected ref code is invalid.'] }],
    ['ref user id past 32 bits', { ref_user_id: '99999999999' }, { ref_user_id: ['The selected ref user id is invalid.'] }],
    ['name with a NUL', { name: 'abc\u0000def' }, { name: [NICKNAME_CHARACTERS] }],
    ['confirmation mismatch', { password_confirmation: 'secret124' }, { password: ['The password field confirmation does not match.'] }],
    ['skin 0', { skin_id: 0 }, { skin_id: ['The skin id field must be between 1 and 6.'] }],
    ['skin 7', { skin_id: 7 }, { skin_id: ['The skin id field must be between 1 and 6.'] }],
    ['skin 1.5', { skin_id: 1.5 }, { skin_id: ['The skin id field must be an integer.'] }],
    ['skin text', { skin_id: 'two' }, { skin_id: ['The skin id field must be an integer.'] }],
    ['unknown ref code', { ref_code: 'nosuchcode' }, { ref_code: ['The selected ref code is invalid.'] }],
    ['unknown ref user', { ref_user_id: 999999 }, { ref_user_id: ['The selected ref user id is invalid.'] }],
    ['name as number', { name: 12345 }, { name: ['The name field must be a string.'] }],
  ];

  it.each(invalid)('refuses %s with 422 and writes nothing', async (_label, change, errors) => {
    const before = await Promise.all([countRows(s, 'users'), countRows(s, 'tokens')]);
    const client = s.client();
    const res = await client.post('/api/auth/register', registration(`inv${Math.random().toString(36).slice(2, 8)}`, change));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    expect(await Promise.all([countRows(s, 'users'), countRows(s, 'tokens')])).toEqual(before);
    expect((await client.get('/api/auth/status')).status).toBe(401);
  });

  it('reports every error at once with a Laravel summary', async () => {
    const res = await s
      .client()
      .post('/api/auth/register', { name: '', email: 'x', password: 'a', password_confirmation: 'b', skin_id: 9 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['name', 'email', 'password', 'skin_id']);
    expect(res.body.message).toBe('The name field is required. (and 4 more errors)');
  });

  it('refuses a taken e-mail or name in any letter case', async () => {
    await registerPlayer(s, 'taken1');
    const users = await countRows(s, 'users');
    const byEmail = await s.client().post('/api/auth/register', registration('other1', { email: 'PLAYERTAKEN1@example.com' }));
    expect(byEmail.status).toBe(422);
    expect(byEmail.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const byName = await s.client().post('/api/auth/register', registration('other2', { name: 'PLAYER_TAKEN1' }));
    expect(byName.status).toBe(422);
    expect(byName.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect(await countRows(s, 'users')).toBe(users);
  });

  it('lets exactly one of five concurrent same-e-mail registrations through', async () => {
    const users = await countRows(s, 'users');
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => s.client().post('/api/auth/register', registration(`race${i}`, { email: 'race@example.com' }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.body.errors).toEqual({ email: ['The email has already been taken.'] });
    expect(await countRows(s, 'users')).toBe(users + 1);
  });

  it('names the field whose unique index refused a duplicate (the judge of registration races)', async () => {
    const { user } = await registerPlayer(s, 'uniq1');
    const base = {
      name: 'fresh_name',
      email: 'fresh@example.com',
      email_normalized: 'fresh@example.com',
      password_hash: 'h',
      investor_skin_id: 1,
      ref_code: 'freshcode1',
      ws_auth_token: 'fresh-token',
      created_at: 1,
      updated_at: 1,
    };
    const tryInsert = (change: Record<string, string>) =>
      s.testDb.db.kysely
        .insertInto('users')
        .values({ ...base, ...change })
        .execute()
        .then(
          () => undefined,
          (e: unknown) => uniqueViolationField(e),
        );
    expect(await tryInsert({ name: 'PLAYER_UNIQ1' })).toBe('name');
    expect(await tryInsert({ email_normalized: 'playeruniq1@example.com' })).toBe('email');
    expect(await tryInsert({ ref_code: user.ref_code })).toBe('ref_code');
    expect(await tryInsert({ ws_auth_token: user.ws_auth_token })).toBe('ws_auth_token');
  });

  it('answers malformed bodies with the envelope, never a crash', async () => {
    const client = s.client();
    const bad = await client.post('/api/auth/register', undefined, { raw: '{"name": ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'Malformed request body.' });
    const arr = await client.post('/api/auth/register', [1, 2]);
    expect(arr.status).toBe(400);
    expect(arr.body.success).toBe(false);
    const empty = await client.post('/api/auth/register', undefined, { raw: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toEqual(['The name field is required.']);
  });
});
