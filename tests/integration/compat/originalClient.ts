/**
 * The original product's client as the compatibility suite speaks it (FACTS.md): HTTP under `/api` with
 * the Sanctum CSRF cookie flow and the `{success, data, message}` envelope (the tests' cookie-keeping
 * `TestClient` sends exactly its headers), and its plain WebSocket at `/ws/`: JSON text frames, `sync`
 * with a random `x` and the `ws_auth_token`, an `ack` for every server message, nonces seen in the last
 * 60 s dropped. Nothing here uses this product's own client code or Socket.IO.
 */
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestClient } from '../../support/server';

/** A server message as the original client parses it: whatever JSON the frame held. */
export type Frame = Record<string, unknown> & { event: string; _nonce: string };

/** The original client's socket: every frame it kept (duplicates by nonce dropped), acked as it does. */
export interface OriginalSocket {
  /** Frames in arrival order. */
  frames: Frame[];
  /** Frames of `event`. */
  of(event: string): Frame[];
  /** Resolves with the first frame of `event` that `match` accepts (3 s). */
  next(event: string, match?: (f: Frame) => boolean): Promise<Frame>;
  /** Resolves with the next frame of `event` arriving after this call (3 s). */
  nextNew(event: string, match?: (f: Frame) => boolean): Promise<Frame>;
  /** Sends `sync` with a token, as the original does (also on a socket opened before login). */
  sync(token: string | null): void;
  /** True once the server ended the socket. */
  ended(): boolean;
  close(): void;
}

/** Opens `/ws/` with the client's cookies, as the browser does for the original's page. */
export async function openOriginalSocket(base: string, client?: TestClient): Promise<OriginalSocket> {
  const headers: Record<string, string> = client ? { cookie: client.cookieHeader() } : {};
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/`, { headers });
  const frames: Frame[] = [];
  const seen = new Set<string>();
  let closed = false;
  ws.on('message', (data, isBinary) => {
    // The original parses each text frame as JSON; a frame it cannot parse would throw on the page.
    expect(isBinary).toBe(false);
    const frame = JSON.parse(String(data)) as Frame;
    expect(typeof frame.event).toBe('string');
    expect(typeof frame._nonce).toBe('string');
    ws.send(JSON.stringify({ method: 'ack', nonce: frame._nonce }));
    if (seen.has(frame._nonce)) return;
    seen.add(frame._nonce);
    frames.push(frame);
  });
  ws.on('close', () => (closed = true));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const of = (event: string) => frames.filter((f) => f.event === event);
  const next = async (event: string, match: (f: Frame) => boolean = () => true, after = 0) => {
    await expect.poll(() => frames.slice(after).some((f) => f.event === event && match(f)), { timeout: 3000, interval: 10 }).toBe(true);
    return frames.slice(after).find((f) => f.event === event && match(f))!;
  };
  return {
    frames,
    of,
    next: (event, match) => next(event, match),
    nextNew: (event, match) => next(event, match, frames.length),
    sync: (token) => ws.send(JSON.stringify({ method: 'sync', x: Math.random(), token })),
    ended: () => closed,
    close: () => ws.close(),
  };
}

/** Logs `client` in on its socket: sync with the user's token, and the `subscribe` answer. */
export async function subscribed(base: string, client: TestClient, token: string): Promise<OriginalSocket> {
  const socket = await openOriginalSocket(base, client);
  socket.sync(token);
  expect(await socket.next('subscribe')).toMatchObject({ success: true });
  return socket;
}

/** The original's envelope of a successful answer: `{success: true, data, message?}`. */
export function expectOk(res: { status: number; body: unknown }): unknown {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ success: true });
  return (res.body as { data: unknown }).data;
}

/** The original's validation failure: 422 with `message` and per-field `errors` arrays. */
export function expectInvalid(res: { status: number; body: unknown }, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const body = res.body as { success: boolean; message: unknown; errors: Record<string, unknown> };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(Array.isArray(body.errors[field])).toBe(true);
}

/** The original's UTC time format. */
export const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
