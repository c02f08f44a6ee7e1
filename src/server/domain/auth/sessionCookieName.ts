/**
 * The session cookie's name, which the HTTP layer sets and the socket gateway reads at the handshake: a fact of
 * the session scheme both depend on, so neither imports the other for it.
 */
import type { Config } from '../../config';

/** Name of the session cookie over plain http (see `sessionCookieName` for https). */
export const SESSION_COOKIE = 'aeon_session';

/** The session cookie's name under `config`: `__Host-aeon_session` when the public URL is https. */
export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
