/** Checking credentials (login form: `username` is the e-mail). */
import { AppError, ErrorBag } from '../errors';
import { findUserByEmail } from '../users/userRepo';
import type { UserRow } from '../users/userView';
import type { AuthDeps } from './deps';
import { verifyPassword } from './passwords';
import { isPlainEmail } from './rules';

/** Laravel's text for a wrong e-mail or password. */
export const BAD_CREDENTIALS = 'These credentials do not match our records.';

/** The user these credentials belong to; 422 otherwise (same answer for unknown e-mail and wrong password). */
export async function authenticate(deps: AuthDeps, username: string, password: string): Promise<UserRow> {
  const bag = new ErrorBag();
  if (username.trim() === '') bag.add('username', 'The username field is required.');
  if (password === '') bag.add('password', 'The password field is required.');
  bag.throwIfAny();
  // An address no account can have is not looked up (a NUL byte or an over-long one would upset PostgreSQL).
  const user = isPlainEmail(username) ? await findUserByEmail(deps.db, username) : undefined;
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) throw new AppError(422, BAD_CREDENTIALS, { username: [BAD_CREDENTIALS] });
  return user;
}
