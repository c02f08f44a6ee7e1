/**
 * The Socket.IO transport (the product's own client, at /socket.io): a thin adapter from Socket.IO's
 * events to the hub. Engine-level connections are what the per-address cap counts, so a client cannot
 * hold sockets open without joining the namespace either.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { SOCKET_MESSAGE_EVENT, type ServerMessage } from '../../shared/api/socket';
import type { AddressBook } from './addressBook';
import type { Admission } from './admission';
import type { Connection, OutgoingMessage } from './connection';
import type { Hub, SocketState } from './hub';
import type { RealtimeLimits } from './limits';
import { trimEngineConnection, trimNamespaceSocket, type TrimmedEngineSocket } from './socketio-internals/connectionTrims';
import { EngineHeartbeat, type HeartbeatSocket } from './socketio-internals/engineHeartbeat';
import { socketIoPatchEnabled } from './socketio-internals/fence';
import { preEncodedFrame } from './socketio-internals/preEncodedFrame';
import { leanParser } from './socketio-internals/socketIoParser';

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
/**
 * Encodes `message` as Socket.IO's `message` event once: the packet text, and its WebSocket frame
 * (engine.io's "4" message prefix included), as Socket.IO's adapter does for its own broadcasts. Sending
 * it through `socket.send` would encode it again for every socket.
 */
function encodePacket(io: Server, message: ServerMessage): EncodedPacket {
  const [data] = io.encoder.encode({ type: EVENT_PACKET, nsp: '/', data: [SOCKET_MESSAGE_EVENT, message] }) as unknown[];
  if (typeof data !== 'string') throw new Error('socket.io encoded a text message as binary');
  const options: EncodedPacket['options'] = { preEncoded: true };
  const frame = preEncodedFrame(data);
  if (frame) options.wsPreEncodedFrame = frame;
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

/** What every connection of one server shares (one object, so a connection holds one reference to it). */
interface Shared {
  encode: (message: ServerMessage) => EncodedPacket;
}

/** The part of engine.io's socket this adapter uses. */
interface EngineSocket extends TrimmedEngineSocket {
  request: IncomingMessage | null;
  close(): void;
  on(event: 'close' | 'upgrade', fn: (this: EngineSocket) => void): void;
}

/**
 * One Socket.IO connection as the hub sees it: what it needs of the handshake (read at the engine's
 * connection, before the request is let go), and the namespace socket once the client joined. Methods
 * on the prototype rather than closures per connection: memory per socket is what a fan-out server has.
 */
class SioConnection implements Connection {
  /** The namespace socket, once the client joined `/`. */
  socket: Socket | undefined = undefined;

  constructor(
    readonly address: string,
    readonly cookie: string | undefined,
    private readonly shared: Shared,
  ) {}

  /** The transport's name, for logs. */
  get transport(): 'socket.io' {
    return 'socket.io';
  }

  /** Writes the message's pre-built packet (encoded once for every socket) to the engine connection. */
  send(out: OutgoingMessage): void {
    const conn = this.socket?.conn;
    if (conn?.readyState !== 'open') return;
    const packet = out.encoded('socket.io', this.shared.encode);
    conn.write(packet.data, packet.options as unknown as Parameters<typeof conn.write>[1]);
  }

  /** Socket.IO has no unclean close: the product's client treats any server disconnect as one. */
  close(): void {
    void this.socket?.disconnect(true);
  }
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
    pingInterval: limits.pingIntervalMs,
    pingTimeout: limits.pingTimeoutMs,
    connectTimeout: NAMESPACE_JOIN_TIMEOUT_MS,
    // Other upgrade paths (the plain WebSocket at /ws/) are not Socket.IO's to destroy.
    destroyUpgrade: false,
    // The same packets, decoded without an event emitter per connection (socketio-internals/socketIoParser.ts).
    ...(socketIoPatchEnabled('parser') ? { parser: leanParser } : {}),
    allowRequest: (req, callback) => {
      const refusal = admission(req, addressOf(req));
      callback(refusal?.reason ?? null, refusal === undefined);
    },
  });
  const shared: Shared = { encode: (m) => encodePacket(io, m) };
  // engine.io's ping timers, one pair per socket, replaced by one timer for every socket (socketio-internals/engineHeartbeat.ts).
  const heartbeat = socketIoPatchEnabled('heartbeat')
    ? new EngineHeartbeat({ pingInterval: limits.pingIntervalMs, pingTimeout: limits.pingTimeoutMs })
    : undefined;

  // Each engine connection's record until it closes. One listener function for every socket, not a closure each.
  const connections = new WeakMap<EngineSocket, SioConnection>();
  function onEngineClose(this: EngineSocket): void {
    heartbeat?.release(this as unknown as HeartbeatSocket);
    const conn = connections.get(this);
    if (!conn) return;
    connections.delete(this);
    book.remove(conn.address);
  }
  function onSocketEvent(this: Socket, event: string, payload: unknown): void {
    // Every event counts against the socket's rate; only `message` carries the protocol.
    hub.receive(this.data as SocketState, event === SOCKET_MESSAGE_EVENT ? payload : undefined);
  }
  function onSocketDisconnect(this: Socket): void {
    hub.closed(this.data as SocketState);
  }

  io.engine.on('connection', (raw: EngineSocket) => {
    const request = raw.request!;
    const address = addressOf(request);
    const cookie = deps.sessionOf(request.headers.cookie);
    // Engine.io would keep the whole HTTP request for the socket's life (Socket.IO's documented memory saving).
    raw.request = null;
    // allowRequest checked the cap, but simultaneous handshakes can pass it together: count strictly here.
    if (!book.add(address)) {
      raw.close();
      return;
    }
    connections.set(raw, new SioConnection(address, cookie, shared));
    raw.on('close', onEngineClose);
    trimEngineConnection(raw);
    heartbeat?.adopt(raw as unknown as HeartbeatSocket);
  });

  io.on('connection', (socket: Socket) => {
    const raw = socket.conn as unknown as EngineSocket;
    let conn = connections.get(raw);
    // A second join of `/` on one engine connection gets a record of its own (same handshake).
    if (!conn || conn.socket) conn = new SioConnection(conn?.address ?? socket.conn.remoteAddress, conn?.cookie, shared);
    conn.socket = socket;
    // The hub's record rides on the socket (Socket.IO's `data`), for the shared listeners above.
    socket.data = hub.open(conn);
    // Nothing is sent to a socket by its id (the hub holds each socket): its own room, and the adapter's
    // record of the socket's rooms, would only cost memory.
    socket.nsp.adapter.delAll(socket.id);
    socket.onAny(onSocketEvent);
    socket.on('disconnect', onSocketDisconnect);
    trimNamespaceSocket(socket, raw);
  });

  return {
    close() {
      io.disconnectSockets(true);
      io.engine.close();
      heartbeat?.stop();
    },
  };
}
