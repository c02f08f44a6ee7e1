/**
 * The app's wiring (src/server/app.ts builds it): what the HTTP route modules and the socket gateway both
 * receive, kept apart from either so neither depends on the other. Also the zod-typed Fastify instance type.
 */
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { AuthDeps } from '../domain/auth/deps';
import type { BalanceReader } from '../domain/users/balances';
import type { JoinBatcher } from '../domain/eidols/joinBatcher';
import type { RateLimiter } from '../http/rateLimit';

/** The Fastify instance with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Called with the stored keys of sessions that just ended (and the user, when all of a user's sessions
 * ended), so their sockets can be closed.
 */
export type SessionsEndedListener = (sessionKeys: string[], userId?: number) => void;

/** The app's wiring, shared by the route modules. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  balances: BalanceReader;
  limiter: RateLimiter;
  auth: AuthDeps;
  /** Signs the stateless guest CSRF tokens (APP_KEY, or generated once and kept in the database). */
  signingKey: Buffer;
  /** Listeners told when sessions end (logout, reset, verification). */
  sessionsEnded: Set<SessionsEndedListener>;
  /** The process's one join batcher (its queue is the joins' group commit). */
  joins: JoinBatcher;
}

/** Tells the listeners that these sessions (or all sessions of `userId`) ended. */
export function announceSessionsEnded(ctx: AppContext, keys: string[], userId?: number): void {
  if (keys.length === 0 && userId === undefined) return;
  for (const l of ctx.sessionsEnded) l(keys, userId);
}
