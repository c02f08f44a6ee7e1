/** Random secrets and their at-rest hashes (tokens, session ids, referral codes). */
import crypto from 'node:crypto';

/** 32 random bytes, URL-safe base64 (43 characters). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a secret: what the database keeps instead of the secret. */
export function sha256Hex(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Constant-time equality of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

const REF_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A short, URL-safe referral code (10 characters without look-alikes: ~50 bits). */
export function randomRefCode(): string {
  const bytes = crypto.randomBytes(10);
  let out = '';
  for (const b of bytes) out += REF_ALPHABET[b % REF_ALPHABET.length];
  return out;
}
