/** E-mail verification (the KYC page): a 48-hour single-use link, and its status for the page. */
import { AppError } from '../errors';
import { findUserById } from '../users/userRepo';
import type { UserRow } from '../users/userView';
import { verificationMail } from '../../mail/messages';
import type { AuthDeps } from './deps';
import { findLiveToken, issueToken, markTokenUsed } from './tokens';

/** Text of an unknown or expired verification link. */
export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired.';
/** Text when the e-mail was confirmed before. */
export const ALREADY_CONFIRMED = 'E-mail already confirmed.';

/** Issues a verification token and mails its link; a mail failure is logged, not thrown (resend exists). */
export async function sendVerificationMail(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = await issueToken(deps.db, user.id, 'verify', deps.clock.now());
  try {
    await deps.mailer.send(verificationMail(deps.brand, user.email, user.name, token));
  } catch (err) {
    deps.log.error({ err, userId: user.id }, 'verification mail failed');
  }
}

/** Whether the e-mail behind a live token is confirmed; 404 for unknown or expired tokens. */
export async function verificationStatus(deps: AuthDeps, token: string): Promise<{ email_confirmed: boolean }> {
  const row = await findLiveToken(deps.db, token, 'verify', deps.clock.now());
  const user = row && (await findUserById(deps.db, row.user_id));
  if (!row || !user) throw new AppError(404, VERIFY_LINK_INVALID);
  return { email_confirmed: user.email_confirmed === 1 };
}

/** Confirms the e-mail of a token's user (once); returns the user id. */
export async function confirmEmail(deps: AuthDeps, token: string): Promise<number> {
  const now = deps.clock.now();
  const row = await findLiveToken(deps.db, token, 'verify', now);
  const user = row && (await findUserById(deps.db, row.user_id));
  if (!row || !user) throw new AppError(404, VERIFY_LINK_INVALID);
  if (user.email_confirmed === 1) throw new AppError(422, ALREADY_CONFIRMED);
  if (!(await markTokenUsed(deps.db, row.id, now))) throw new AppError(422, ALREADY_CONFIRMED);
  await deps.db.updateTable('users').set({ email_confirmed: 1, updated_at: now }).where('id', '=', user.id).execute();
  return user.id;
}

/** Sends a new verification link to a logged-in player whose e-mail is not confirmed yet. */
export async function resendVerification(deps: AuthDeps, user: UserRow): Promise<void> {
  if (user.email_confirmed === 1) throw new AppError(422, ALREADY_CONFIRMED);
  await sendVerificationMail(deps, user);
}
