/**
 * Round hashes of the provable-fairness rules (ECONOMY.md principle 3): 32 bytes written as 64 lowercase
 * hex digits. One canonical spelling, so a published hash compares as a string and hashes the same
 * bytes on the server, in the browser and in anyone's own script.
 */
import { hexToBytes } from '@noble/hashes/utils.js';

/** A round hash (or the chain's seed, or its terminal hash): 64 lowercase hex digits. */
export type RoundHash = string;

/** Bytes in a round hash (a SHA-256 digest). */
export const ROUND_HASH_BYTES = 32;

/** The only accepted spelling: uppercase, `0x` prefixes and whitespace are refused, not normalised. */
export const ROUND_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** Why a fairness input was refused (a malformed hash, an empty salt, a malformed risk). */
export class FairnessError extends Error {
  override name = 'FairnessError';
}

/** Whether `value` is a well-formed round hash; a type guard for data read off the wire. */
export function isRoundHash(value: unknown): value is RoundHash {
  return typeof value === 'string' && ROUND_HASH_PATTERN.test(value);
}

/** The raw 32 bytes of `hash` (what gets hashed and HMAC'd); throws FairnessError if malformed. */
export function roundHashBytes(hash: RoundHash): Uint8Array {
  if (!isRoundHash(hash)) throw new FairnessError(`not a round hash (64 lowercase hex digits): "${String(hash)}"`);
  return hexToBytes(hash);
}

const HEX_DIGITS = '0123456789abcdef';
const HEX_CODES = Array.from({ length: 256 }, (_, b) => [HEX_DIGITS.charCodeAt(b >> 4), HEX_DIGITS.charCodeAt(b & 15)] as const);

/** The canonical spelling of 32 raw bytes. */
export function roundHashFromBytes(bytes: Uint8Array): RoundHash {
  if (bytes.length !== ROUND_HASH_BYTES) throw new FairnessError(`a round hash has ${ROUND_HASH_BYTES} bytes, got ${bytes.length}`);
  // One flat string from char codes: concatenating digit pairs (as bytesToHex does) leaves V8 rope
  // strings that cost ~1 KB each and make a million-link chain 3× slower to build and hold.
  const codes = new Array<number>(2 * ROUND_HASH_BYTES);
  for (let i = 0; i < ROUND_HASH_BYTES; i++) {
    const [hi, lo] = HEX_CODES[bytes[i]!]!;
    codes[2 * i] = hi;
    codes[2 * i + 1] = lo;
  }
  return String.fromCharCode(...codes);
}
