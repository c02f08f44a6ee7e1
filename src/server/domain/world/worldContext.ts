/**
 * What the world code needs from the app (the app's context has all of it), so domain code never imports
 * the HTTP layer or the socket gateway: the database, the clock and a logger for presence and the room
 * snapshots; for the players' actions also the {name} account, each player's pace counters and a way to
 * reach players' sockets. The HTTP layer builds the actions' context from the app's context and the gateway.
 */
import type { ForumUpdate } from '../../../shared/api/rooms';
import type { PushedEventName, ServerEventPayload } from '../../../shared/api/socketEvents';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

/** The app's context as presence and the room snapshots use it (the world node is keyed on it). */
export interface WorldContext {
  db: Db;
  clock: Clock;
  auth: { log: { error(obj: object, msg: string): void } };
}

/** Sends a room's updates through the bus, and asks this node, for each room message, who receives it. */
export interface RoomSender {
  sendToRoom(room: number, event: 'forumupd', payload: ForumUpdate): void;
  setRoomResolver(
    resolver: (room: number, event: string, payload: object) => { users: Iterable<number>; original?: () => Record<string, unknown> },
  ): void;
}

/** Fixed-window counters (the app's rate store). */
export interface PaceStore {
  /** Adds one use of `key` (a new window of `windowMs` when none runs) and returns the count and the window's end. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

/** Sends events to players, on whichever node their sockets are. */
export interface WorldNotifier {
  /** To every socket of `userId`. */
  sendToUser<K extends PushedEventName>(userId: number, event: K, payload: ServerEventPayload<K>): void;
  /** To every subscribed socket. */
  broadcast<K extends PushedEventName>(event: K, payload: ServerEventPayload<K>): void;
}

/** The players' actions' dependencies (built once per app by the route plugin; shares the app's world node). */
export interface WorldActionContext extends WorldContext {
  config: { adminName: string };
  pace: PaceStore;
  realtime: WorldNotifier;
}
