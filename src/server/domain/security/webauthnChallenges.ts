/**
 * WebAuthn challenges: stored when handed out, deleted when answered. Deleting is the check, so a
 * challenge is good for one answer on any node, and only for the purpose (and player) it was made for.
 */
import type { FactorDeps } from './factorDeps';

/** What a challenge was handed out for. */
export type ChallengePurpose = 'register' | 'login' | 'fresh';

/** A challenge lives this long (the browser's own prompt times out after 60 s). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Keeps `challenge` for `purpose` (and `userId`, null for a usernameless login). */
export async function keepChallenge(deps: FactorDeps, challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<void> {
  const now = deps.clock.now();
  // Expired ones go on the way: challenges are asked for rarely, a sweep of its own is not worth it.
  await deps.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_TTL_MS })
    .execute();
}

/** Uses up `challenge`; true only when it was handed out for this purpose and player and has not expired. */
export async function takeChallenge(
  deps: FactorDeps,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<boolean> {
  if (challenge.length > 128) return false;
  const r = await deps.db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', deps.clock.now())
    .$call((q) => (userId === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', userId)))
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
