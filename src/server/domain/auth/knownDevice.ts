/**
 * Known-device tokens (OWASP's device cookie): after a successful login the browser keeps a token that
 * proves it logged in to that account before, and such logins skip the account-wide attempt limit, so
 * failures from elsewhere can never lock the owner out. The token is an HMAC keyed by the account's
 * password hash: nobody without the database can forge one, and a password change retires them all.
 */
import crypto from 'node:crypto';
import { safeEqual } from './secrets';

/** A device stays known this long after its last successful login. */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** What a token is checked against. */
export interface DeviceOwner {
  id: number;
  password_hash: string;
}

function mac(owner: DeviceOwner, issuedAt: number): string {
  return crypto
    .createHmac('sha256', owner.password_hash)
    .update(`known-device\u0000${owner.id}\u0000${issuedAt}`)
    .digest('base64url')
    .slice(0, 22);
}

/** A fresh token for `owner`'s account on this device. */
export function deviceToken(owner: DeviceOwner, now: number): string {
  return `${owner.id}.${now.toString(36)}.${mac(owner, now)}`;
}

/** The account id a token names, or undefined when it is not shaped like one. */
export function deviceTokenUser(token: string): number | undefined {
  const m = /^(\d{1,10})\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{22}$/.exec(token);
  return m ? Number(m[1]) : undefined;
}

/** True when `token` was issued for `owner` under its current password and has not expired. */
export function isDeviceTokenOf(token: string, owner: DeviceOwner, now: number): boolean {
  const [id, issued36, given] = token.split('.');
  if (deviceTokenUser(token) !== owner.id || issued36 === undefined || given === undefined) return false;
  const issuedAt = parseInt(issued36, 36);
  if (!(issuedAt <= now && now - issuedAt < KNOWN_DEVICE_TTL_MS) || id !== String(owner.id)) return false;
  return safeEqual(given, mac(owner, issuedAt));
}
