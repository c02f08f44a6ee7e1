/** Reads the session cookie from a handshake's `Cookie` header (the socket has no Fastify request). */
import { SESSION_COOKIE } from '../http/sessionCookies';

/** The session cookie's value in `header`, if present. */
export function sessionCookieFrom(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
