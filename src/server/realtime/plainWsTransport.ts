/**
 * The plain WebSocket transport at /ws/ (clients of the original product): JSON text frames, the same
 * messages as Socket.IO. Such a client reconnects only after an unclean close, so the server ends its
 * sockets with `terminate()` (no close frame) whenever the client should come back and resync.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { PLAIN_WS_PATH } from '../../shared/api/socket';
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
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

function textOf(data: RawData, isBinary: boolean): string | undefined {
  return !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : undefined;
}

/** Serves the plain WebSocket on `server`'s upgrades to /ws/ and /ws; returns its closer. */
export function attachPlainWebSocket(server: HttpServer, deps: TransportDeps): { close(): void } {
  const { hub, book, admission, addressOf, limits } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false, clientTracking: false });
  const alive = new Map<WebSocket, boolean>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req.url);
    if (path.startsWith(SOCKET_IO_PREFIX)) return;
    socket.on('error', () => {});
    if (path !== PLAIN_WS_PATH && path !== PLAIN_WS_PATH.slice(0, -1)) return void socket.destroy();
    const address = addressOf(req);
    const refusal = admission(req, address);
    if (refusal) return refuse(socket, refusal.status, refusal.reason);
    if (!book.add(address)) return refuse(socket, 429, 'too many sockets');
    // The TCP socket's close covers every ending, including an upgrade that ws itself refuses.
    socket.once('close', () => book.remove(address));
    // Read now: the socket's closures must not keep the upgrade request (and its headers) alive.
    const cookie = deps.sessionOf(req.headers.cookie);
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, address, cookie));
  };

  const accept = (ws: WebSocket, address: string, cookie: string | undefined) => {
    alive.set(ws, true);
    const state = hub.open({
      transport: 'ws',
      address,
      cookie,
      send: (out) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        // A reader that cannot keep up would grow this buffer without bound: drop it; it resyncs on return.
        if (ws.bufferedAmount > limits.maxBufferedBytes) return void ws.terminate();
        // The bytes are encoded once per message, not per socket; sent as text.
        ws.send(out.bytes, { binary: false });
      },
      close: (mode) => (mode === 'unclean' ? ws.terminate() : ws.close(POLICY_VIOLATION, 'message limit')),
    });
    ws.on('message', (data, isBinary) => hub.receive(state, textOf(data, isBinary)));
    ws.on('pong', () => alive.set(ws, true));
    ws.on('error', () => {});
    ws.on('close', () => {
      alive.delete(ws);
      hub.closed(state);
    });
  };
  server.on('upgrade', onUpgrade);

  // Transport liveness on real time, like Socket.IO's own ping: it is about TCP, not the game's clock.
  const heartbeat = setInterval(() => {
    for (const [ws, ok] of alive) {
      if (!ok) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const ws of alive.keys()) ws.terminate();
      wss.close();
    },
  };
}
