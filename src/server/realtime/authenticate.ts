/**
 * Who a `sync` subscribes: the user of the `ws_auth_token`, only with a live session of that same user
 * (the handshake's session cookie). The token alone is not enough: a tab whose session ended elsewhere
 * must not resubscribe on reconnect.
 */
import { loadSession } from '../domain/auth/sessions';
import { findUserByWsToken } from '../domain/users/userRepo';
import type { AppContext } from '../http/context';

/** A subscribed socket's identity: its user and session, and when that session expires. */
export interface SocketIdentity {
  userId: number;
  sessionKey: string;
  expiresAt: number;
}

/** The identity `token` + `cookie` prove, or undefined (also when the database fails). */
export async function authenticate(ctx: AppContext, token: string, cookie: string | undefined): Promise<SocketIdentity | undefined> {
  if (!cookie || !token) return undefined;
  try {
    const [user, session] = await Promise.all([findUserByWsToken(ctx.db.kysely, token), loadSession(ctx.db.kysely, cookie, ctx.clock.now())]);
    if (!user || !session || session.userId !== user.id) return undefined;
    return { userId: user.id, sessionKey: session.key, expiresAt: session.expiresAt };
  } catch {
    return undefined;
  }
}

/**
 * The session's current expiry, if it is still the same live session of `identity`'s user. Loading it is
 * what the HTTP side does too, so a session kept alive by requests (sliding expiry) keeps its sockets.
 */
export async function recheckSession(ctx: AppContext, identity: SocketIdentity, cookie: string): Promise<number | undefined> {
  const session = await loadSession(ctx.db.kysely, cookie, ctx.clock.now());
  if (!session || session.key !== identity.sessionKey || session.userId !== identity.userId) return undefined;
  return session.expiresAt;
}
