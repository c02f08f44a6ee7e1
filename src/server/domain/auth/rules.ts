/** Field rules of the auth forms, with Laravel's texts ("The email field is required.", …). */
import type { ErrorBag } from '../errors';

/** Laravel's attribute name: underscores read as spaces. */
export function attribute(field: string): string {
  return field.replace(/_/g, ' ');
}

// Pragmatic e-mail shape: one @, no spaces, a dot in the domain; length per RFC 5321.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NAME = /^[A-Za-z0-9_-]+$/;

/** Name rules: required, 3–32 of letters, digits, dashes, underscores. */
export function checkName(bag: ErrorBag, name: string): void {
  if (name.trim() === '') return bag.add('name', 'The name field is required.');
  if (!NAME.test(name)) return bag.add('name', 'The name field must only contain letters, numbers, dashes, and underscores.');
  if (name.length < 3) return bag.add('name', 'The name field must be at least 3 characters.');
  if (name.length > 32) bag.add('name', 'The name field must not be greater than 32 characters.');
}

/** E-mail rules: required, an address, at most 255 characters. */
export function checkEmail(bag: ErrorBag, email: string, field = 'email'): void {
  const a = attribute(field);
  if (email.trim() === '') return bag.add(field, `The ${a} field is required.`);
  if (email.length > 255) return bag.add(field, `The ${a} field must not be greater than 255 characters.`);
  if (!EMAIL.test(email.trim())) bag.add(field, `The ${a} field must be a valid email address.`);
}

/** Password rules: required, ≥ 8 characters, a letter and a digit, confirmed. */
export function checkPassword(bag: ErrorBag, password: string, confirmation: string): void {
  if (password === '') return bag.add('password', 'The password field is required.');
  if (password.length < 8) bag.add('password', 'The password field must be at least 8 characters.');
  else if (password.length > 256) bag.add('password', 'The password field must not be greater than 256 characters.');
  if (!/\p{L}/u.test(password)) bag.add('password', 'The password field must contain at least one letter.');
  if (!/\p{N}/u.test(password)) bag.add('password', 'The password field must contain at least one number.');
  if (password !== confirmation) bag.add('password', 'The password field confirmation does not match.');
}

/** Skin rule: an integer 1–`max`; returns it, or undefined after recording the error. */
export function checkSkin(bag: ErrorBag, skin: number | string, max: number): number | undefined {
  const n = typeof skin === 'number' ? skin : /^\s*\d+\s*$/.test(skin) ? Number(skin) : NaN;
  if (typeof skin === 'string' && skin.trim() === '') {
    bag.add('skin_id', 'The skin id field is required.');
    return undefined;
  }
  if (!Number.isInteger(n)) {
    bag.add('skin_id', 'The skin id field must be an integer.');
    return undefined;
  }
  if (n < 1 || n > max) {
    bag.add('skin_id', `The skin id field must be between 1 and ${max}.`);
    return undefined;
  }
  return n;
}
