/**
 * The plain WebSocket transport at /ws/ (clients of the original product): JSON text frames, the same
 * messages as Socket.IO in the original's shapes where they differ (`OutgoingMessage.original`), and a
 * player's own events coalesced per window (coalesce.ts). Such a client reconnects only after an unclean close, so the server ends its
 * sockets with `terminate()` (no close frame) whenever the client should come back and resync.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { PLAIN_WS_PATH } from '../../shared/api/socket';
import type { ServerMessage } from '../../shared/api/socket';
import { coalesceMessages } from './coalesce';
import { compactListeners } from './socketio-internals/compactObjects';
import { socketIoPatchEnabled } from './socketio-internals/fence';
import type { CloseMode, Connection, OutgoingMessage } from './connection';
import type { SocketState } from './hub';
import type { RealtimeLimits } from './limits';
import type { TransportDeps } from './socketIoTransport';

/** Socket.IO's own path prefix: its engine handles those upgrades. */
const SOCKET_IO_PREFIX = '/socket.io/';
/** A socket that misses a ping this long is dropped, so a vanished phone frees its address's slot. */
const HEARTBEAT_MS = 30_000;
/** WebSocket close code for a client that broke the rules (it is not meant to come back at once). */
const POLICY_VIOLATION = 1008;

function pathOf(url: string | undefined): string {
  const q = (url ?? '').indexOf('?');
  return q < 0 ? (url ?? '') : (url ?? '').slice(0, q);
}

function refuse(socket: Duplex, status: number, reason: string): void {
  const text = `${STATUS_CODES[status] ?? 'Error'}: ${reason}`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

function textOf(data: RawData, isBinary: boolean): string | undefined {
  return !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : undefined;
}

/** What every connection of one server shares. */
interface Shared {
  limits: RealtimeLimits;
}

/**
 * One plain WebSocket as the hub sees it, with its liveness for the heartbeat. Methods on the prototype
 * and listeners shared by every socket (ws calls them with the socket as `this`), rather than closures
 * per socket: memory per socket is what a fan-out server has.
 */
class WsConnection implements Connection {
  /** The hub's record, once registered. */
  state: SocketState | undefined = undefined;
  /** Answered the last ping (or has not been pinged yet). */
  alive = true;
  /** The player's events waiting for the end of their coalescing window (only while one is open). */
  held: ServerMessage[] | undefined = undefined;
  holdTimer: NodeJS.Timeout | undefined = undefined;

  constructor(
    readonly address: string,
    readonly cookie: string | undefined,
    private readonly ws: WebSocket,
    private readonly shared: Shared,
  ) {}

  /** The transport's name, for logs. */
  get transport(): 'ws' {
    return 'ws';
  }

  /**
   * Sends the message in the original product's shape as a text frame: room and broadcast messages at
   * once, their UTF-8 bytes encoded once per message (not per socket); the player's own events are held
   * for `coalesceMs` and go out coalesced (coalesce.ts).
   */
  send(out: OutgoingMessage): void {
    const delay = this.shared.limits.coalesceMs;
    // The `subscribe` answer carries the player's `seq` too, but is an answer, not an event: never held.
    if (out.original.seq === undefined || out.original.event === 'subscribe' || delay <= 0) return this.write(out.originalBytes);
    (this.held ??= []).push(out.original);
    this.holdTimer ??= setTimeout(sendHeld, delay, this);
  }

  /** Sends the held messages, coalesced. */
  flushHeld(): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.holdTimer = undefined;
    for (const m of coalesceMessages(held)) this.write(Buffer.from(JSON.stringify(m)));
  }

  /** Unclean: no close frame, so the original client reconnects; policy: a close frame, it does not. */
  close(mode: CloseMode): void {
    this.dispose();
    if (mode === 'unclean') this.ws.terminate();
    else this.ws.close(POLICY_VIOLATION, 'message limit');
  }

  /** Drops what is held (the socket is gone: the client refetches when it subscribes again). */
  dispose(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    this.held = undefined;
  }

  private write(bytes: Buffer): void {
    const ws = this.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    // A reader that cannot keep up would grow this buffer without bound: drop it; it resyncs on return.
    if (ws.bufferedAmount > this.shared.limits.maxBufferedBytes) return void ws.terminate();
    ws.send(bytes, { binary: false });
  }
}

/** The hold timer's callback, one function for every socket (the socket comes as its argument). */
function sendHeld(conn: WsConnection): void {
  conn.flushHeld();
}

/** Swallows a socket's errors: its `close` follows and does the cleanup. */
function ignoreError(): void {}

/** Serves the plain WebSocket on `server`'s upgrades to /ws/ and /ws; returns its closer. */
export function attachPlainWebSocket(server: HttpServer, deps: TransportDeps): { close(): void } {
  const { hub, book, admission, addressOf, limits } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false, clientTracking: false });
  const shared: Shared = { limits };
  const live = new Map<WebSocket, WsConnection>();
  // The address each upgrading TCP socket counts against, until it closes (one listener for all of them).
  const counted = new WeakMap<Duplex, string>();
  function onTcpClose(this: Duplex): void {
    const address = counted.get(this);
    if (address === undefined) return;
    counted.delete(this);
    book.remove(address);
  }
  function onMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
    const state = live.get(this)?.state;
    if (state) hub.receive(state, textOf(data, isBinary));
  }
  function onPong(this: WebSocket): void {
    const conn = live.get(this);
    if (conn) conn.alive = true;
  }
  function onClose(this: WebSocket): void {
    const conn = live.get(this);
    conn?.dispose();
    const state = conn?.state;
    live.delete(this);
    if (state) hub.closed(state);
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req.url);
    if (path.startsWith(SOCKET_IO_PREFIX)) return;
    socket.on('error', ignoreError);
    if (path !== PLAIN_WS_PATH && path !== PLAIN_WS_PATH.slice(0, -1)) return void socket.destroy();
    const address = addressOf(req);
    const refusal = admission(req, address);
    if (refusal) return refuse(socket, refusal.status, refusal.reason);
    if (!book.add(address)) return refuse(socket, 429, 'too many sockets');
    // The TCP socket's close covers every ending, including an upgrade that ws itself refuses.
    counted.set(socket, address);
    socket.on('close', onTcpClose);
    // Read now: the socket's record must not keep the upgrade request (and its headers) alive.
    const cookie = deps.sessionOf(req.headers.cookie);
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, address, cookie));
  };

  const accept = (ws: WebSocket, address: string, cookie: string | undefined) => {
    const conn = new WsConnection(address, cookie, ws, shared);
    live.set(ws, conn);
    conn.state = hub.open(conn);
    ws.on('message', onMessage);
    ws.on('pong', onPong);
    ws.on('error', ignoreError);
    ws.on('close', onClose);
    if (socketIoPatchEnabled('trims')) compactListeners(ws);
  };
  server.on('upgrade', onUpgrade);

  // Transport liveness on real time, like Socket.IO's own ping: it is about TCP, not the game's clock.
  const heartbeat = setInterval(() => {
    for (const [ws, conn] of live) {
      if (!conn.alive) {
        ws.terminate();
        continue;
      }
      conn.alive = false;
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const ws of live.keys()) ws.terminate();
      wss.close();
    },
  };
}
