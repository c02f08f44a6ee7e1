/**
 * The live socket's client → server messages and the frame every server message shares (FACTS.md
 * "Realtime"). The same JSON travels on both transports: Socket.IO's plain `message` event
 * (`socket.send(...)` / `socket.on('message', ...)`) and the original product's plain WebSocket at
 * `/ws/` (JSON text frames). The server events themselves are typed in `socketEvents.ts`.
 */
import { z } from '../zod';

/** The Socket.IO event every message travels on. */
export const SOCKET_MESSAGE_EVENT = 'message';

/** The plain WebSocket path clients of the original product open (`/ws` is accepted too). */
export const PLAIN_WS_PATH = '/ws/';

/**
 * Client → server: subscribe with the user's `ws_auth_token`, or acknowledge a server message. Objects
 * are loose: the original client adds a random `x` to `sync` (a cache buster), and other unknown fields
 * are ignored rather than refused.
 */
export const clientMessageSchema = z.discriminatedUnion('method', [
  // A logged-out client of the original product may sync with no token yet (null): refused, not malformed.
  z.looseObject({ method: z.literal('sync'), token: z.nullable(z.string().check(z.maxLength(200))) }),
  z.looseObject({ method: z.literal('ack'), nonce: z.string().check(z.maxLength(100)) }),
]);

/** A message the client sends. */
export type ClientMessage = { method: 'sync'; token: string; x?: number } | { method: 'ack'; nonce: string };

/**
 * Server → client: an event name, a nonce the client acknowledges and dedupes for 60 s, and its fields.
 * Messages to one player also carry `seq` (see socketEvents.ts); clients of the original product ignore it.
 */
export interface ServerMessage {
  event: string;
  _nonce: string;
  /** Per-player sequence number; absent on broadcasts and on a refused `subscribe`. */
  seq?: number;
  [field: string]: unknown;
}
