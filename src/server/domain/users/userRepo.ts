/** Reads of the users table shared by the auth flows and the user view. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from './userView';

/** Trims, NFC-normalises and lower-cases an e-mail for lookups, uniqueness and limits. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** The user with this id, if any. */
export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user with this e-mail (any case), if any. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
}

/** The user with this referral code, if any. */
export function findUserByRefCode(db: Kysely<Database>, refCode: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('ref_code', '=', refCode).executeTakeFirst();
}

/** The user holding this socket token, if any. */
export function findUserByWsToken(db: Kysely<Database>, token: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('ws_auth_token', '=', token).executeTakeFirst();
}

/** How many players name `userId` as their referrer. */
export async function countReferrals(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where('referrer_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
