/**
 * A player's second factor: state, TOTP setup and removal, passkeys added and removed, and the challenge
 * for a fresh passkey proof. Adding a factor while one is on, and removing any, need a fresh proof; the
 * first factor enabled answers the 10 recovery codes (the only time they are shown), the last removed
 * deletes them; new recovery codes (the old ones stop working) need a fresh proof too.
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { factorProof, passkeyAddBody, passkeyParams, totpConfirmBody, type FactorStatus } from '../../../shared/api/factors';
import { AppError } from '../../domain/errors';
import { hasSecondFactor } from '../../domain/security/secondFactor';
import {
  listPasskeys,
  passkeyAssertionOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
} from '../../domain/security/passkeys';
import { dropRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft } from '../../domain/security/recoveryCodes';
import { confirmTotp, removeTotp, startTotpSetup, totpEnabled } from '../../domain/security/totp';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { factorDepsOf } from '../factorContext';
import { factorVerifiedIfEnabled, requireFactorProof } from '../freshFactor';
import { requireUser } from '../requireUser';

/** Texts of the factor calls. */
export const FACTOR_TEXTS = {
  totpOn: 'Two-step codes are already on.',
  totpOff: 'Two-step codes are not on.',
  codeWrong: 'That code is not right. Check the time on your phone and try the newest code.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyNotFound: 'Passkey not found.',
  noFactor: 'Recovery codes come with a second factor: turn on two-step codes or add a passkey first.',
} as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Registers /api/auth/factors…. */
export function factorRoutes(app: App, ctx: AppContext): void {
  const deps = factorDepsOf(ctx);
  // A first factor gets recovery codes; later ones leave the existing codes alone.
  const codesIfFirst = async (userId: number, hadFactor: boolean) => (hadFactor ? null : issueRecoveryCodes(deps, userId));
  const dropCodesIfNone = async (userId: number) => {
    if (!(await hasSecondFactor(deps, userId))) await dropRecoveryCodes(deps, userId);
  };

  app.get('/api/auth/factors', async (request) => {
    const user = await requireUser(ctx, request);
    const [totp, passkeys, left] = await Promise.all([
      totpEnabled(deps, user.id),
      listPasskeys(deps, user.id),
      recoveryCodesLeft(deps, user.id),
    ]);
    const data: FactorStatus = {
      totp,
      passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, created_at: iso(p.created_at)!, last_used_at: iso(p.last_used_at) })),
      recovery_codes_left: left,
    };
    return ok(data);
  });

  app.post('/api/auth/factors/totp/setup', async (request) => {
    const user = await requireUser(ctx, request);
    if (await totpEnabled(deps, user.id)) throw new AppError(409, FACTOR_TEXTS.totpOn);
    const setup = await startTotpSetup(deps, user.id, user.email);
    return ok({ ...setup, qr_data_url: await (await import('qrcode')).default.toDataURL(setup.uri, { margin: 1, width: 240 }) });
  });

  app.post('/api/auth/factors/totp/confirm', { schema: { body: totpConfirmBody } }, async (request) => {
    const user = await requireUser(ctx, request);
    if (await totpEnabled(deps, user.id)) throw new AppError(409, FACTOR_TEXTS.totpOn);
    const had = await factorVerifiedIfEnabled(ctx, request, user, request.body);
    await ctx.limiter.hit('factor', request.ip, user.email);
    if (!(await confirmTotp(deps, user.id, request.body.code)))
      throw new AppError(422, FACTOR_TEXTS.codeWrong, { code: [FACTOR_TEXTS.codeWrong] });
    return ok({ recovery_codes: await codesIfFirst(user.id, had) }, 'Two-step codes are on.');
  });

  app.post('/api/auth/factors/totp/disable', { schema: { body: factorProof } }, async (request) => {
    const user = await requireUser(ctx, request);
    if (!(await totpEnabled(deps, user.id))) throw new AppError(409, FACTOR_TEXTS.totpOff);
    await requireFactorProof(ctx, request, user, request.body);
    await removeTotp(deps, user.id);
    await dropCodesIfNone(user.id);
    return ok(null, 'Two-step codes are off.');
  });

  app.post('/api/auth/factors/recovery', { schema: { body: factorProof } }, async (request) => {
    const user = await requireUser(ctx, request);
    if (!(await hasSecondFactor(deps, user.id))) throw new AppError(409, FACTOR_TEXTS.noFactor);
    await requireFactorProof(ctx, request, user, request.body);
    return ok({ recovery_codes: await issueRecoveryCodes(deps, user.id) }, 'New recovery codes: the old ones no longer work.');
  });

  app.post('/api/auth/factors/challenge', async (request) => {
    const user = await requireUser(ctx, request);
    return ok(await passkeyAssertionOptions(deps, 'fresh', user.id));
  });

  app.post('/api/auth/factors/passkeys/options', async (request) => {
    const user = await requireUser(ctx, request);
    return ok(await passkeyRegistrationOptions(deps, user));
  });

  app.post('/api/auth/factors/passkeys', { schema: { body: passkeyAddBody } }, async (request) => {
    const user = await requireUser(ctx, request);
    const had = await factorVerifiedIfEnabled(ctx, request, user, request.body);
    const body = request.body;
    if (!(await registerPasskey(deps, user.id, body.credential as unknown as RegistrationResponseJSON, body.name ?? ''))) {
      throw new AppError(422, FACTOR_TEXTS.passkeyFailed, { credential: [FACTOR_TEXTS.passkeyFailed] });
    }
    return ok({ recovery_codes: await codesIfFirst(user.id, had) }, 'Passkey added.');
  });

  app.post('/api/auth/factors/passkeys/:id/remove', { schema: { params: passkeyParams, body: factorProof } }, async (request) => {
    const user = await requireUser(ctx, request);
    const owned = (await listPasskeys(deps, user.id)).some((p) => p.id === request.params.id);
    if (!owned) throw new AppError(404, FACTOR_TEXTS.passkeyNotFound);
    await requireFactorProof(ctx, request, user, request.body);
    await removePasskey(deps, user.id, request.params.id);
    await dropCodesIfNone(user.id);
    return ok(null, 'Passkey removed.');
  });
}
