/**
 * The login's second step and the passkey login. A right password on an account with a second factor
 * answers a ticket (no session); the ticket plus a TOTP code, a recovery code or a passkey assertion
 * makes the session. A passkey alone also logs in (usernameless: the discoverable credential names
 * its account), since it is both something held and a verified user.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginFactorBody, passkeyLoginBody, SECOND_FACTOR_NEEDED, type SecondFactorNeeded } from '../../../shared/api/factors';
import type { Ok } from '../../../shared/api/envelope';
import { AppError } from '../../domain/errors';
import { issueLoginTicket, takeLoginTicket, ticketOwner } from '../../domain/security/loginTickets';
import { passkeyAssertionOptions, redeemPasskey } from '../../domain/security/passkeys';
import { factorMethods, proofOf, requireFreshFactor, FACTOR_WRONG } from '../../domain/security/secondFactor';
import { loadUserView } from '../../domain/users/loadUserView';
import { findUserById } from '../../domain/users/userRepo';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { factorDepsOf } from '../factorContext';
import { isKnownDevice, rememberDevice } from '../knownDeviceCookie';
import { AUTH_BODY_LIMIT } from '../rateLimit';
import { startSession } from '../sessionCookies';

/** Text of a ticket that expired or was used. */
export const TICKET_EXPIRED = 'The login has expired. Please enter your password again.';
/** Text of a passkey login that did not verify. */
export const PASSKEY_LOGIN_FAILED = 'This passkey could not log you in.';

/** The first step's answer for an account with a second factor (a ticket, no session), or undefined. */
export async function secondFactorStep(ctx: AppContext, userId: number): Promise<Ok<SecondFactorNeeded> | undefined> {
  const deps = factorDepsOf(ctx);
  const methods = await factorMethods(deps, userId);
  if (!methods.totp && !methods.passkey) return undefined;
  const ticket = await issueLoginTicket(deps, userId);
  const options = methods.passkey ? await passkeyAssertionOptions(deps, 'login', userId) : null;
  const webauthn = options as SecondFactorNeeded['second_factor']['webauthn'];
  return ok({ second_factor: { ticket, ...methods, webauthn } }, SECOND_FACTOR_NEEDED);
}

/** Registers POST /api/auth/login/factor, /api/auth/passkey/options and /api/auth/passkey/login. */
export function loginFactorRoutes(app: App, ctx: AppContext): void {
  const deps = factorDepsOf(ctx);

  const finish = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    const user = await findUserById(ctx.db.kysely, userId);
    if (!user) throw new AppError(422, TICKET_EXPIRED, { ticket: [TICKET_EXPIRED] });
    rememberDevice(ctx, request, reply, user);
    await startSession(ctx, request, reply, user.id);
    const data = await loadUserView(ctx.db.kysely, ctx.balances, ctx.config.publicUrl, user, ctx.clock.now());
    return ok({ ...data, balance: data.balance_ngls }, 'Logged in.');
  };

  app.post('/api/auth/login/factor', { schema: { body: loginFactorBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const userId = await ticketOwner(deps, request.body.ticket);
    if (userId === undefined) throw new AppError(422, TICKET_EXPIRED, { ticket: [TICKET_EXPIRED] });
    const user = await findUserById(ctx.db.kysely, userId);
    if (!user) throw new AppError(422, TICKET_EXPIRED, { ticket: [TICKET_EXPIRED] });
    await ctx.limiter.hit('factor', request.ip, user.email, () => isKnownDevice(ctx, request, user.email));
    const proof = proofOf(request.body);
    // The ticket's passkey challenge was made for the login, not for a fresh proof.
    if (proof.webauthn !== undefined && proof.otp === undefined && proof.recovery_code === undefined) {
      const owner = await redeemPasskey(deps, 'login', userId, proof.webauthn);
      if (owner !== userId) throw new AppError(422, FACTOR_WRONG, { webauthn: [FACTOR_WRONG] });
    } else {
      await requireFreshFactor(deps, userId, proof);
    }
    await ctx.limiter.clear('factor', request.ip, user.email);
    if (!(await takeLoginTicket(deps, request.body.ticket))) throw new AppError(422, TICKET_EXPIRED, { ticket: [TICKET_EXPIRED] });
    return finish(request, reply, userId);
  });

  app.post('/api/auth/passkey/options', async () => ok(await passkeyAssertionOptions(deps, 'login', null)));

  app.post('/api/auth/passkey/login', { schema: { body: passkeyLoginBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    await ctx.limiter.hit('factor', request.ip);
    const userId = await redeemPasskey(deps, 'login', null, request.body.webauthn as unknown as AuthenticationResponseJSON);
    if (userId === undefined) throw new AppError(422, PASSKEY_LOGIN_FAILED, { webauthn: [PASSKEY_LOGIN_FAILED] });
    return finish(request, reply, userId);
  });
}
