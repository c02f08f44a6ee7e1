/** Password reset: request a 60-minute single-use link; use it to set a new password and end all sessions. */
import { AppError, ErrorBag, validationFailed } from '../errors';
import { findUserByEmail } from '../users/userRepo';
import { resetMail } from '../../mail/messages';
import type { AuthDeps } from './deps';
import { hashPassword } from './passwords';
import { checkEmail, checkPassword } from './rules';
import { containsOwner, PASSWORD_TEXTS } from './passwordRules';
import { randomToken } from './secrets';
import { destroyUserSessions } from './sessions';
import { findLiveToken, issueToken, markTokenUsed } from './tokens';

/** The answer to every well-formed reset request, whether or not the e-mail is registered. */
export const RESET_REQUESTED = 'If that e-mail address is registered, we have sent a password reset link to it.';
/** Text of a bad, used or expired reset token. */
export const RESET_TOKEN_INVALID = 'This password reset token is invalid.';
/**
 * The reset mail's work starts at a random moment within this many ms: on SQLite its writes hold the event
 * loop for a moment, which a request sent right behind the probe could otherwise feel.
 */
export const RESET_MAIL_JITTER_MS = 500;
/** Text after a successful reset. */
export const PASSWORD_RESET_DONE = 'Your password has been reset.';

/**
 * Answers a reset request: validates the e-mail, then defers everything else (look-up, token, mail), so
 * a known and an unknown e-mail take the same steps before the answer. `mail` false (the address's mail
 * quota is used up) sends nothing; the answer stays the same.
 */
export function requestPasswordReset(deps: AuthDeps, email: string, mail = true): void {
  const bag = new ErrorBag();
  checkEmail(bag, email);
  bag.throwIfAny();
  if (mail) deps.background.defer('reset mail', () => sendResetLink(deps, email), RESET_MAIL_JITTER_MS);
}

/** Issues a reset token and mails its link when `email` is registered; nothing otherwise. */
export async function sendResetLink(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueToken(deps.db, user.id, 'reset', deps.clock.now());
  await deps.mailer.send(resetMail(deps.brand, user.email, user.name, token));
}

/** Fields of the new-password form. */
export interface ResetInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Sets the new password; returns the user id and the keys of the sessions it ended. */
export async function resetPassword(deps: AuthDeps, input: ResetInput): Promise<{ userId: number; endedSessions: string[] }> {
  const bag = new ErrorBag();
  if (input.token.trim() === '') bag.add('token', 'The token field is required.');
  checkEmail(bag, input.email);
  await checkPassword(bag, input.password, input.password_confirmation);
  bag.throwIfAny();

  const now = deps.clock.now();
  const invalid = new AppError(422, RESET_TOKEN_INVALID, { email: [RESET_TOKEN_INVALID] });
  const row = await findLiveToken(deps.db, input.token, 'reset', now);
  const user = await findUserByEmail(deps.db, input.email);
  if (!row || row.used_at !== null || !user || row.user_id !== user.id) throw invalid;
  if (containsOwner(input.password, user)) throw validationFailed({ password: [PASSWORD_TEXTS.personal] });
  const passwordHash = await hashPassword(input.password);
  if (!(await markTokenUsed(deps.db, row.id, now))) throw invalid;
  // A new socket token too: sockets authenticated with the old one must not come back.
  await deps.db
    .updateTable('users')
    .set({ password_hash: passwordHash, ws_auth_token: randomToken(), updated_at: now })
    .where('id', '=', user.id)
    .execute();
  const endedSessions = await destroyUserSessions(deps.db, user.id);
  return { userId: user.id, endedSessions };
}
