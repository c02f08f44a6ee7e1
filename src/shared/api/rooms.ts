/**
 * The worlds on the wire (FACTS.md "Rooms", spec 3 §3 and §7): world objects, chat entries, what
 * `/api/rooms/*` answer and what the Forum events carry. `ts` is the room's state time in epoch ms: a
 * client applies an answer or event only when its `ts` is newer than what it shows.
 */
import { z } from '../zod';

/** A room id: 1 the Forum, 2 the Ditch. */
export const roomIdSchema = z.union([z.literal(1), z.literal(2)]);

/** An inscription's data, and a master's (whose `verse` is its last verse, or ''). */
export const worldObjectDataSchema = z.object({
  /** The inscription's text (a master's: its last verse, or ''). Text only: never HTML. */
  verse: z.string(),
  /** User ids of the players who voted for the inscription (a master's: []). */
  votes: z.array(z.int()),
  /** The time (UTC "YYYY-MM-DD HH:MM:SS") until which the inscription stands; '' for a master. */
  limit: z.string(),
});

/**
 * One object of a room: a master (a present player; `id` is its world-object id, stable across visits)
 * or a scribe (an inscription). `senator`/`patricius` are true while the title is active.
 */
export const worldObjectSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  type: z.enum(['master', 'scribe']),
  name: z.string(),
  coordinate: z.int(),
  /** Facing left. */
  flip: z.boolean(),
  skin_id: z.int(),
  puff: z.boolean(),
  senator: z.boolean(),
  patricius: z.boolean(),
  data: worldObjectDataSchema,
});

/** A chat entry; `data.title` is '', 'S', 'P' or 'SP'. `channel` per `channelAt`. */
export const chatEntrySchema = z.object({
  id: z.int(),
  room: roomIdSchema,
  channel: z.int().check(z.gte(0), z.lte(2)),
  content: z.string(),
  data: z.object({ name: z.string(), title: z.string() }),
});

/** `GET /api/rooms/enter/{room}` and `POST /api/rooms/walk` → data: the room's objects, `ts`, the chat log
 *  the player can see (newest last, at most 50). */
export const roomStateSchema = z.object({
  data: z.array(worldObjectSchema),
  ts: z.int(),
  chat_log: z.array(chatEntrySchema),
});

/** `POST /api/rooms/walk` body. */
export const walkBodySchema = z.object({
  coordinate: z.coerce.number(),
  flip: z.pipe(
    z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]),
    z.transform((f) => f === true || f === 1 || f === '1'),
  ),
});

/** `POST /api/rooms/verse|yell|scribe` body. */
export const verseBodySchema = z.object({ verse: z.string() });

/** `POST /api/rooms/incense/` body: the slot, 1–3. */
export const incenseBodySchema = z.object({ incense_id: z.coerce.number().check(z.int(), z.gte(1), z.lte(3)) });

/**
 * `forumupd` (to the room's present players): what changed since the last one. `data`: objects added or
 * moved (whole objects); `removed`: object ids gone (a master left or went silent, an inscription ended);
 * `chat`: new chat entries (each player's client filters by its channel).
 */
export const forumUpdateSchema = z.object({
  room: roomIdSchema,
  ts: z.int(),
  data: z.array(worldObjectSchema),
  removed: z.array(z.int()),
  chat: z.array(chatEntrySchema),
});

/** The types of the above. */
export type WorldObject = z.infer<typeof worldObjectSchema>;
/** A chat entry. */
export type ChatEntry = z.infer<typeof chatEntrySchema>;
/** A room's state as enter and walk answer it. */
export type RoomState = z.infer<typeof roomStateSchema>;
/** A `forumupd` payload. */
export type ForumUpdate = z.infer<typeof forumUpdateSchema>;
