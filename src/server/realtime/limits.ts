/** The socket gateway's limits: what one socket and one address may cost the server. */

/** Every limit of the gateway; tests and the flood benchmark override some. */
export interface RealtimeLimits {
  /** Largest message accepted, in bytes (Socket.IO `maxHttpBufferSize`, ws `maxPayload`). */
  maxMessageBytes: number;
  /** Messages a socket may send in a burst, and per second after it. */
  messageBurst: number;
  messagesPerSecond: number;
  /** `sync`s a socket may send in a burst, and per second after it (each costs two database reads). */
  syncBurst: number;
  syncsPerSecond: number;
  /** `sync`s of one socket being checked at once (the gateway before these limits had no such bound). */
  syncsInFlight: number;
  /**
   * Dropped (over-limit or malformed) messages tolerated in a burst, and forgiven per second: a socket
   * that keeps sending faster than its limit is disconnected once this runs out.
   */
  abuseBurst: number;
  abuseForgivenPerSecond: number;
  /** Live sockets per client address, both transports together. */
  socketsPerAddress: number;
  /** New connections per address in a burst, and per second after it. */
  handshakeBurst: number;
  handshakesPerSecond: number;
  /** A socket that has not subscribed this long after opening is dropped. */
  authTimeoutMs: number;
  /**
   * A socket whose `sync` was refused with no live session behind its cookie (opened before login) is
   * ended this soon, so the original client reconnects with its current cookies and syncs again.
   */
  staleSessionRetryMs: number;
  /** Socket.IO's heartbeat: a ping this long after the last pong (engine.io's `pingInterval`). */
  pingIntervalMs: number;
  /** A Socket.IO socket that does not answer a ping this long is closed (engine.io's `pingTimeout`). */
  pingTimeoutMs: number;
  /** A plain WebSocket whose unsent output grows past this is dropped (a reader too slow to keep up). */
  maxBufferedBytes: number;
  /**
   * A player's own events on the plain WebSocket are held this long and sent coalesced (coalesce.ts): the
   * original client refetches six resources on each, and one purchase sends two. 0 sends each at once.
   */
  coalesceMs: number;
}

/** Production limits. A real client sends one `sync` per connection and one `ack` per server message. */
export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxMessageBytes: 8 * 1024,
  messageBurst: 60,
  messagesPerSecond: 20,
  syncBurst: 5,
  syncsPerSecond: 0.2,
  syncsInFlight: 1,
  abuseBurst: 200,
  abuseForgivenPerSecond: 5,
  socketsPerAddress: 20,
  handshakeBurst: 30,
  handshakesPerSecond: 2,
  authTimeoutMs: 30_000,
  staleSessionRetryMs: 2_000,
  maxBufferedBytes: 1024 * 1024,
  coalesceMs: 200,
  // Socket.IO's defaults: the product's client learns them at the handshake.
  pingIntervalMs: 25_000,
  pingTimeoutMs: 20_000,
};
