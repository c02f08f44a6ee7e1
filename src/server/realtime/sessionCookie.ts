/** Reads the session cookie from a handshake's `Cookie` header (the socket has no Fastify request). */

/** The value of the cookie `name` (the session cookie's name under the config) in `header`, if present. */
export function sessionCookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
