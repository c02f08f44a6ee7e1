/**
 * What Socket.IO and engine.io keep per connection and this server never uses, let go or made smaller once a
 * connection is set up (the "memory per socket" part of `src/server/realtime/README.md`). Each step touches a
 * private field (`_events`, `cleanupFn`, `_anyListeners`, `acks`, the Client's `sockets`/`nsps`, the
 * handshake copy) and checks its shape first; the whole of it runs only where the fence allows ('trims').
 */
import type { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io';
import { compactListeners, OneEntryMap } from './compactObjects';
import { socketIoPatchEnabled } from './fence';

/** The part of engine.io's socket the trims touch. */
export interface TrimmedEngineSocket {
  on(event: 'upgrade', fn: (this: TrimmedEngineSocket) => void): void;
  removeListener(event: 'upgrade', fn: (this: TrimmedEngineSocket) => void): void;
  /** engine.io's transport: `socket` is ws's WebSocket on the websocket transport. */
  transport?: { name: string; socket?: EventEmitter; removeAllListeners(event: string): void };
}

/**
 * Lets go of what engine.io keeps on every websocket connection and never uses again: the transport's
 * `headers` listener (only the polling transport emits `headers`) and the no-op `error` listener engine.io
 * puts on the WebSocket during the handshake and removes only on the polling-upgrade path (the transport
 * has its own `error` listener, so errors are still handled).
 */
function releaseEngineLeftovers(raw: TrimmedEngineSocket): void {
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
    throw new Error('socket.io acknowledgements are not used by this server (see socketio-internals/connectionTrims.ts)');
  }
}
const NO_ACKS = new NoAcks();

/**
 * Socket.IO's Client (one per engine connection) keeps its namespace sockets in two Maps, by id and by
 * namespace: each holds the one socket of `/` here, so each becomes a OneEntryMap (a second namespace join
 * still works: it moves into a Map).
 */
function compactClient(client: unknown): void {
  if (typeof client !== 'object' || client === null) return;
  const fields = client as { sockets?: unknown; nsps?: unknown };
  if (fields.sockets instanceof Map) fields.sockets = new OneEntryMap(fields.sockets);
  if (fields.nsps instanceof Map) fields.nsps = new OneEntryMap(fields.nsps);
}

/** The engine socket's listener tables: the socket, its transport and, on websocket, ws's WebSocket. */
function compactEngine(raw: TrimmedEngineSocket): void {
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
function onEngineUpgrade(this: TrimmedEngineSocket): void {
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

/**
 * Trims an engine connection once the server's own `close` listener is on (it is the third, after engine.io's
 * and Socket.IO's: the array holding them grew by a push), like the transport's cleanup closure pushed once at
 * the handshake; a polling connection is trimmed again at its upgrade.
 */
export function trimEngineConnection(raw: TrimmedEngineSocket): void {
  if (!socketIoPatchEnabled('trims')) return;
  if (raw.transport?.name === 'polling') raw.on('upgrade', onEngineUpgrade);
  trimArray((raw as unknown as { _events?: object })._events, 'close');
  trimArray(raw, 'cleanupFn');
  releaseEngineLeftovers(raw);
}

/**
 * Trims a namespace socket once every listener of it is on: its handshake copy, its `onAny` list, its
 * acknowledgement map, its Client's maps and the listener tables of it and its engine connection.
 */
export function trimNamespaceSocket(socket: Socket, raw: TrimmedEngineSocket): void {
  if (!socketIoPatchEnabled('trims')) return;
  (socket as { handshake: Socket['handshake'] }).handshake = RELEASED_HANDSHAKE;
  trimArray(socket, '_anyListeners');
  (socket as unknown as { acks: Map<number, never> }).acks = NO_ACKS;
  compactClient((socket as unknown as { client?: unknown }).client);
  compactListeners(socket);
  compactEngine(raw);
}
