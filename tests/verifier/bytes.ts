/** Byte helpers of the outside verifier: hex in and out, sha256 and HMAC over raw bytes (node:crypto only). */
import { createHash, createHmac } from 'node:crypto';

/** The raw bytes of a hex string, with or without 0x; throws on anything else (a malformed field is a failure). */
export function raw(hex: string): Buffer {
  const h = hex.replace(/^0x/, '');
  if (!/^([0-9a-f]{2})*$/i.test(h)) throw new Error(`not hex: ${hex}`);
  return Buffer.from(h, 'hex');
}

/** sha256 of the concatenated parts, as bytes. */
export const sha = (...parts: Buffer[]): Buffer => createHash('sha256').update(Buffer.concat(parts)).digest();

/** HMAC-SHA256(key, message), as lowercase hex. */
export const hmacHex = (key: Buffer, message: Buffer): string => createHmac('sha256', key).update(message).digest('hex');

/** The first 52 bits of a hex digest (its first 13 hex digits) as an integer. */
export const first52 = (hex: string): bigint => BigInt(`0x${hex.slice(0, 13)}`);

/** A decimal integer string as a non-negative bigint; throws on anything else. */
export function units(text: string): bigint {
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw new Error(`not a non-negative integer: ${String(text)}`);
  return BigInt(text);
}

/** `v` as an unsigned big-endian integer of `bytes` bytes; throws when it does not fit. */
export function uintBE(v: bigint, bytes: number): Buffer {
  if (v < 0n || v >= 1n << BigInt(bytes * 8)) throw new Error(`${v} does not fit ${bytes * 8} bits`);
  return Buffer.from(v.toString(16).padStart(bytes * 2, '0'), 'hex');
}

/** One verdict: what was checked, whether it held, and why not. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** Runs `fn` as one check: a thrown error (malformed input) is a failure, never an exception. */
export function check(name: string, fn: () => string | true | false): Check {
  try {
    const out = fn();
    if (out === true) return { name, ok: true, detail: 'ok' };
    if (out === false) return { name, ok: false, detail: 'does not hold' };
    return { name, ok: false, detail: out };
  } catch (e) {
    return { name, ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}
