/**
 * The server → client events, one zod schema per event for the fields beside `event`, `_nonce` and `seq`
 * (FACTS.md "Realtime"; spec 1 §8, spec 3 §7). Where the spec names no fields yet the schema is a loose
 * (passthrough) object: any fields pass, and the feature that first sends the event pins them down here.
 *
 * Sequencing: every message to one player (`sendToUser`) carries `seq`, one more than the player's
 * previous message; the `subscribe` answer carries the player's current `seq`. Broadcasts (Forum activity)
 * are not sequenced: they are best-effort notices of shared state the client refetches anyway, on every
 * (re)subscribe and on its 60 s Forum poll. A client refetches what it shows on every (re)subscribe and
 * whenever `seq` skips, so a feature never silently misses an event.
 */
import { z } from '../zod';
import { chatEntrySchema, forumUpdateSchema, roomIdSchema, worldObjectSchema } from './rooms';

/** A transaction's status (spec 3 §7 "Transactions"). */
export const transactionStatusSchema = z.enum(['new', 'pending', 'success', 'fail']);

/** Fields of each server event, by event name. */
export const serverEventSchemas = {
  /** The answer to `sync`: `seq` is the player's current sequence number (present when `success`). */
  subscribe: z.object({ success: z.boolean(), seq: z.optional(z.int().check(z.nonnegative())) }),
  /**
   * A round settled and the next one is written (spec 1 §8): the client refetches `/api/game` and shows
   * its eidols' coin and XP pop-ups. `game_id` is the settled round, `threshold` its T (decimal fraction),
   * `hash` its revealed hash, `next_game_id` the round now open.
   */
  game_ended: z.looseObject({ game_id: z.int(), threshold: z.string(), hash: z.string(), next_game_id: z.int() }),
  /**
   * The round's capacity changed (joins reserved or released claims), to everyone, at most about once a
   * second: `capacity` and `capacity_left` in ANGLS as in `GET /api/game`; `ts` orders announcements of
   * several nodes (a client keeps the newest).
   */
  capacity: z.object({ game_id: z.int(), capacity: z.string(), capacity_left: z.string(), ts: z.int() }),
  /** A transaction of the player changed status (spec 3 §7). Other fields not yet known: loose. */
  transaction_update: z.looseObject({ status: transactionStatusSchema }),
  /**
   * An item reached the player ("Item arrived!"); a shop purchase or drop sends `{item_id, quantity}` (how
   * many arrived). Loose: the realtime tests use it as their generic event.
   */
  item_arrived: z.looseObject({}),
  /** A transmutation of eidol `oogle_id` succeeded ("Transmutation succesfull!", sic). */
  training_succesfull: z.looseObject({ oogle_id: z.int() }),
  /** A transmutation of eidol `oogle_id` failed. */
  training_failed: z.looseObject({ oogle_id: z.int() }),
  /** Someone yelled (spec 1 §8). Fields not yet known: loose. */
  yell: z.looseObject({}),
  /** What changed in a room (to its present players; `forumUpdateSchema` in rooms.ts). */
  forumupd: forumUpdateSchema,
  /** "Inscription is put at the Forum!": the new inscription (to everyone). */
  forumscribe: z.looseObject({ room: roomIdSchema, ts: z.int(), object: worldObjectSchema }),
  /** "Someone yelling at the Forum!": the yell as a chat entry (to everyone). */
  forumyell: z.looseObject({ room: roomIdSchema, ts: z.int(), chat: chatEntrySchema }),
  /** "{name_from} luves you!": to the liked player only; `id` is the liked player's user id. */
  forumlike: z.looseObject({ id: z.int(), id_from: z.int(), name_from: z.string() }),
  /** "{name} burning incense at the Forum!": slot 1–3 now burns until `until` (UTC) (to everyone). */
  forumincense: z.looseObject({ room: roomIdSchema, ts: z.int(), name: z.string(), slot: z.int(), until: z.string() }),
  /** "{name} sent Caravan to restock shop items.": back at `returns_at` (UTC) (to everyone). */
  forumcaravan: z.looseObject({ room: roomIdSchema, ts: z.int(), name: z.string(), returns_at: z.string() }),
  /** "{name} unpacks the item from Caravan!": one good went to the store; `caravan_items` left (to everyone). */
  forumcaravanunpack: z.looseObject({ room: roomIdSchema, ts: z.int(), name: z.string(), item_id: z.int(), caravan_items: z.int() }),
} as const;

/** A known server event name. */
export type ServerEventName = keyof typeof serverEventSchemas;

/** An event the server pushes on its own (everything but the `subscribe` answer). */
export type PushedEventName = Exclude<ServerEventName, 'subscribe'>;

/** The fields a sender gives for `K`. */
export type ServerEventPayload<K extends ServerEventName> = z.input<(typeof serverEventSchemas)[K]>;

/** A whole message of event `K` as the client receives it. */
export type ServerMessageOf<K extends ServerEventName> = z.output<(typeof serverEventSchemas)[K]> & {
  event: K;
  _nonce: string;
  seq?: number;
};

/** True for a known event name. */
export function isServerEventName(name: string): name is ServerEventName {
  return Object.hasOwn(serverEventSchemas, name);
}
