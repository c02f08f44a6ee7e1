/**
 * Who a `sync` subscribes: the user of the `ws_auth_token`, only with a live session of that same user
 * (the handshake's session cookie). The token alone is not enough: a tab whose session ended elsewhere
 * must not resubscribe on reconnect.
 */
import { loadSession, peekSessionExpiry } from '../domain/auth/sessions';
import { findUserByWsToken } from '../domain/users/userRepo';
import type { AppContext } from '../app/context';

/** A subscribed socket's identity: its user and session, and when that session expires. */
export interface SocketIdentity {
  userId: number;
  sessionKey: string;
  expiresAt: number;
}

/** The outcome of a `sync`: the identity proven, or whether the socket's cookie at least named a live session. */
export type SyncOutcome = { identity: SocketIdentity } | { identity?: undefined; sessionLive: boolean };

/** What `token` + `cookie` prove (nothing, also when the database fails). */
export async function authenticate(ctx: AppContext, token: string, cookie: string | undefined): Promise<SyncOutcome> {
  // No cookie, no database read: a flood of cookieless `sync`s costs nothing but parsing.
  if (!cookie || !token) return { sessionLive: false };
  try {
    const [user, session] = await Promise.all([
      findUserByWsToken(ctx.db.kysely, token),
      loadSession(ctx.db.kysely, cookie, ctx.clock.now()),
    ]);
    if (!user || !session || session.userId !== user.id) return { sessionLive: session !== undefined };
    return { identity: { userId: user.id, sessionKey: session.key, expiresAt: session.expiresAt } };
  } catch {
    return { sessionLive: false };
  }
}

/**
 * The session's current expiry, if it is still the same live session of `identity`'s user. It reads
 * without sliding: requests keep a session alive (sliding expiry), an open socket alone does not.
 */
export async function recheckSession(ctx: AppContext, identity: SocketIdentity): Promise<number | undefined> {
  const session = await peekSessionExpiry(ctx.db.kysely, identity.sessionKey, ctx.clock.now());
  if (!session || session.userId !== identity.userId) return undefined;
  return session.expiresAt;
}
