/** Picks the precompressed encoding a request accepts (RFC 9110 §12.5.3), for responses built outside
 *  @fastify/static (the SPA fallback). */

/**
 * The first of `offered` (in server preference order) with the highest q-value in `header`; `*` covers any
 * encoding not named; q=0 refuses. Returns undefined when the client should get the identity bytes.
 */
export function pickEncoding(header: string | string[] | undefined, offered: readonly string[]): string | undefined {
  if (header === undefined) return undefined;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: string | undefined;
  let bestQ = 0;
  for (const enc of offered) {
    const value = q.get(enc) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = enc;
      bestQ = value;
    }
  }
  return best;
}
