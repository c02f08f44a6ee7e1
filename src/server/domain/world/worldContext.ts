/**
 * What the world's actions run with: the database, the clock, the {name} account, each player's pace
 * counters, and a way to reach players' sockets. The HTTP layer builds it from the app's context and the
 * socket gateway (domain code never imports either).
 */
import type { PushedEventName, ServerEventPayload } from '../../../shared/api/socketEvents';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

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

/** The world actions' dependencies. */
export interface WorldContext {
  db: Db;
  clock: Clock;
  config: { adminName: string };
  pace: PaceStore;
  realtime: WorldNotifier;
}
