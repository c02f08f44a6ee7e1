/**
 * The live socket's messages (FACTS.md "Realtime"). Both directions use Socket.IO's plain `message` event
 * (`socket.send(...)` / `socket.on('message', ...)`), so the payloads are the same on any transport.
 */
import { z } from 'zod';

/** The Socket.IO event every message travels on. */
export const SOCKET_MESSAGE_EVENT = 'message';

/** Client → server: subscribe with the user's `ws_auth_token`, or acknowledge a server message. */
export const clientMessageSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('sync'), token: z.string() }),
  z.object({ method: z.literal('ack'), nonce: z.string() }),
]);

/** A message the client sends. */
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Server → client: an event name, a nonce the client acknowledges and dedupes for 60 s, and its fields. */
export interface ServerMessage {
  event: string;
  _nonce: string;
  [field: string]: unknown;
}

/** The answer to `sync`. */
export interface SubscribeMessage extends ServerMessage {
  event: 'subscribe';
  success: boolean;
}
