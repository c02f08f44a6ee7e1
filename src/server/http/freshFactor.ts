/**
 * A route's check of a fresh second factor: counted by the `factor` attempt limit, then verified and used
 * up. The answer says whether a factor was verified, for callers that waive something with it.
 */
import type { FastifyRequest } from 'fastify';
import { hasSecondFactor, proofOf, requireFreshFactor } from '../domain/security/secondFactor';
import type { AppContext } from '../app/context';
import { factorDepsOf } from './factorContext';
import { isKnownDevice } from './knownDeviceCookie';

/** Verifies the proof in `body` against `user`'s factor (422 naming the field unless right); counted by the limiter. */
export async function requireFactorProof(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: number; email: string },
  body: unknown,
): Promise<void> {
  await ctx.limiter.hit('factor', request.ip, user.email, () => isKnownDevice(ctx, request, user.email));
  await requireFreshFactor(factorDepsOf(ctx), user.id, proofOf(body));
  await ctx.limiter.clear('factor', request.ip, user.email);
}

/**
 * For calls a factor guards only when the player has one: true when a fresh factor was verified, false
 * when the player has none; throws the 422 when they have one and the proof is missing or wrong.
 */
export async function factorVerifiedIfEnabled(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: number; email: string },
  body: unknown,
): Promise<boolean> {
  if (!(await hasSecondFactor(factorDepsOf(ctx), user.id))) return false;
  await requireFactorProof(ctx, request, user, body);
  return true;
}
