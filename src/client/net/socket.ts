/**
 * The live socket's transport: one Socket.IO connection per attempt, on the page's own origin at
 * /socket.io. Socket.IO's own reconnection is off because the socket machine owns retries (spec 1 §4:
 * 300 ms after an unclean close, then a fresh `sync`). The Socket.IO client loads with the first
 * connection (after login), not with the first paint.
 */
import type { io as connectIo, ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { SOCKET_MESSAGE_EVENT, type ClientMessage } from '../../shared/api/socket';

/** What a transport reports to its owner. */
export interface TransportListener {
  /** The connection is open: messages can be sent. */
  open(): void;
  /** A server message arrived (unvalidated). */
  message(data: unknown): void;
  /** The connection ended or never opened; `clean` only when the close was asked for. */
  closed(clean: boolean, reason: string): void;
}

/** One connection attempt; the socket machine's injected boundary. */
export interface SocketTransport {
  /** Starts connecting and reports to `listener`. */
  connect(listener: TransportListener): void;
  /** Sends a message; only called while open. */
  send(message: ClientMessage): void;
  /** Closes on purpose; the listener hears nothing more. */
  close(): void;
}

/** Creates a transport for one connection attempt. */
export type TransportFactory = () => SocketTransport;

/** Where to connect; the defaults are the browser's same origin. */
export interface SocketTransportOptions {
  /** Server origin; unset means the page's origin. Node (tests) must give one. */
  url?: string;
  /** Headers for the handshake; only Node honours them (tests pass the session cookie this way). */
  extraHeaders?: Record<string, string>;
  /** Restrict Socket.IO transports (tests use websocket only); default DEFAULT_TRANSPORTS, tried in order. */
  transports?: ('polling' | 'websocket')[];
}

/**
 * WebSocket first, long-polling when the WebSocket does not open (a proxy that blocks it): Socket.IO's default
 * starts with polling and upgrades, a handshake request, a poll and an upgrade probe whose answers each made
 * a task of their own on home's start (issue #8), before the WebSocket it ends on anyway.
 */
export const DEFAULT_TRANSPORTS: ('polling' | 'websocket')[] = ['websocket', 'polling'];

/** The Socket.IO path the server listens on. */
export const SOCKET_PATH = '/socket.io';

/** Socket.IO reason for a close we asked for. */
const CLIENT_CLOSE = 'io client disconnect';

/** A Socket.IO transport; nothing connects until `connect`. */
export function createSocketTransport(options: SocketTransportOptions = {}): SocketTransport {
  let socket: Socket | undefined;
  let closed = false;
  return {
    connect(listener) {
      import('socket.io-client').then(
        ({ io }) => {
          // closed while the client was loading: nothing to open
          if (!closed) socket = open(io, listener);
        },
        (err: unknown) => listener.closed(false, `socket client unavailable: ${err instanceof Error ? err.message : String(err)}`),
      );
    },
    send(message) {
      socket?.send(message);
    },
    close() {
      closed = true;
      const s = socket;
      socket = undefined;
      if (!s) return;
      s.off();
      s.close();
    },
  };

  /** Opens one Socket.IO connection reporting to `listener`. */
  function open(io: typeof connectIo, listener: TransportListener): Socket {
    const opts: Partial<ManagerOptions & SocketOptions> = {
      path: SOCKET_PATH,
      reconnection: false,
      // A fresh engine per attempt: a cached manager would share (and keep) a dropped connection's state.
      forceNew: true,
      ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
      transports: options.transports ?? DEFAULT_TRANSPORTS,
      // The next transport in the list when one fails to open (not only the first, as by default).
      tryAllTransports: true,
    };
    const s = options.url ? io(options.url, opts) : io(opts);
    let ended = false;
    const end = (clean: boolean, reason: string) => {
      if (ended) return;
      ended = true;
      listener.closed(clean, reason);
    };
    s.on('connect', () => listener.open());
    s.on(SOCKET_MESSAGE_EVENT, (data: unknown) => listener.message(data));
    s.on('connect_error', (err: Error) => end(false, err.message));
    // The server's own disconnect (logout elsewhere, redeploy) counts as unclean: the machine retries
    // with a fresh `sync`, and the server answers `success:false` if the token is no longer valid.
    s.on('disconnect', (reason: string) => end(reason === CLIENT_CLOSE, reason));
    return s;
  }
}
