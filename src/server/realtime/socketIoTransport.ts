/**
 * The Socket.IO transport (the product's own client, at /socket.io): a thin adapter from Socket.IO's
 * events to the hub. Engine-level connections are what the per-address cap counts, so a client cannot
 * hold sockets open without joining the namespace either.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { SOCKET_MESSAGE_EVENT } from '../../shared/api/socket';
import type { AddressBook } from './addressBook';
import type { Admission } from './admission';
import type { Hub } from './hub';
import type { RealtimeLimits } from './limits';

/** A Socket.IO client that has not joined the namespace this long after connecting is dropped. */
const NAMESPACE_JOIN_TIMEOUT_MS = 10_000;

/** Wiring of one transport adapter. */
export interface TransportDeps {
  hub: Hub;
  book: AddressBook;
  admission: Admission;
  addressOf: (req: IncomingMessage) => string;
  limits: RealtimeLimits;
  /** Reads the session cookie of a handshake's `Cookie` header (its name depends on the config). */
  sessionOf: (cookieHeader: string | undefined) => string | undefined;
}

/** Serves Socket.IO on `server`; returns its closer. */
export function attachSocketIo(server: HttpServer, deps: TransportDeps): { close(): void } {
  const { hub, book, admission, addressOf, limits } = deps;
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: limits.maxMessageBytes,
    connectTimeout: NAMESPACE_JOIN_TIMEOUT_MS,
    // Other upgrade paths (the plain WebSocket at /ws/) are not Socket.IO's to destroy.
    destroyUpgrade: false,
    allowRequest: (req, callback) => {
      const refusal = admission(req, addressOf(req));
      callback(refusal?.reason ?? null, refusal === undefined);
    },
  });

  io.engine.on('connection', (raw: { request: IncomingMessage; close(): void; once(event: 'close', fn: () => void): void }) => {
    const address = addressOf(raw.request);
    // allowRequest checked the cap, but simultaneous handshakes can pass it together: count strictly here.
    if (!book.add(address)) {
      raw.close();
      return;
    }
    raw.once('close', () => book.remove(address));
  });

  io.on('connection', (socket: Socket) => {
    const state = hub.open({
      transport: 'socket.io',
      address: addressOf(socket.request),
      cookie: deps.sessionOf(socket.request.headers.cookie),
      send: (out) => void socket.send(out.message),
      // Socket.IO has no unclean close: the product's client treats any server disconnect as one.
      close: () => void socket.disconnect(true),
    });
    // Every event counts against the socket's rate; only `message` carries the protocol.
    socket.onAny((event: string, payload: unknown) => hub.receive(state, event === SOCKET_MESSAGE_EVENT ? payload : undefined));
    socket.on('disconnect', () => hub.closed(state));
  });

  return {
    close() {
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
