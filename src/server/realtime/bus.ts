/**
 * The node-to-node bus of the gateway: every send, broadcast and disconnect is published here, and every
 * node (the sender too) delivers what the bus hands it to its own local sockets, in the bus's order. On
 * PostgreSQL the bus is LISTEN/NOTIFY (postgresBus.ts), whose order is the same on every node, so each
 * node's per-player `seq` stays gap-free on its sockets. On SQLite (one process) it is in-process and
 * synchronous: delivery happens inside the call, as before there was a bus.
 */
import type { PushedEventName } from '../../shared/api/socketEvents';

/** What travels between nodes. `nonce` is chosen by the sender, so every node's copy carries the same one. */
export type BusMessage =
  | { to: 'user'; userId: number; event: PushedEventName; payload: object; nonce: string }
  | { to: 'all'; event: PushedEventName; payload: object; nonce: string }
  | { to: 'room'; room: number; event: PushedEventName; payload: object; nonce: string }
  | { to: 'disconnect'; userId: number }
  | { to: 'sessions'; keys: string[]; userId?: number };

/** A bus: publish to every node; `start` before serving, `close` on shutdown (pending messages sent first). */
export interface Bus {
  publish(message: BusMessage): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The bus of a single process: `deliver` runs inside `publish`. */
export function inProcessBus(deliver: (message: BusMessage) => void): Bus {
  return {
    publish: deliver,
    start: async () => {},
    close: async () => {},
  };
}
