/** What identifies a request's content: sha256 of its canonical JSON, so equal requests hash equal. */
import crypto from 'node:crypto';

/** The parts of a request that make it "the same request". */
export interface RequestShape {
  method: string;
  /** The route pattern (`/api/transactions/:id/commit`) or path. */
  path: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** JSON with object keys sorted at every level (and bigints as decimal strings): one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 hex of the canonical request; key order and whitespace of the body do not matter. */
export function requestHash(shape: RequestShape): string {
  const canonical = canonicalJson({
    method: shape.method.toUpperCase(),
    path: shape.path,
    params: shape.params ?? {},
    query: shape.query ?? {},
    body: shape.body ?? {},
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}
