/**
 * Recovery codes: 10 per player, shown once, stored as HMAC-SHA256 keyed by the server's factor key and
 * salted with the player's id; each works once. Using one is a conditional update, so of two requests
 * with the same code exactly one wins.
 */
import crypto from 'node:crypto';
import type { FactorDeps } from './factorDeps';

/** How many codes a player gets. */
export const RECOVERY_CODE_COUNT = 10;

// No look-alikes (0/o, 1/l/i): codes are typed from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One code: 10 characters (~49 bits) shown as two groups of five, e.g. "k7m2q-x9ptr". */
function newCode(): string {
  let out = '';
  for (const b of crypto.randomBytes(10)) out += ALPHABET[b % ALPHABET.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What the player typed, as stored: lower case, without spaces or dashes. */
function normalize(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

function hashOf(deps: Pick<FactorDeps, 'key'>, userId: number, code: string): string {
  return crypto
    .createHmac('sha256', deps.key)
    .update(`recovery\0${userId}\0${normalize(code)}`)
    .digest('hex');
}

/** Replaces `userId`'s codes with 10 new ones; answers them (the only time they are readable). */
export async function issueRecoveryCodes(deps: FactorDeps, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: hashOf(deps, userId, c), used_at: null, created_at: now })))
      .execute();
  });
  return codes;
}

/** Uses up one code; false when it is not one of the player's or was used already. */
export async function redeemRecoveryCode(deps: FactorDeps, userId: number, code: string): Promise<boolean> {
  if (normalize(code).length !== 10) return false;
  const r = await deps.db
    .updateTable('recovery_codes')
    .set({ used_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashOf(deps, userId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** How many unused codes `userId` has. */
export async function recoveryCodesLeft(deps: Pick<FactorDeps, 'db'>, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes `userId`'s codes (the last factor was removed). */
export async function dropRecoveryCodes(deps: Pick<FactorDeps, 'db'>, userId: number): Promise<void> {
  await deps.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
