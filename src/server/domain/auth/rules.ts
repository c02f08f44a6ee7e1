/** Field rules of the auth forms, with Laravel's texts ("The email field is required.", …). */
import type { ErrorBag } from '../errors';
import { normalizeEmail } from '../users/userRepo';
import { nicknameError } from '../../../shared/rules/nickname';

export { checkPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwordRules';

/** Laravel's attribute name: underscores read as spaces. */
export function attribute(field: string): string {
  return field.replace(/_/g, ' ');
}

// One plain addr-spec (RFC 5322 dot-atom local part, letters of any script welcome): no display name,
// angle brackets, commas, quotes, comments or whitespace, so a mailer can never read a second recipient
// into it (`x<attacker@evil.example>`, `a@evil.example,x`).
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\p{L}\\p{N}\\p{M}]";
const LABEL = '[\\p{L}\\p{N}\\p{M}](?:[\\p{L}\\p{N}\\p{M}-]*[\\p{L}\\p{N}\\p{M}])?';
const EMAIL = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@${LABEL}(?:\\.${LABEL})+$`, 'u');
/** Longest e-mail, counted after normalisation too (the columns are varchar(255); `İ` lower-cases to two characters). */
export const EMAIL_MAX = 255;
/** Longest local part (RFC 5321). */
const LOCAL_MAX = 64;
// Referral codes are generated from [a-z2-9]; anything else is unknown without asking the database.
const REF_CODE = /^[A-Za-z0-9]{1,32}$/;

/** True when `email` passes `checkEmail`, so it may be looked up without a database error. */
export function isPlainEmail(email: string): boolean {
  const e = email.trim();
  if (e.length > EMAIL_MAX || normalizeEmail(e).length > EMAIL_MAX) return false;
  return EMAIL.test(e) && e.indexOf('@') <= LOCAL_MAX;
}

/** True when `code` has the shape of a referral code (so it may be looked up). */
export function isRefCodeShape(code: string): boolean {
  return REF_CODE.test(code);
}

/** Name rules (shared with the register form): required, 3–32 letters of any script, digits, dashes, underscores. */
export function checkName(bag: ErrorBag, name: string): void {
  const error = nicknameError(name);
  if (error) bag.add('name', error);
}

/** E-mail rules: required, one plain address, at most 255 characters also once normalised. */
export function checkEmail(bag: ErrorBag, email: string, field = 'email'): void {
  const a = attribute(field);
  const e = email.trim();
  if (e === '') return bag.add(field, `The ${a} field is required.`);
  if (e.length > EMAIL_MAX || normalizeEmail(e).length > EMAIL_MAX)
    return bag.add(field, `The ${a} field must not be greater than ${EMAIL_MAX} characters.`);
  if (!isPlainEmail(e)) bag.add(field, `The ${a} field must be a valid email address.`);
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
