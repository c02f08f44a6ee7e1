/**
 * The Socket.IO fence (src/server/realtime/socketio-internals) against the real, installed socket.io,
 * engine.io, socket.io-parser and ws: a real server and client on loopback, no fakes. Where the installed
 * releases are the ones the patches were written for, it fails when a private field a patch needs is gone or
 * has another shape (so an upgrade that moves the version guard's pin cannot pass silently). On any other
 * release it checks that the guard turned every patch off with one warning; and on either, that a patch
 * switched off leaves Socket.IO as it ships.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { Encoder } from 'socket.io-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  trimEngineConnection,
  trimNamespaceSocket,
  type TrimmedEngineSocket,
} from '../../src/server/realtime/socketio-internals/connectionTrims';
import { OneEntryMap } from '../../src/server/realtime/socketio-internals/compactObjects';
import { EngineHeartbeat, type HeartbeatSocket } from '../../src/server/realtime/socketio-internals/engineHeartbeat';
import {
  SOCKETIO_WRITTEN_FOR,
  installedVersions,
  resetSocketIoFenceWarning,
  socketIoPatchEnabled,
  versionMismatch,
} from '../../src/server/realtime/socketio-internals/fence';
import { preEncodedFrame } from '../../src/server/realtime/socketio-internals/preEncodedFrame';
import { LeanDecoder } from '../../src/server/realtime/socketio-internals/socketIoParser';

/** One real Socket.IO server and a client joined over WebSocket; the server's namespace socket as it joined. */
async function joinedPair(transports: ('websocket' | 'polling')[] = ['websocket']) {
  const http: HttpServer = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const io = new Server(http, { serveClient: false, perMessageDeflate: false });
  const joined = new Promise<Socket>((resolve) => io.on('connection', resolve));
  const client: ClientSocket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports, reconnection: false });
  const socket = await joined;
  return {
    io,
    socket,
    client,
    close: async () => {
      client.close();
      await io.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** The installed releases are the ones the patches were written for: they run here. */
const PINNED = versionMismatch(installedVersions()) === undefined;

describe('the version guard', () => {
  it('runs the patches on the installed releases only if they are the ones written for, else warns once', () => {
    const pinned = Object.fromEntries(Object.entries(SOCKETIO_WRITTEN_FOR).filter(([name]) => name !== 'node'));
    if (PINNED) expect(installedVersions()).toMatchObject(pinned);
    else expect(installedVersions()).not.toMatchObject(pinned);
    resetSocketIoFenceWarning();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const patch of ['frame', 'heartbeat', 'parser', 'trims'] as const) expect(socketIoPatchEnabled(patch)).toBe(PINNED);
    expect(warn).toHaveBeenCalledTimes(PINNED ? 0 : 1);
    if (!PINNED) expect(String(warn.mock.calls[0]![0])).toContain(versionMismatch(installedVersions())!);
    warn.mockRestore();
    resetSocketIoFenceWarning();
  });

  it('turns every patch off, with one warning, on another release (only the version string differs)', () => {
    resetSocketIoFenceWarning();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bumped = { ...installedVersions(), 'socket.io': '4.8.5' };
    for (const patch of ['frame', 'heartbeat', 'parser', 'trims'] as const) expect(socketIoPatchEnabled(patch, bumped)).toBe(false);
    expect(socketIoPatchEnabled('trims', { ...installedVersions(), ws: '8.24.0' })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('socket.io 4.8.5');
    warn.mockRestore();
    resetSocketIoFenceWarning();
  });
});

// Checked where the patches run: after an upgrade, moving SOCKETIO_WRITTEN_FOR to the new releases turns these on.
describe.runIf(PINNED)('the private fields each patch needs, on the real libraries', () => {
  let pair: Awaited<ReturnType<typeof joinedPair>>;
  beforeAll(async () => {
    pair = await joinedPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('heartbeat: engine.io 6.6 keeps its ping timers where EngineHeartbeat takes them over', () => {
    const engine = pair.socket.conn as unknown as HeartbeatSocket;
    const heartbeat = new EngineHeartbeat({ pingInterval: 25_000, pingTimeout: 20_000 });
    // adopt refuses (returns false) a socket whose fields are not as engine.io 6.6.11 lays them out.
    expect(heartbeat.adopt(engine)).toBe(true);
    expect(heartbeat.size).toBe(1);
    heartbeat.release(engine);
    heartbeat.stop();
  });

  it('trims: the listener tables, arrays, acknowledgement map and Client maps are there and get replaced', () => {
    const socket = pair.socket;
    const raw = socket.conn as unknown as TrimmedEngineSocket & {
      _events: object;
      cleanupFn: unknown[];
      transport: { socket: { _events: object } };
    };
    const client = (socket as unknown as { client: { sockets: unknown; nsps: unknown } }).client;
    // What the trims read, as this version has it.
    expect(Object.getPrototypeOf(raw._events)).toBeNull();
    expect(Array.isArray(raw.cleanupFn)).toBe(true);
    expect(Object.getPrototypeOf(raw.transport.socket._events)).toBeNull();
    const wsErrors = () =>
      (raw.transport.socket as unknown as { listeners(e: string): { name: string }[] }).listeners('error').map((l) => l.name);
    // engine.io's handshake-time no-op, which releaseEngineLeftovers finds by its name.
    expect(wsErrors()).toContain('onUpgradeError');
    expect((socket as unknown as { acks: unknown }).acks).toBeInstanceOf(Map);
    expect(client.sockets).toBeInstanceOf(Map);
    expect(client.nsps).toBeInstanceOf(Map);
    socket.onAny(() => undefined);
    expect(Array.isArray((socket as unknown as { _anyListeners: unknown })._anyListeners)).toBe(true);

    trimEngineConnection(raw);
    trimNamespaceSocket(socket, raw);
    expect(client.sockets).toBeInstanceOf(OneEntryMap);
    expect(client.nsps).toBeInstanceOf(OneEntryMap);
    expect(() => (socket as unknown as { acks: Map<number, unknown> }).acks.set(1, () => undefined)).toThrow(/acknowledgements/);
    expect(socket.handshake.headers).toEqual({});
    expect(wsErrors()).not.toContain('onUpgradeError');
  });

  it('trims: the socket still carries messages both ways afterwards', async () => {
    const echoed = new Promise<unknown>((resolve) => pair.client.once('echo', resolve));
    pair.socket.once('say', (text: string) => pair.socket.emit('echo', text));
    pair.client.emit('say', 'hello');
    expect(await echoed).toBe('hello');
  });

  it('frame: ws 8.23 has the frame builder engine.io writes pre-encoded frames with', () => {
    const frame = preEncodedFrame('2["message",{}]');
    expect(frame).toBeDefined();
    expect(Buffer.concat(frame!).toString('latin1')).toContain('42["message",{}]');
  });

  it('parser: socket.io-parser 4.2 decodes text through the method LeanDecoder borrows', () => {
    const decoder = new LeanDecoder();
    const got: unknown[] = [];
    decoder.on('decoded', (packet) => got.push(packet));
    for (const text of new Encoder().encode({ type: 2, nsp: '/', data: ['message', { a: 1 }] }) as string[]) decoder.add(text);
    expect(got).toEqual([{ type: 2, nsp: '/', data: ['message', { a: 1 }] }]);
  });
});

describe('the patches switched off (another release, or SOCKETIO_INTERNALS_OFF): Socket.IO as it ships', () => {
  let pair: Awaited<ReturnType<typeof joinedPair>>;
  beforeAll(async () => {
    vi.stubEnv('SOCKETIO_INTERNALS_OFF', 'all');
    pair = await joinedPair();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await pair?.close();
  });

  it('leaves the socket, its Client and its handshake untouched, and each socket frames its own packets', async () => {
    const socket = pair.socket;
    const client = (socket as unknown as { client: { sockets: unknown; nsps: unknown } }).client;
    trimEngineConnection(socket.conn as unknown as TrimmedEngineSocket);
    trimNamespaceSocket(socket, socket.conn as unknown as TrimmedEngineSocket);
    // Booleans, not the objects: a failure message would otherwise print a whole Socket.IO socket graph.
    expect([client.sockets instanceof OneEntryMap, client.nsps instanceof OneEntryMap]).toEqual([false, false]);
    expect(Object.keys(socket.handshake.headers).length).toBeGreaterThan(0);
    expect(preEncodedFrame('2["message",{}]')).toBeUndefined();
    const echoed = new Promise<unknown>((resolve) => pair.client.once('echo', resolve));
    socket.once('say', (text: string) => socket.emit('echo', text));
    pair.client.emit('say', 'hello');
    expect(await echoed).toBe('hello');
  });
});
