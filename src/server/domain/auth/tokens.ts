/**
 * One-time tokens (e-mail verification, password reset): 32 random bytes handed out once, only their
 * SHA-256 kept; single-use by a conditional update, so two racing uses cannot both succeed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomToken, sha256Hex } from './secrets';

/** What a token is for. */
export type TokenPurpose = 'verify' | 'reset';

/** How long each kind of token lives. */
export const TOKEN_TTL_MS: Readonly<Record<TokenPurpose, number>> = {
  reset: 60 * 60 * 1000,
  verify: 48 * 60 * 60 * 1000,
};

/** Issues a fresh token for `userId`, retiring that user's unused tokens of the same purpose. */
export async function issueToken(db: Kysely<Database>, userId: number, purpose: TokenPurpose, now: number): Promise<string> {
  const token = randomToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
    await trx
      .insertInto('tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: sha256Hex(token),
        expires_at: now + TOKEN_TTL_MS[purpose],
        used_at: null,
        created_at: now,
      })
      .execute();
  });
  return token;
}

/** A token's stored row, found by the raw token; expired ones are not found. */
export async function findLiveToken(db: Kysely<Database>, token: string, purpose: TokenPurpose, now: number) {
  return db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the token row used; false when someone used it first. */
export async function markTokenUsed(db: Kysely<Database>, tokenId: number, now: number): Promise<boolean> {
  const r = await db.updateTable('tokens').set({ used_at: now }).where('id', '=', tokenId).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes expired tokens (used or not); returns how many. */
export async function sweepExpiredTokens(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.deleteFrom('tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
