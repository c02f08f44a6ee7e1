/**
 * The Socket.IO transport (the product's own client, at /socket.io): a thin adapter from Socket.IO's
 * events to the hub. Engine-level connections are what the per-address cap counts, so a client cannot
 * hold sockets open without joining the namespace either.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import * as wsModule from 'ws';
import { SOCKET_MESSAGE_EVENT, type ServerMessage } from '../../shared/api/socket';
import type { AddressBook } from './addressBook';
import type { Admission } from './admission';
import type { Hub } from './hub';
import type { RealtimeLimits } from './limits';

/** A Socket.IO client that has not joined the namespace this long after connecting is dropped. */
const NAMESPACE_JOIN_TIMEOUT_MS = 10_000;

/** Socket.IO's packet, as its encoder takes it. */
type SioPacket = Parameters<Server['encoder']['encode']>[0];
/** Socket.IO's EVENT packet type (socket.io-parser's PacketType.EVENT). */
const EVENT_PACKET = 2 as SioPacket['type'];
/** What engine.io writes: the encoded packet, and the WebSocket frame built once for every socket. */
interface EncodedPacket {
  data: string;
  options: { preEncoded: true; wsPreEncodedFrame?: Buffer[] };
}
/** ws's frame builder (untyped in @types/ws); Socket.IO's own adapter pre-builds broadcast frames with it. */
const frameOf = (wsModule as unknown as { Sender?: { frame?: (data: Buffer, options: object) => Buffer[] } }).Sender?.frame;

/**
 * Encodes `message` as Socket.IO's `message` event once: the packet text, and its WebSocket frame
 * (engine.io's "4" message prefix included), as Socket.IO's adapter does for its own broadcasts. Sending
 * it through `socket.send` would encode it again for every socket.
 */
function encodePacket(io: Server, message: ServerMessage): EncodedPacket {
  const [data] = io.encoder.encode({ type: EVENT_PACKET, nsp: '/', data: [SOCKET_MESSAGE_EVENT, message] }) as unknown[];
  if (typeof data !== 'string') throw new Error('socket.io encoded a text message as binary');
  const options: EncodedPacket['options'] = { preEncoded: true };
  if (frameOf) options.wsPreEncodedFrame = frameOf(Buffer.from(`4${data}`), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true });
  return { data, options };
}

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
    // Compression would cost a deflate per socket per message (the pre-built frame needs it off, too).
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: limits.maxMessageBytes,
    connectTimeout: NAMESPACE_JOIN_TIMEOUT_MS,
    // Other upgrade paths (the plain WebSocket at /ws/) are not Socket.IO's to destroy.
    destroyUpgrade: false,
    allowRequest: (req, callback) => {
      const refusal = admission(req, addressOf(req));
      callback(refusal?.reason ?? null, refusal === undefined);
    },
  });

  // What a socket needs of its handshake, read before the request is let go.
  const handshakes = new WeakMap<object, { address: string; cookie: string | undefined }>();
  io.engine.on('connection', (raw: { request: IncomingMessage | null; close(): void; once(event: 'close', fn: () => void): void }) => {
    const request = raw.request!;
    const address = addressOf(request);
    handshakes.set(raw, { address, cookie: deps.sessionOf(request.headers.cookie) });
    // Engine.io would keep the whole HTTP request for the socket's life (Socket.IO's documented memory saving).
    raw.request = null;
    // allowRequest checked the cap, but simultaneous handshakes can pass it together: count strictly here.
    if (!book.add(address)) {
      raw.close();
      return;
    }
    raw.once('close', () => book.remove(address));
  });

  io.on('connection', (socket: Socket) => {
    const conn = socket.conn;
    const handshake = handshakes.get(conn) ?? { address: conn.remoteAddress, cookie: undefined };
    const state = hub.open({
      transport: 'socket.io',
      address: handshake.address,
      cookie: handshake.cookie,
      send: (out) => {
        if (conn.readyState !== 'open') return;
        const packet = out.encoded('socket.io', (m) => encodePacket(io, m));
        conn.write(packet.data, packet.options as unknown as Parameters<typeof conn.write>[1]);
      },
      // Socket.IO has no unclean close: the product's client treats any server disconnect as one.
      close: () => void socket.disconnect(true),
    });
    // Nothing is sent to a socket by its id (the hub holds each socket): its own room would only cost memory.
    void socket.leave(socket.id);
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
