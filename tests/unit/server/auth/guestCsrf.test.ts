/** Guest CSRF tokens: bound to their nonce and key, compared whole. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guestCsrfToken, isGuestCsrfToken, newGuestNonce } from '../../../../src/server/domain/auth/guestCsrf';

describe('guest CSRF tokens', () => {
  const key = crypto.randomBytes(32);

  it('accepts the token of its own nonce under its own key only', () => {
    const nonce = newGuestNonce();
    const token = guestCsrfToken(key, nonce);
    expect(isGuestCsrfToken(key, nonce, token)).toBe(true);
    expect(isGuestCsrfToken(key, newGuestNonce(), token)).toBe(false);
    expect(isGuestCsrfToken(crypto.randomBytes(32), nonce, token)).toBe(false);
  });

  it('refuses empty, truncated and altered tokens, and an empty nonce', () => {
    const nonce = newGuestNonce();
    const token = guestCsrfToken(key, nonce);
    expect(isGuestCsrfToken(key, nonce, '')).toBe(false);
    expect(isGuestCsrfToken(key, nonce, token.slice(0, -1))).toBe(false);
    expect(isGuestCsrfToken(key, nonce, (token[0] === 'A' ? 'B' : 'A') + token.slice(1))).toBe(false);
    expect(isGuestCsrfToken(key, '', guestCsrfToken(key, ''))).toBe(false);
  });

  it('gives fresh, URL-safe nonces', () => {
    const a = newGuestNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newGuestNonce()).not.toBe(a);
  });
});
