/** What the transport-neutral hub needs from one socket, whatever carries it (Socket.IO or plain WebSocket). */
import type { ServerMessage } from '../../shared/api/socket';

/** How a socket is ended: `unclean` makes the original product's client reconnect and resync; `policy` does not. */
export type CloseMode = 'unclean' | 'policy';

/** A message on its way out, serialised at most once however many sockets it goes to. */
export class OutgoingMessage {
  private json: string | undefined;

  constructor(readonly message: ServerMessage) {}

  /** The message as a JSON text frame. */
  get text(): string {
    return (this.json ??= JSON.stringify(this.message));
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
