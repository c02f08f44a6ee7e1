/** The player's own sessions: GET /api/auth/sessions and ending one (DELETE or POST …/end). */
import { z } from '../zod';

/** One session as the player sees it; `id` is opaque (never the cookie or anything derived from it). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** ISO-8601 times. */
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** A short summary of the browser, e.g. "Chrome on Android"; "Unknown device" when none was sent. */
  device: z.string(),
  ip: z.nullable(z.string()),
  /** The session of the device asking. */
  current: z.boolean(),
});

/** One session as the player sees it. */
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** The answer of GET /api/auth/sessions. */
export const sessionListSchema = z.array(sessionInfoSchema);

/** Path params of ending a session: any text; an id that cannot be one is simply not found. */
export const sessionIdParams = z.object({ id: z.string() });

/** The shape of a session's public id (16 random bytes, base64url). */
export const SESSION_PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

/** Text when the session to end is not one of the player's live sessions. */
export const SESSION_NOT_FOUND = 'Session not found.';
