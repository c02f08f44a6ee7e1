/**
 * Each player's salt in the liability tree: 32 random bytes, written once and never changed, so a player's
 * leaf stays checkable from one snapshot to the next, and hidden from everyone else (their neighbours' path
 * hashes cannot be brute-forced back to amounts without it).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

/** Players given a salt per insert statement (well below both databases' parameter limits). */
const SALT_BATCH = 500;

/** A fresh salt: 64 lowercase hex digits. */
export function newSalt(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Gives every player without a salt one (a player registered since the last snapshot); answers how many
 * were written. Two nodes racing keep the first salt: an existing row is never overwritten.
 */
export async function ensureSalts(db: Db, clock: Clock, pause: () => Promise<void>): Promise<number> {
  let written = 0;
  for (;;) {
    const missing = await db.kysely
      .selectFrom('users')
      .leftJoin('liability_salts', 'liability_salts.user_id', 'users.id')
      .select('users.id')
      .where('liability_salts.user_id', 'is', null)
      .orderBy('users.id')
      .limit(SALT_BATCH)
      .execute();
    if (missing.length === 0) return written;
    const now = clock.now();
    await db.kysely
      .insertInto('liability_salts')
      .values(missing.map((u) => ({ user_id: u.id, salt: newSalt(), created_at: now })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    written += missing.length;
    await pause();
  }
}
