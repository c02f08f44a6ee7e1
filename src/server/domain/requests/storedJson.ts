/**
 * JSON for stored answers and payloads that keeps money exact: a bigint is written as `{"$bigint":"…"}`
 * and read back as a bigint, so a replayed answer is the same value the first run returned.
 */

/** A value that survives `encodeStored` → `decodeStored` unchanged. */
export type Stored = null | boolean | number | string | bigint | Stored[] | { [key: string]: Stored | undefined };

const TAG = '$bigint';

/** Serialises `value` (bigints tagged). */
export function encodeStored(value: Stored): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? { [TAG]: v.toString() } : v));
}

/** Parses what `encodeStored` wrote. */
export function decodeStored<T extends Stored = Stored>(text: string): T {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const tagged = (v as Record<string, unknown>)[TAG];
      if (keys.length === 1 && typeof tagged === 'string' && /^-?\d+$/.test(tagged)) return BigInt(tagged);
    }
    return v;
  }) as T;
}
