/**
 * The transmutation roll (ECONOMY.md "Transmutation"): roll = HMAC-SHA256(key = the eidol's server seed,
 * message = "<player seed>:<attempt>"), its first 52 bits over 2^52, a number in [0, 1). The server seed is
 * committed (sha256 published) before the attempt and revealed after it; the player seed comes with the
 * attempt. Neither side alone can choose the roll: the server cannot change a seed it published the hash
 * of, the player does not know it. Pure: the server books with it, the browser checks with it.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { roundHashBytes, type RoundHash } from './fairnessHash';

/** Longest player seed accepted, in characters. */
export const PLAYER_SEED_MAX = 64;

/**
 * The characters a player seed may use: letters, digits, `-` and `_` (no `:`, so `"<seed>:<attempt>"` reads
 * one way only; ASCII, so its UTF-8 bytes are its characters everywhere).
 */
export const PLAYER_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The player seed of an attempt that sends none (the original product's client posts an empty body). Such an
 * attempt mixes nothing of the player's: its roll is fixed by the committed server seed alone, still published
 * before and revealed after, but known in advance to whoever reads the database.
 */
export const DEFAULT_PLAYER_SEED = 'none';

/** Bits of the HMAC the roll takes; 2^52 units fit a double exactly. */
export const ROLL_BITS = 52;

const ROLL_DENOMINATOR = 1n << BigInt(ROLL_BITS);

/** Why `seed` is not a player seed, or null when it is. */
export function playerSeedProblem(seed: unknown): 'missing' | 'type' | 'length' | 'charset' | null {
  if (seed === undefined || seed === null) return 'missing';
  if (typeof seed !== 'string') return 'type';
  if (seed.length < 1 || seed.length > PLAYER_SEED_MAX) return 'length';
  return PLAYER_SEED_PATTERN.test(seed) ? null : 'charset';
}

/** A fresh random player seed for the client to show (32 hex digits from the platform's CSPRNG). */
export function randomPlayerSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** sha256 of the server seed's raw 32 bytes, lowercase hex: the commitment published before the attempt. */
export function serverSeedHash(serverSeed: RoundHash): string {
  return bytesToHex(sha256(roundHashBytes(serverSeed)));
}

/** HMAC-SHA256(key = the server seed's 32 bytes, message = UTF-8 of "<player seed>:<attempt>"). */
export function transmuteMac(serverSeed: RoundHash, playerSeed: string, attempt: number): Uint8Array {
  return hmac(sha256, roundHashBytes(serverSeed), utf8ToBytes(`${playerSeed}:${attempt}`));
}

/** The roll's integer units: the MAC's first 52 bits (its first 13 hex digits), 0 ≤ units < 2^52. */
export function rollUnits(mac: Uint8Array): bigint {
  let units = 0n;
  for (let i = 0; i < 6; i++) units = (units << 8n) | BigInt(mac[i]!);
  return (units << 4n) | BigInt(mac[6]! >> 4);
}

/** The roll in [0, 1): units / 2^52 (exact as a double). */
export function rollOf(units: bigint): number {
  return Number(units) / Number(ROLL_DENOMINATOR);
}

/**
 * Whether units / 2^52 < chance, chance = (20 + 80 × xp / nextXp) / 100, decided exactly in integers:
 * units × 100 × nextXp < (20 × nextXp + 80 × xp) × 2^52. xp is clamped to [0, nextXp].
 */
export function rollSucceeds(units: bigint, xp: number, nextXp: number, basePercent: number, xpPercent: number): boolean {
  const x = BigInt(Math.min(Math.max(xp, 0), Math.max(nextXp, 0)));
  const next = BigInt(Math.max(nextXp, 1));
  return units * 100n * next < (BigInt(basePercent) * next + BigInt(xpPercent) * x) * ROLL_DENOMINATOR;
}
