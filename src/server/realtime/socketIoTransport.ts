/**
 * The Socket.IO transport (the product's own client, at /socket.io): a thin adapter from Socket.IO's
 * events to the hub. Engine-level connections are what the per-address cap counts, so a client cannot
 * hold sockets open without joining the namespace either.
 */
import type { EventEmitter } from 'node:events';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import * as wsModule from 'ws';
import { SOCKET_MESSAGE_EVENT, type ServerMessage } from '../../shared/api/socket';
import type { AddressBook } from './addressBook';
import type { Admission } from './admission';
import { compactListeners, OneEntryMap } from './compactObjects';
import type { Connection, OutgoingMessage } from './connection';
import { EngineHeartbeat, type HeartbeatSocket } from './engineHeartbeat';
import type { Hub, SocketState } from './hub';
import type { RealtimeLimits } from './limits';
import { leanParser } from './socketIoParser';

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

/** What every connection of one server shares (one object, so a connection holds one reference to it). */
interface Shared {
  encode: (message: ServerMessage) => EncodedPacket;
}

/** The part of engine.io's socket this adapter uses. */
interface EngineSocket {
  request: IncomingMessage | null;
  close(): void;
  on(event: 'close' | 'upgrade', fn: (this: EngineSocket) => void): void;
  removeListener(event: 'upgrade', fn: (this: EngineSocket) => void): void;
  /** engine.io's transport: `socket` is ws's WebSocket on the websocket transport. */
  transport?: { name: string; socket?: EventEmitter; removeAllListeners(event: string): void };
}

/**
 * Lets go of what engine.io keeps on every websocket connection and never uses again: the transport's
 * `headers` listener (only the polling transport emits `headers`) and the no-op `error` listener engine.io
 * puts on the WebSocket during the handshake and removes only on the polling-upgrade path (the transport
 * has its own `error` listener, so errors are still handled).
 */
function releaseEngineLeftovers(raw: EngineSocket): void {
  const transport = raw.transport;
  if (transport?.name !== 'websocket') return;
  transport.removeAllListeners('headers');
  const ws = transport.socket;
  if (!ws) return;
  for (const listener of ws.listeners('error')) if (listener.name === 'onUpgradeError') ws.removeListener('error', listener as () => void);
}

/** Copies an array field that grew by `push` to its exact length: one pushed item reserves seventeen slots. */
function trimArray(owner: object | undefined, field: string): void {
  if (typeof owner !== 'object') return;
  const fields = owner as Record<string, unknown>;
  const array = fields[field];
  if (Array.isArray(array)) fields[field] = array.slice();
}

/**
 * Socket.IO gives every socket a Map of the acknowledgements it awaits from the client. This server never
 * emits with an acknowledgement callback (it writes pre-built packets), so every socket shares one empty
 * map that refuses entries: an emit with a callback would throw rather than mix sockets' acknowledgements.
 */
class NoAcks extends Map<number, never> {
  /** Refuses: see the class comment. */
  override set(): this {
    throw new Error('socket.io acknowledgements are not used by this server (see socketIoTransport.ts)');
  }
}
const NO_ACKS = new NoAcks();

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

/**
 * Socket.IO's Client (one per engine connection) keeps its namespace sockets in two Maps, by id and by
 * namespace: each holds the one socket of `/` here, so each becomes a OneEntryMap (a second namespace join
 * still works: it moves into a Map). A no-op if a later Socket.IO renames the fields.
 */
function compactClient(client: unknown): void {
  if (typeof client !== 'object' || client === null) return;
  const fields = client as { sockets?: unknown; nsps?: unknown };
  if (fields.sockets instanceof Map) fields.sockets = new OneEntryMap(fields.sockets);
  if (fields.nsps instanceof Map) fields.nsps = new OneEntryMap(fields.nsps);
}

/**
 * Rebuilds the listener tables of one connection's emitters once every listener is on (compactObjects.ts):
 * the namespace socket, the engine socket, its transport and, on the websocket transport, ws's WebSocket.
 */
function compactEmitters(socket: Socket, raw: EngineSocket): void {
  compactListeners(socket);
  compactEngine(raw);
}

