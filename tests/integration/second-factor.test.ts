/**
 * The second factor on both databases: TOTP enabled with a code from the shown secret (recovery codes
 * shown once), the login's two steps, a replayed code refused, a recovery code used by two requests at
 * once (one wins), disabling with a fresh factor, new recovery codes with a fresh factor, unfreezing
 * withdrawals with one, and an on-chain withdrawal that needs one.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generate } from 'otplib';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, type TestClient, type TestServer } from '../support/server';
import { startChainServer, type ChainServer } from '../support/chain';
import { createLedger } from '../../src/server/ledger/index';
import { FACTOR_NEEDED, FACTOR_WRONG } from '../../src/server/domain/security/secondFactor';
import { SECOND_FACTOR_NEEDED } from '../../src/shared/api/factors';
import { fundPlayer, setFlags, walletSnapshot } from './wallet/support/walletFixtures';

const PASSWORD = 'sesame-otter-7';

describe.each(dialectsFor(inject('pgAdminUrl')))('second factor on %s', (dialect) => {
  let chainServer: ChainServer;
  let s: TestServer;
  beforeAll(async () => {
    chainServer = await startChainServer(dialect, inject('pgAdminUrl'));
    s = chainServer.server;
  });
  afterAll(() => chainServer?.close());

  /** The TOTP code of `secret` at the server's clock. */
  const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(s.clock.now() / 1000) + offsetSeconds });
  /** Moves the server's clock to the start of the next 30-second step (a new code). */
  const nextStep = () => s.clock.advance(30_000 - (s.clock.now() % 30_000));

  /** Registers `n` and turns TOTP on; answers the client, the secret and the recovery codes. */
  async function withTotp(n: string): Promise<{ client: TestClient; userId: number; email: string; secret: string; codes: string[] }> {
    const { client, user, form } = await registerPlayer(s, n);
    const setup = await client.post('/api/auth/factors/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, uri, qr_data_url } = setup.body.data as { secret: string; uri: string; qr_data_url: string };
    expect(uri).toContain(`secret=${secret}`);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const confirmed = await client.post('/api/auth/factors/totp/confirm', { code: await codeAt(secret) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.data.recovery_codes as string[];
    return { client, userId: user.id, email: form.email as string, secret, codes };
  }

  async function passwordStep(email: string) {
    const c = s.client();
    const res = await c.post('/api/auth/login', { username: email, password: PASSWORD });
    return { c, res };
  }

  it('enables TOTP: a wrong code is refused, a right one turns it on and shows 10 recovery codes once; the secret is sealed at rest', async () => {
    const { client, user } = await registerPlayer(s, 'f-enable');
    const setup = (await client.post('/api/auth/factors/totp/setup')).body.data as { secret: string };
    const wrong = await client.post('/api/auth/factors/totp/confirm', {
      code: '000000' === (await codeAt(setup.secret)) ? '111111' : '000000',
    });
    expect([wrong.status, Object.keys(wrong.body.errors)]).toEqual([422, ['code']]);
    expect((await client.get('/api/auth/factors')).body.data.totp).toBe(false);
    const ok = await client.post('/api/auth/factors/totp/confirm', { code: await codeAt(setup.secret) });
    expect(ok.status).toBe(200);
    const codes = ok.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = (await client.get('/api/auth/factors')).body.data;
    expect(status).toEqual({ totp: true, passkeys: [], recovery_codes_left: 10 });
    // Neither the secret nor any code is readable in the database.
    const row = await s.testDb.db.kysely.selectFrom('user_factors').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(setup.secret);
    const hashes = await s.testDb.db.kysely.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(hashes.map((h) => h.code_hash).join()).not.toMatch(new RegExp(codes.map((c) => c.replace('-', '')).join('|')));
    // A second setup is refused while TOTP is on.
    expect((await client.post('/api/auth/factors/totp/setup')).status).toBe(409);
  });

  it('logs in in two steps: the password gives a ticket and no session, the code finishes; a wrong code or no code is a 422 naming the field', async () => {
    const p = await withTotp('f-login');
    nextStep();
    const { c, res } = await passwordStep(p.email);
    expect([res.status, res.body.message, res.body.data.second_factor.totp, res.body.data.second_factor.passkey]).toEqual([
      200,
      SECOND_FACTOR_NEEDED,
      true,
      false,
    ]);
    expect((await c.get('/api/auth/status')).status).toBe(401);
    const ticket = res.body.data.second_factor.ticket as string;
    const none = await c.post('/api/auth/login/factor', { ticket });
    expect([none.status, none.body]).toEqual([422, { success: false, message: FACTOR_NEEDED, errors: { otp: [FACTOR_NEEDED] } }]);
    const right = await codeAt(p.secret);
    const wrong = await c.post('/api/auth/login/factor', { ticket, otp: right === '123456' ? '654321' : '123456' });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { otp: [FACTOR_WRONG] }]);
    expect((await c.get('/api/auth/status')).status).toBe(401);
    const done = await c.post('/api/auth/login/factor', { ticket, otp: right });
    expect([done.status, done.body.message, done.body.data.id]).toEqual([200, 'Logged in.', p.userId]);
    expect((await c.get('/api/auth/status')).status).toBe(200);
    // The ticket is used up.
    nextStep();
    expect((await s.client().post('/api/auth/login/factor', { ticket, otp: await codeAt(p.secret) })).body.errors).toHaveProperty('ticket');
  });

  it('refuses a replayed code (same time step) and an older one, accepts the next step', async () => {
    const p = await withTotp('f-replay');
    nextStep();
    const code = await codeAt(p.secret);
    const first = await passwordStep(p.email);
    expect((await first.c.post('/api/auth/login/factor', { ticket: first.res.body.data.second_factor.ticket, otp: code })).status).toBe(
      200,
    );
    const second = await passwordStep(p.email);
    const ticket = second.res.body.data.second_factor.ticket as string;
    const replay = await second.c.post('/api/auth/login/factor', { ticket, otp: code });
    expect([replay.status, replay.body.errors]).toEqual([422, { otp: [FACTOR_WRONG] }]);
    // The previous step's code is within the drift window but older than the one used: refused too.
    expect((await second.c.post('/api/auth/login/factor', { ticket, otp: await codeAt(p.secret, -30) })).status).toBe(422);
    nextStep();
    expect((await second.c.post('/api/auth/login/factor', { ticket, otp: await codeAt(p.secret) })).status).toBe(200);
  });

  it('two concurrent uses of one code: exactly one wins (TOTP step and recovery code)', async () => {
    const p = await withTotp('f-race');
    for (const field of ['otp', 'recovery_code'] as const) {
      nextStep();
      const proof = field === 'otp' ? await codeAt(p.secret) : p.codes[0]!;
      const a = await passwordStep(p.email);
      const b = await passwordStep(p.email);
      const answers = await Promise.all(
        [a, b].map(({ c, res }) => c.post('/api/auth/login/factor', { ticket: res.body.data.second_factor.ticket, [field]: proof })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    }
    expect((await p.client.get('/api/auth/factors')).body.data.recovery_codes_left).toBe(9);
    // The used recovery code stays used; another one (typed in capitals, without its dash) works.
    const again = await passwordStep(p.email);
    const ticket = again.res.body.data.second_factor.ticket as string;
    expect((await again.c.post('/api/auth/login/factor', { ticket, recovery_code: p.codes[0] })).body.errors).toEqual({
      recovery_code: [FACTOR_WRONG],
    });
    expect(
      (await again.c.post('/api/auth/login/factor', { ticket, recovery_code: p.codes[1]!.toUpperCase().replace('-', '') })).status,
    ).toBe(200);
  });

  it('disables TOTP only with a fresh factor; afterwards the password alone logs in and the recovery codes are gone', async () => {
    const p = await withTotp('f-disable');
    nextStep();
    const bare = await p.client.post('/api/auth/factors/totp/disable', {});
    expect([bare.status, bare.body.errors]).toEqual([422, { otp: [FACTOR_NEEDED] }]);
    const off = await p.client.post('/api/auth/factors/totp/disable', { otp: await codeAt(p.secret) });
    expect(off.status).toBe(200);
    expect((await p.client.get('/api/auth/factors')).body.data).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0 });
    const { c, res } = await passwordStep(p.email);
    expect([res.status, res.body.message]).toEqual([200, 'Logged in.']);
    expect((await c.get('/api/auth/status')).status).toBe(200);
  });

  it('issues new recovery codes only with a fresh factor: shown once, the old ones stop working', async () => {
    const p = await withTotp('f-regen');
    const bare = await p.client.post('/api/auth/factors/recovery', {});
    expect([bare.status, bare.body.errors]).toEqual([422, { otp: [FACTOR_NEEDED] }]);
    expect((await p.client.get('/api/auth/factors')).body.data.recovery_codes_left).toBe(10);
    // A recovery code is a fresh factor too: it is used, then all old codes are replaced.
    const fresh = await p.client.post('/api/auth/factors/recovery', { recovery_code: p.codes[0] });
    expect(fresh.status).toBe(200);
    const codes = fresh.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.filter((c) => p.codes.includes(c))).toEqual([]);
    expect((await p.client.get('/api/auth/factors')).body.data.recovery_codes_left).toBe(10);
    const login = await passwordStep(p.email);
    const ticket = login.res.body.data.second_factor.ticket as string;
    expect((await login.c.post('/api/auth/login/factor', { ticket, recovery_code: p.codes[1] })).body.errors).toEqual({
      recovery_code: [FACTOR_WRONG],
    });
    expect((await login.c.post('/api/auth/login/factor', { ticket, recovery_code: codes[0] })).status).toBe(200);
    // Without a factor there are no codes to renew.
    const plain = await registerPlayer(s, 'f-regen-none');
    expect((await plain.client.post('/api/auth/factors/recovery', {})).status).toBe(409);
    expect(await s.testDb.db.kysely.selectFrom('recovery_codes').select('user_id').where('user_id', '=', plain.user.id).execute()).toEqual(
      [],
    );
  });

  it('unfreezes withdrawals only with a fresh factor when the player has one', async () => {
    const p = await withTotp('f-unfreeze');
    await s.testDb.db.kysely
      .insertInto('withdrawal_freezes')
      .values({ user_id: p.userId, frozen_at: s.clock.now(), unfreeze_hash: null, unfreeze_expires_at: null })
      .execute();
    expect((await p.client.get('/api/wallet/freeze')).body.data).toEqual({ frozen: true });
    nextStep();
    const bare = await p.client.post('/api/wallet/unfreeze', {});
    expect([bare.status, bare.body.errors]).toEqual([422, { otp: [FACTOR_NEEDED] }]);
    expect((await p.client.get('/api/wallet/freeze')).body.data).toEqual({ frozen: true });
    const done = await p.client.post('/api/wallet/unfreeze', { otp: await codeAt(p.secret) });
    expect([done.status, done.body.data]).toEqual([200, { frozen: false }]);
    expect((await p.client.get('/api/wallet/freeze')).body.data).toEqual({ frozen: false });
  });

  it('an on-chain withdrawal needs a fresh factor (422 naming `otp`, nothing stored); with a code it is precalculated', async () => {
    const p = await withTotp('f-withdraw');
    await setFlags(s, p.userId, { start_gas: 1, start_pack: 1 });
    const ledger = createLedger(s.testDb.db, s.clock);
    await fundPlayer(ledger, p.userId, 'USDC', 10n ** 18n);
    const body = { to_address: '0x00000000000000000000000000000000000c0ffe', amount: '5', currency: 'busd' };
    nextStep();
    const before = await walletSnapshot(s);
    const refused = await p.client.post('/api/wallet/send', body);
    expect([refused.status, refused.body.errors]).toEqual([422, { otp: [FACTOR_NEEDED] }]);
    expect(await walletSnapshot(s)).toEqual(before);
    const sent = await p.client.post('/api/wallet/send', { ...body, otp: await codeAt(p.secret) });
    expect(sent.status).toBe(200);
    expect(sent.body.data.precalcData.destination).toBe('chain');
    // The verified factor travels with the withdrawal (what the address book's cooling-off reads).
    const row = await s.testDb.db.kysely
      .selectFrom('transactions')
      .select('payload')
      .where('id', '=', sent.body.data.transaction.id)
      .executeTakeFirstOrThrow();
    expect(String(row.payload)).toContain('"factorVerified":true');
  });
});
