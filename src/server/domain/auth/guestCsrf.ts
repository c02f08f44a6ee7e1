/**
 * Stateless CSRF tokens for guests (login, registration, reset): a random nonce lives in an HttpOnly
 * cookie and the token is its HMAC under the server's signing key. Checking one needs no database, so a
 * visitor fetching `/sanctum/csrf-cookie` costs no write; a forged token fails without the key, and a
 * token is only good together with the nonce cookie it was made for.
 */
import crypto from 'node:crypto';
import { randomToken, safeEqual } from './secrets';

/** A fresh guest nonce (the cookie's value). */
export function newGuestNonce(): string {
  return randomToken();
}

/** The CSRF token belonging to `nonce`. */
export function guestCsrfToken(key: Buffer, nonce: string): string {
  return crypto.createHmac('sha256', key).update(`guest-csrf\0${nonce}`).digest('base64url');
}

/** Whether `token` is the CSRF token of `nonce` (constant time). */
export function isGuestCsrfToken(key: Buffer, nonce: string, token: string): boolean {
  return nonce.length > 0 && safeEqual(token, guestCsrfToken(key, nonce));
}
