/**
 * Socket.IO's heartbeat, run by one timer for every socket (socketio-internals/engineHeartbeat.ts) instead of engine.io's
 * timers per socket, on short timings and real sockets: a ping `pingInterval` after the last pong, a
 * socket that does not answer within `pingTimeout` closed ("ping timeout"), the wait extended once by
 * another packet, and the product's client kept connected across many intervals. The heartbeat does not
 * touch the database: SQLite only.
 */
import { io as connectSio } from 'socket.io-client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const PING_INTERVAL_MS = 500;
const PING_TIMEOUT_MS = 1_000;
/**
 * How late a ping or a close may be: the heartbeat's tick at these timings (a twentieth of the shorter
 * one) plus room for a loaded machine. Lower bounds are measured from times that come before the
 * server's (the clients share its event loop, so a client may see a ping late, never early).
 */
const LATE_MS = PING_INTERVAL_MS / 20 + 1_000;

/** When the socket closed, or Infinity when it is still open after `ms` (so a missing heartbeat fails fast). */
const closedWithin = (closed: Promise<number>, ms = 5_000) =>
  Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Infinity), ms))]);

/** A raw engine.io (protocol 4) client over WebSocket that joins `/` and answers pings only when told to. */
function rawClient(url: string, answerPings: boolean) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const pings: number[] = [];
  let opened = 0;
  const closed = new Promise<number>((resolve) => ws.on('close', () => resolve(performance.now())));
  ws.on('message', (data) => {
    const text = String(data);
    if (text.startsWith('0')) {
      opened = performance.now();
      ws.send('40');
    } else if (text === '2') {
      pings.push(performance.now());
      if (answerPings) ws.send('3');
    }
  });
  return { ws, pings, closed, openedAt: () => opened };
}

describe('Socket.IO heartbeat (one timer for every socket)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', '', {
      realtimeLimits: { handshakeBurst: 10_000, pingIntervalMs: PING_INTERVAL_MS, pingTimeoutMs: PING_TIMEOUT_MS },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pings a silent socket after pingInterval and closes it pingTimeout after the ping', async () => {
    const start = performance.now();
    const silent = rawClient(s.url, false);
    const closedAt = await closedWithin(silent.closed);
    expect(silent.pings).toHaveLength(1);
    const [ping] = silent.pings as [number];
    expect(ping - start).toBeGreaterThanOrEqual(PING_INTERVAL_MS);
    expect(ping - silent.openedAt()).toBeLessThan(PING_INTERVAL_MS + LATE_MS);
    expect(closedAt - start).toBeGreaterThanOrEqual(PING_INTERVAL_MS + PING_TIMEOUT_MS);
    expect(closedAt - ping).toBeLessThan(PING_TIMEOUT_MS + LATE_MS);
  });

  it('waits pingTimeout again once when another packet comes before the pong', async () => {
    const late = rawClient(s.url, false);
    const other = new Promise<number>((resolve) =>
      late.ws.on('message', (data) => {
        if (String(data) !== '2') return;
        // Part of the timeout later, an event packet instead of the pong: engine.io extends the wait from here.
        setTimeout(() => {
          resolve(performance.now());
          late.ws.send('42["message",{"method":"ack","nonce":"n"}]');
        }, PING_TIMEOUT_MS * 0.4);
      }),
    );
    const closedAt = await closedWithin(late.closed);
    const sentAt = await other;
    expect(closedAt - sentAt).toBeGreaterThanOrEqual(PING_TIMEOUT_MS);
    expect(closedAt - sentAt).toBeLessThan(PING_TIMEOUT_MS + LATE_MS);
  });

  it('keeps a socket that answers: a ping every pingInterval after its pong, no close', async () => {
    const live = rawClient(s.url, true);
    await new Promise((r) => setTimeout(r, PING_INTERVAL_MS * 5.5));
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    // Five intervals: three pings at least (a loaded machine delays some), never more than one per interval.
    expect(live.pings.length).toBeGreaterThanOrEqual(3);
    expect(live.pings.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < live.pings.length; i++) expect(live.pings[i]! - live.pings[i - 1]!).toBeLessThan(PING_INTERVAL_MS + LATE_MS);
    live.ws.close();
  });

  it("keeps the product's client connected across many intervals, long-polling first", async () => {
    const sio = connectSio(s.url, { transports: ['polling', 'websocket'], reconnection: false, forceNew: true });
    let pings = 0;
    sio.io.on('ping', () => pings++);
    const reasons: string[] = [];
    sio.on('disconnect', (reason) => reasons.push(reason));
    await new Promise<void>((resolve, reject) => {
      sio.once('connect', () => resolve());
      sio.once('connect_error', reject);
    });
    await new Promise((r) => setTimeout(r, PING_INTERVAL_MS * 5.5));
    expect(reasons).toEqual([]);
    expect(sio.connected).toBe(true);
    expect(sio.io.engine.transport.name).toBe('websocket');
    expect(pings).toBeGreaterThanOrEqual(3);
    sio.close();
  });
});