/** The engine socket's part of compactEmitters: the socket, its transport and, on websocket, ws's WebSocket. */
function compactEngine(raw: EngineSocket): void {
  compactListeners(raw);
  compactListeners(raw.transport);
  if (raw.transport?.name === 'websocket') compactListeners(raw.transport.socket);
}

/**
 * A client that connects by long-polling and then upgrades to WebSocket (Socket.IO's default transports; the
 * product's client opens over WebSocket and polls only where that fails): engine.io then drops the
 * polling transport, sets up the new one's listeners and pushes a second cleanup closure, which undoes the
 * trimming and compaction done at the handshake. Done again here, once (one listener function for every
 * socket, on polling connections only: a WebSocket connection never upgrades).
 */
function onEngineUpgrade(this: EngineSocket): void {
  this.removeListener('upgrade', onEngineUpgrade);
  trimArray((this as unknown as { _events?: object })._events, 'close');
  trimArray(this, 'cleanupFn');
  releaseEngineLeftovers(this);
  compactEngine(this);
}

/** A socket's handshake record once read: Socket.IO keeps a copy per socket (headers, query, auth, time) that nothing here reads again. */
const RELEASED_HANDSHAKE: Socket['handshake'] = Object.freeze({
  headers: Object.freeze({}),
  time: '',
  address: '',
  xdomain: false,
  secure: false,
  issued: 0,
  url: '',
  query: Object.freeze({}),
  auth: Object.freeze({}),
}) as Socket['handshake'];

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
    // The same packets, decoded without an event emitter per connection (socketIoParser.ts).
    parser: leanParser,
    allowRequest: (req, callback) => {
      const refusal = admission(req, addressOf(req));
      callback(refusal?.reason ?? null, refusal === undefined);
    },
  });
  const shared: Shared = { encode: (m) => encodePacket(io, m) };
  // engine.io's ping timers, one pair per socket, replaced by one timer for every socket (engineHeartbeat.ts).
  const heartbeat = new EngineHeartbeat({ pingInterval: limits.pingIntervalMs, pingTimeout: limits.pingTimeoutMs });

  // Each engine connection's record until it closes. One listener function for every socket, not a closure each.
  const connections = new WeakMap<EngineSocket, SioConnection>();
  function onEngineClose(this: EngineSocket): void {
    heartbeat.release(this as unknown as HeartbeatSocket);
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
    if (raw.transport?.name === 'polling') raw.on('upgrade', onEngineUpgrade);
    // Ours is the third `close` listener (after engine.io's and Socket.IO's): the array holding them grew
    // by a push. Like the transport's cleanup closure, pushed once at the handshake (again only at an upgrade).
    trimArray((raw as unknown as { _events?: object })._events, 'close');
    trimArray(raw, 'cleanupFn');
    releaseEngineLeftovers(raw);
    heartbeat.adopt(raw as unknown as HeartbeatSocket);
  });

  io.on('connection', (socket: Socket) => {
    const raw = socket.conn as unknown as EngineSocket;
    let conn = connections.get(raw);
    // A second join of `/` on one engine connection gets a record of its own (same handshake).
    if (!conn || conn.socket) conn = new SioConnection(conn?.address ?? socket.conn.remoteAddress, conn?.cookie, shared);
    conn.socket = socket;
    // The hub's record rides on the socket (Socket.IO's `data`), for the shared listeners above.
    socket.data = hub.open(conn);
    (socket as { handshake: Socket['handshake'] }).handshake = RELEASED_HANDSHAKE;
    // Nothing is sent to a socket by its id (the hub holds each socket): its own room, and the adapter's
    // record of the socket's rooms, would only cost memory.
    socket.nsp.adapter.delAll(socket.id);
    socket.onAny(onSocketEvent);
    trimArray(socket, '_anyListeners');
    (socket as unknown as { acks: Map<number, never> }).acks = NO_ACKS;
    socket.on('disconnect', onSocketDisconnect);
    compactClient((socket as unknown as { client?: unknown }).client);
    compactEmitters(socket, raw);
  });

  return {
    close() {
      io.disconnectSockets(true);
      io.engine.close();
      heartbeat.stop();
    },
  };
}
