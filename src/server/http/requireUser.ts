/** Guards for calls that need a logged-in player. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';
import { findUserById } from '../domain/users/userRepo';
import type { UserRow } from '../domain/users/userView';
import type { AppContext } from '../app/context';

/** Laravel's text for a call without a logged-in user (HTTP 401). */
export const UNAUTHENTICATED = 'Unauthenticated.';

/** The logged-in player's row; throws 401 when the request has no user session. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const userId = request.authSession?.userId;
  const user = userId == null ? undefined : await findUserById(ctx.db.kysely, userId);
  if (!user) throw new AppError(401, UNAUTHENTICATED);
  return user;
}

/**
 * The logged-in player's id from the session alone, for hot paths that need no user row: a live session's
 * user exists (sessions are deleted with their user), so this spares requireUser's read. Throws 401 as it does.
 */
export function requireUserId(request: FastifyRequest): number {
  const userId = request.authSession?.userId;
  if (userId == null) throw new AppError(401, UNAUTHENTICATED);
  return userId;
}
