/**
 * Password rules as OWASP ASVS 5 (V6.2) asks: at least 8 characters, long passphrases welcome, no
 * composition rule; refused when it is one of the common/breached passwords of zxcvbn-ts's offline list,
 * or contains the player's name or the local part of their e-mail.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/api/auth';
import type { ErrorBag } from '../errors';

/** Fewest characters (code points). */
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
/** Most characters: room for any passphrase, still a bounded hashing cost. */
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;
// Names and local parts shorter than this are too common as substrings to forbid (e.g. `a@b.cd`).
const CONTEXT_MIN = 3;

/** Texts of the password rules. */
export const PASSWORD_TEXTS = {
  required: 'The password field is required.',
  min: `The password field must be at least ${PASSWORD_MIN} characters.`,
  max: `The password field must not be greater than ${PASSWORD_MAX} characters.`,
  invalid: 'The password field must not contain control characters.',
  // Laravel's `Password::uncompromised()` text: the list is drawn from breached passwords.
  common: 'The given password has appeared in a data leak. Please choose a different password.',
  personal: 'The password field must not contain your name or e-mail address.',
  confirmed: 'The password field confirmation does not match.',
} as const;

// Loaded on the first check, not at start: zxcvbn-ts decompresses all its lists when it is loaded.
let common: Promise<Set<string>> | undefined;

/** True when `password` (any letter case) is on the list of common/breached passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await common).has(password.normalize('NFC').toLowerCase());
}

/** Who the password belongs to, for the "not your name or e-mail" rule. */
export interface PasswordOwner {
  name?: string;
  email?: string;
}

/** True when `password` contains the owner's name or the local part of their e-mail (any letter case). */
export function containsOwner(password: string, owner: PasswordOwner): boolean {
  const p = password.normalize('NFC').toLowerCase();
  const local = owner.email?.trim().split('@')[0];
  return [owner.name, local].some(
    (w) => w !== undefined && w.trim().length >= CONTEXT_MIN && p.includes(w.trim().normalize('NFC').toLowerCase()),
  );
}

/** Password rules plus its confirmation; `owner` enables the name/e-mail rule. */
export async function checkPassword(bag: ErrorBag, password: string, confirmation: string, owner: PasswordOwner = {}): Promise<void> {
  if (password === '') return bag.add('password', PASSWORD_TEXTS.required);
  const length = [...password].length;
  // A NUL or other control character is never typed; some hashers and databases cut or refuse it.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password)) bag.add('password', PASSWORD_TEXTS.invalid);
  else if (length < PASSWORD_MIN) bag.add('password', PASSWORD_TEXTS.min);
  else if (length > PASSWORD_MAX) bag.add('password', PASSWORD_TEXTS.max);
  else if (await isCommonPassword(password)) bag.add('password', PASSWORD_TEXTS.common);
  else if (containsOwner(password, owner)) bag.add('password', PASSWORD_TEXTS.personal);
  if (password !== confirmation) bag.add('password', PASSWORD_TEXTS.confirmed);
}
