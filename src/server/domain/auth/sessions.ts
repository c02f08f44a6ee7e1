/**
 * Database-backed sessions. The cookie carries a random id; the table keeps its SHA-256, the user and the
 * session's CSRF secret. Revoking a session is deleting its row.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomToken, sha256Hex } from './secrets';

/** Sessions live this long after their last use (sliding). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A loaded session: `id` is the cookie value, `key` the stored hash. */
export interface Session {
  id: string;
  key: string;
  userId: number | null;
  csrf: string;
  expiresAt: number;
}

interface SessionData {
  csrf: string;
}

/** Starts a session (guest when `userId` is null) with a fresh CSRF secret. */
export async function createSession(db: Kysely<Database>, userId: number | null, now: number): Promise<Session> {
  const id = randomToken();
  const session: Session = { id, key: sha256Hex(id), userId, csrf: randomToken(), expiresAt: now + SESSION_TTL_MS };
  const data: SessionData = { csrf: session.csrf };
  await db
    .insertInto('sessions')
    .values({ id: session.key, user_id: userId, data: JSON.stringify(data), expires_at: session.expiresAt, created_at: now })
    .execute();
  return session;
}

/** The live session of a cookie value, extended when half its lifetime has passed. */
export async function loadSession(db: Kysely<Database>, id: string, now: number): Promise<Session | undefined> {
  const key = sha256Hex(id);
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', key).where('expires_at', '>', now).executeTakeFirst();
  if (!row) return undefined;
  const data = JSON.parse(row.data) as SessionData;
  let expiresAt = row.expires_at;
  if (expiresAt - now < SESSION_TTL_MS / 2) {
    expiresAt = now + SESSION_TTL_MS;
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', key).execute();
  }
  return { id, key, userId: row.user_id, csrf: data.csrf, expiresAt };
}

/** Ends one session. */
export async function destroySession(db: Kysely<Database>, session: Session): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', session.key).execute();
}

/** Ends every session of a user; returns the keys removed (so sockets of those sessions can be closed). */
export async function destroyUserSessions(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  return rows.map((r) => r.id);
}

/** Deletes expired sessions; returns how many. */
export async function sweepExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
