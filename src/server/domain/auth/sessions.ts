/**
 * Database-backed sessions of logged-in players (guests have none: their CSRF token is stateless, see
 * guestCsrf.ts). The cookie carries a random id; the table keeps its SHA-256, the user, the session's CSRF
 * secret and an opaque public id the player sees when listing their sessions. Revoking is deleting the row.
 */
import crypto from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { randomToken, sha256Hex } from './secrets';

/** Sessions live this long after their last use (sliding). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** And never longer than this after login, however active (a stolen cookie does not live for ever). */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** "Last seen" and the sliding expiry are written at most this often per session: reads stay reads. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** A loaded session: `id` is the cookie value, `key` the stored hash, `publicId` what the player sees. */
export interface Session {
  id: string;
  key: string;
  publicId: string;
  userId: number;
  csrf: string;
  expiresAt: number;
}

/** Where a session was started from (shown in the player's list of sessions). */
export interface SessionOrigin {
  userAgent?: string;
  ip?: string;
}

/** One row of a player's session list. */
export interface SessionSummary {
  publicId: string;
  key: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string | null;
  ip: string | null;
}

interface SessionData {
  csrf: string;
}

function newPublicId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** The sliding expiry from `now`, capped by the absolute lifetime counted from `createdAt`. */
function expiryAt(createdAt: number, now: number): number {
  return Math.min(now + SESSION_TTL_MS, createdAt + SESSION_ABSOLUTE_TTL_MS);
}

/** Starts a session of `userId` with a fresh CSRF secret. */
export async function createSession(db: Kysely<Database>, userId: number, now: number, origin: SessionOrigin = {}): Promise<Session> {
  const id = randomToken();
  const session: Session = { id, key: sha256Hex(id), publicId: newPublicId(), userId, csrf: randomToken(), expiresAt: expiryAt(now, now) };
  const data: SessionData = { csrf: session.csrf };
  await db
    .insertInto('sessions')
    .values({
      id: session.key,
      public_id: session.publicId,
      user_id: userId,
      data: JSON.stringify(data),
      expires_at: session.expiresAt,
      created_at: now,
      last_seen_at: now,
      user_agent: origin.userAgent?.slice(0, 255) ?? null,
      ip: origin.ip?.slice(0, 64) ?? null,
    })
    .execute();
  return session;
}

/**
 * Rows of sessions alive at `now`: before their sliding expiry and within the absolute lifetime (which
 * holds even for rows whose expiry was written before it was capped).
 */
function isLive(now: number) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.and([eb('expires_at', '>', now), eb('created_at', '>', now - SESSION_ABSOLUTE_TTL_MS)]);
}

/** The live session of a cookie value; "last seen" and the sliding expiry move at most every few minutes. */
export async function loadSession(db: Kysely<Database>, id: string, now: number): Promise<Session | undefined> {
  const key = sha256Hex(id);
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', key).where(isLive(now)).executeTakeFirst();
  return row ? sessionOfRow(db, row, id, now) : undefined;
}

/** A stored session row as read by `selectAll()`. */
export type SessionRow = Selectable<Database['sessions']>;

/** Whether `row` is alive at `now` (isLive, for a row already read). */
export function isLiveRow(row: SessionRow, now: number): boolean {
  return row.expires_at > now && row.created_at > now - SESSION_ABSOLUTE_TTL_MS;
}

/** The session of a live `row` read for cookie value `id`, touched (sliding expiry) when due. */
export async function sessionOfRow(db: Kysely<Database>, row: SessionRow, id: string, now: number): Promise<Session | undefined> {
  // Rows without a user are guest sessions of before migration 0040: no longer honoured.
  if (row.user_id === null) return undefined;
  const data = JSON.parse(row.data) as SessionData;
  let expiresAt = row.expires_at;
  let publicId = row.public_id;
  if (publicId === null || now - (row.last_seen_at ?? 0) >= SESSION_TOUCH_MS) {
    expiresAt = expiryAt(row.created_at, now);
    publicId ??= newPublicId();
    await db
      .updateTable('sessions')
      .set({ expires_at: expiresAt, last_seen_at: now, public_id: publicId })
      .where('id', '=', row.id)
      .execute();
  }
  return { id, key: row.id, publicId, userId: row.user_id, csrf: data.csrf, expiresAt };
}

/**
 * The session's current expiry without touching it (no sliding, no "last seen"): a socket rechecking its
 * session must not keep it alive by merely being open; only requests do.
 */
export async function peekSessionExpiry(
  db: Kysely<Database>,
  key: string,
  now: number,
): Promise<{ userId: number; expiresAt: number } | undefined> {
  const row = await db.selectFrom('sessions').select(['user_id', 'expires_at']).where('id', '=', key).where(isLive(now)).executeTakeFirst();
  if (!row || row.user_id === null) return undefined;
  return { userId: row.user_id, expiresAt: row.expires_at };
}

/** Ends one session. */
export async function destroySession(db: Kysely<Database>, session: Pick<Session, 'key'>): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', session.key).execute();
}

/** Ends every session of a user; returns the keys removed (so sockets of those sessions can be closed). */
export async function destroyUserSessions(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  return rows.map((r) => r.id);
}

/** The live sessions of `userId`, most recently seen first. */
export async function listUserSessions(db: Kysely<Database>, userId: number, now: number): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where(isLive(now))
    .where('public_id', 'is not', null)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((r) => ({
    publicId: r.public_id ?? '',
    key: r.id,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at ?? r.created_at,
    expiresAt: r.expires_at,
    userAgent: r.user_agent,
    ip: r.ip,
  }));
}

/** Ends the session `publicId` if it belongs to `userId`; returns its stored key, undefined when none. */
export async function endUserSession(db: Kysely<Database>, userId: number, publicId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Deletes expired sessions; returns how many. */
export async function sweepExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<=', now - SESSION_ABSOLUTE_TTL_MS)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
