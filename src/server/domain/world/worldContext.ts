/**
 * What the world code needs from the app (the app's context has all of it): the database, the clock, a
 * logger, and a room-scoped sender on the bus (the socket gateway's `Realtime` is one).
 */
import type { ForumUpdate } from '../../../shared/api/rooms';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

/** The app's context as the world uses it. */
export interface WorldContext {
  db: Db;
  clock: Clock;
  auth: { log: { error(obj: object, msg: string): void } };
}

/** Sends a room's updates through the bus, and asks this node, for each room message, who receives it. */
export interface RoomSender {
  sendToRoom(room: number, event: 'forumupd', payload: ForumUpdate): void;
  setRoomResolver(resolver: (room: number, event: string, payload: object) => Iterable<number>): void;
}
