/**
 * A round's threshold T ∈ [0, 1) and the zone rule (ECONOMY.md). T = first 52 bits of
 * HMAC-SHA256(key = the raw 32 round-hash bytes, message = the raw 32 bytes of the hash of the first chain
 * block mined after the round locked) / 2^52 — the block rule: the block's hash is unknown to everyone,
 * the operator included, while joins are open. Rounds booked before the block rule (each chain publishes
 * from which round it applies) used the salt rule: HMAC-SHA256(key = the chain's salt as UTF-8, message =
 * the raw round-hash bytes). T is kept as its 52-bit integer numerator, and every comparison with a risk is
 * done in bigint: no floating point decides who wins.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { FairnessError, roundHashBytes, type RoundHash } from './fairnessHash';

/** Bits of the HMAC that make T: 52, the most a double holds exactly, as bustabit does. */
export const THRESHOLD_BITS = 52;

/** T's denominator, 2^52: T = thresholdUnits / THRESHOLD_DENOMINATOR. */
export const THRESHOLD_DENOMINATOR = 1n << BigInt(THRESHOLD_BITS);

/** The zone of an eidol that took part: 'bot' won (r ≤ T), 'top' lost (r > T). */
export type RoundZone = 'bot' | 'top';

/** A risk r: an exact decimal string ("0.25", digits only) or a rational with a positive denominator. */
export type Risk = string | { numerator: bigint; denominator: bigint };

/** A chain block's hash as published: `0x` and 64 lowercase hex digits. */
export const BLOCK_HASH_PATTERN = /^0x[0-9a-f]{64}$/;

/** Whether `value` is a well-formed block hash (the only spelling accepted: lowercase, with `0x`). */
export function isBlockHash(value: unknown): value is string {
  return typeof value === 'string' && BLOCK_HASH_PATTERN.test(value);
}

/** The first 52 bits of an HMAC, big-endian: 6 whole bytes and the high nibble of the 7th (13 hex digits). */
function first52Bits(mac: Uint8Array): bigint {
  let units = 0n;
  for (let i = 0; i < 6; i++) units = (units << 8n) | BigInt(mac[i]!);
  return (units << 4n) | BigInt(mac[6]! >> 4);
}

/** The salt rule's T numerator (rounds booked before the block rule): HMAC-SHA256(salt as UTF-8, hash bytes). */
export function thresholdUnits(hash: RoundHash, salt: string): bigint {
  if (typeof salt !== 'string' || salt.length === 0) throw new FairnessError('the fairness salt must be a non-empty string');
  return first52Bits(hmac(sha256, utf8ToBytes(salt), roundHashBytes(hash)));
}

/** The block rule's T numerator: HMAC-SHA256(key = the round hash's bytes, message = the block hash's bytes). */
export function blockThresholdUnits(hash: RoundHash, blockHash: string): bigint {
  if (!isBlockHash(blockHash)) throw new FairnessError(`not a block hash (0x and 64 lowercase hex digits): "${String(blockHash)}"`);
  return first52Bits(hmac(sha256, roundHashBytes(hash), roundHashBytes(blockHash.slice(2))));
}

function checkUnits(units: bigint): void {
  if (units < 0n || units >= THRESHOLD_DENOMINATOR) throw new FairnessError(`threshold units out of [0, 2^52): ${units}`);
}

/**
 * T as its exact decimal ("0", "0.5", at most 52 decimals: 1/2^52 = 5^52/10^52), trailing zeros dropped:
 * the canonical spelling to publish and to compare as a string.
 */
export function thresholdDecimal(units: bigint): string {
  checkUnits(units);
  if (units === 0n) return '0';
  const digits = (units * 5n ** BigInt(THRESHOLD_BITS)).toString().padStart(THRESHOLD_BITS, '0');
  return `0.${digits.replace(/0+$/, '')}`;
}

/** T as the exact fraction "units/4503599627370496" (for a reader checking the division themselves). */
export function thresholdFractionString(units: bigint): string {
  checkUnits(units);
  return `${units}/${THRESHOLD_DENOMINATOR}`;
}

/**
 * T as a JS number, for DISPLAY ONLY (charts, `/telemetry/num`). It happens to be exact (a 52-bit
 * integer over a power of two), but risks such as 0.1 are not, so zones must use `zoneFor`.
 */
export function thresholdFraction(hash: RoundHash, salt: string): number {
  return Number(thresholdUnits(hash, salt)) / 2 ** THRESHOLD_BITS;
}

const RISK_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** `risk` as numerator/denominator; throws FairnessError on a malformed or negative risk. */
function riskRational(risk: Risk): { numerator: bigint; denominator: bigint } {
  if (typeof risk === 'string') {
    // Digits only: no sign, exponent, whitespace or bare "." — the wire format ECONOMY.md fixes.
    const m = RISK_DECIMAL.exec(risk);
    if (!m) throw new FairnessError(`not a decimal risk: "${risk}"`);
    const frac = m[2] ?? '';
    return { numerator: BigInt(m[1]! + frac), denominator: 10n ** BigInt(frac.length) };
  }
  const { numerator, denominator } = risk;
  if (typeof numerator !== 'bigint' || typeof denominator !== 'bigint' || denominator <= 0n || numerator < 0n) {
    throw new FairnessError('a rational risk needs bigint numerator ≥ 0 and denominator > 0');
  }
  return { numerator, denominator };
}

/** The sign of r − T (−1, 0 or 1), exactly: r = p/q against T = u/2^52 compares p·2^52 with u·q. */
export function compareRiskToThreshold(risk: Risk, units: bigint): -1 | 0 | 1 {
  checkUnits(units);
  const { numerator, denominator } = riskRational(risk);
  const left = numerator * THRESHOLD_DENOMINATOR;
  const right = units * denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The zone rule: r = 0 takes no part (null); r > 0 and r ≤ T is 'bot' (wins); r > T is 'top' (loses).
 * Risks of 1 or more are not refused here (join validation does that); they are always 'top'.
 */
export function zoneFor(risk: Risk, units: bigint): RoundZone | null {
  if (riskRational(risk).numerator === 0n) return null;
  return compareRiskToThreshold(risk, units) <= 0 ? 'bot' : 'top';
}

/**
 * For settling many eidols whose risks are integers k at a fixed `scale` (r = k/10^scale): the largest k
 * that wins, floor(units·10^scale / 2^52). An eidol with 0 < k ≤ cutoff is 'bot', k > cutoff is 'top' —
 * the same answer as `zoneFor`, one bigint comparison per eidol.
 */
export function winningRiskCutoff(units: bigint, scale: number): bigint {
  checkUnits(units);
  if (!Number.isSafeInteger(scale) || scale < 0) throw new FairnessError(`risk scale must be a non-negative integer, got ${scale}`);
  return (units * 10n ** BigInt(scale)) >> BigInt(THRESHOLD_BITS);
}
