/**
 * Test sockets on either transport behind one interface: Socket.IO (the product's client) or a plain
 * WebSocket at /ws/ (clients of the original product), recording every message and how the socket ended.
 */
import { expect } from 'vitest';
import { io as connectSio } from 'socket.io-client';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/shared/api/socket';

/** A transport of the gateway. */
export type TransportName = 'socket.io' | 'ws';

/** How a test socket ended: `clean` only when a close frame (ws) or a client close (Socket.IO) ended it. */
export interface Ended {
  clean: boolean;
  code?: number;
  reason: string;
}

/** An open test socket. */
export interface TestSocket {
  received: ServerMessage[];
  /** Sends a protocol message (any JSON value, to test malformed ones). */
  send(message: unknown): void;
  /** Sends a raw text frame (ws) or `message` payload (Socket.IO). */
  sendRaw(data: string): void;
  /** Resolves with the n-th (default first) message of `event`. */
  next(event: string, nth?: number): Promise<ServerMessage>;
  /** Resolves when the socket ends. */
  ended: Promise<Ended>;
  /** True once ended. */
  isEnded(): boolean;
  close(): void;
}

/** Options of a test socket. */
export interface OpenOptions {
  cookie?: string;
  origin?: string;
}

/** Opens a socket; rejects when the server refuses the handshake. */
export function openSocket(transport: TransportName, base: string, opts: OpenOptions = {}): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const received: ServerMessage[] = [];
  let ended = false;
  let resolveEnded!: (e: Ended) => void;
  const endedP = new Promise<Ended>(
    (r) =>
      (resolveEnded = (e) => {
        ended = true;
        r(e);
      }),
  );
  const next = (event: string, nth = 1) =>
    expect
      .poll(() => received.filter((m) => m.event === event).length, { timeout: 3000, interval: 10 })
      .toBeGreaterThanOrEqual(nth)
      .then(() => received.filter((m) => m.event === event)[nth - 1]!);
  if (transport === 'ws') {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/`, { headers });
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as ServerMessage));
    ws.on('close', (code, reason) => resolveEnded({ clean: code !== 1006, code, reason: reason.toString() || String(code) }));
    return new Promise((resolve, reject) => {
      ws.once('open', () =>
        resolve({
          received,
          send: (m) => ws.send(JSON.stringify(m)),
          sendRaw: (d) => ws.send(d),
          next,
          ended: endedP,
          isEnded: () => ended,
          close: () => ws.terminate(),
        }),
      );
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }
  const socket = connectSio(base, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: headers });
  socket.on('message', (m: ServerMessage) => received.push(m));
  socket.on('disconnect', (reason) => resolveEnded({ clean: reason === 'io client disconnect', reason }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () =>
      resolve({
        received,
        send: (m) => void socket.send(m),
        sendRaw: (d) => void socket.send(d),
        next,
        ended: endedP,
        isEnded: () => ended,
        close: () => void socket.close(),
      }),
    );
    socket.once('connect_error', (err) => reject(new Error(`refused: ${err.message}`)));
  });
}

/** Waits `ms` of real time (to see that something does NOT arrive). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
