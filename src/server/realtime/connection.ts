/** What the transport-neutral hub needs from one socket, whatever carries it (Socket.IO or plain WebSocket). */
import type { ServerMessage } from '../../shared/api/socket';

/** How a socket is ended: `unclean` makes the original product's client reconnect and resync; `policy` does not. */
export type CloseMode = 'unclean' | 'policy';

/**
 * A message on its way out, serialised at most once however many sockets it goes to: a round result goes
 * to every socket, and encoding it per socket was most of a fan-out's time.
 */
export class OutgoingMessage {
  private json: string | undefined;
  private utf8: Buffer | undefined;
  private readonly encodings = new Map<string, unknown>();

  private originalUtf8: Buffer | undefined;

  /**
   * `original`: the message as the original product's client reads it, where its shape differs from ours
   * (a room's whole object list instead of a delta); the plain WebSocket sends that one.
   */
  constructor(
    readonly message: ServerMessage,
    readonly original: ServerMessage = message,
  ) {}

  /** The message as a JSON text frame. */
  get text(): string {
    return (this.json ??= JSON.stringify(this.message));
  }

  /** The JSON text as UTF-8 bytes (sent as a text frame, it spares each socket the conversion). */
  get bytes(): Buffer {
    return (this.utf8 ??= Buffer.from(this.text));
  }

  /** The original product's shape as UTF-8 JSON bytes (the same bytes as `bytes` when the shapes agree). */
  get originalBytes(): Buffer {
    if (this.original === this.message) return this.bytes;
    return (this.originalUtf8 ??= Buffer.from(JSON.stringify(this.original)));
  }

  /** A transport's own encoding of the message, made by `make` on first use and kept for the other sockets. */
  encoded<T>(transport: string, make: (message: ServerMessage) => T): T {
    if (this.encodings.has(transport)) return this.encodings.get(transport) as T;
    const value = make(this.message);
    this.encodings.set(transport, value);
    return value;
  }
}

/** One live socket as a transport adapter presents it. */
export interface Connection {
  /** The transport's name, for logs. */
  readonly transport: 'socket.io' | 'ws';
  /** The client address (per-address caps). */
  readonly address: string;
  /** The session cookie sent with the handshake, if any. */
  readonly cookie: string | undefined;
  /** Sends one message. */
  send(message: OutgoingMessage): void;
  /** Ends the socket; the adapter then reports `closed` to the hub. */
  close(mode: CloseMode): void;
}
