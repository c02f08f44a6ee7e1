/**
 * The Socket.IO gateway on the HTTP port: a socket subscribes with its user's `ws_auth_token` from a live
 * session of that same user (the handshake's session cookie), then receives that user's events. The
 * token alone is not enough: a tab whose session ended elsewhere must not resubscribe on reconnect.
 * Sockets whose session ends (logout, password reset, verification) are disconnected.
 */
import crypto from 'node:crypto';
import { Server, type Socket } from 'socket.io';
import { clientMessageSchema, SOCKET_MESSAGE_EVENT, type ServerMessage } from '../../shared/api/socket';
import { loadSession } from '../domain/auth/sessions';
import { findUserByWsToken } from '../domain/users/userRepo';
import type { App, AppContext } from '../http/context';
import { SESSION_COOKIE } from '../http/sessionCookies';

/** What the rest of the server uses to reach players. */
export interface Realtime {
  /** Sends `event` with `fields` to every subscribed socket of `userId`. */
  sendToUser(userId: number, event: string, fields?: Record<string, unknown>): void;
  /** Sends `event` to every subscribed socket. */
  broadcast(event: string, fields?: Record<string, unknown>): void;
  /** Disconnects every socket of `userId`. */
  disconnectUser(userId: number): void;
}

interface SocketData {
  sessionKey?: string;
  userId?: number;
}

const userRoom = (id: number) => `user:${id}`;
const SUBSCRIBED = 'subscribed';

function message(event: string, fields: Record<string, unknown> = {}): ServerMessage {
  return { ...fields, event, _nonce: crypto.randomUUID() };
}

function sessionCookieOf(socket: Socket): string | undefined {
  const header = socket.handshake.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Attaches the gateway to the app's HTTP server. */
export function attachRealtime(app: App, ctx: AppContext): Realtime {
  const io = new Server(app.server, { serveClient: false });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    const cookie = sessionCookieOf(socket);
    socket.on(SOCKET_MESSAGE_EVENT, async (raw: unknown) => {
      const parsed = clientMessageSchema.safeParse(raw);
      if (!parsed.success || parsed.data.method !== 'sync') return;
      const [user, session] = await Promise.all([
        findUserByWsToken(ctx.db.kysely, parsed.data.token),
        cookie ? loadSession(ctx.db.kysely, cookie, ctx.clock.now()) : undefined,
      ]).catch(() => [undefined, undefined] as const);
      if (!user || !session || session.userId !== user.id) {
        socket.send(message('subscribe', { success: false }));
        return;
      }
      data.sessionKey = session.key;
      data.userId = user.id;
      await socket.join([userRoom(user.id), SUBSCRIBED]);
      socket.send(message('subscribe', { success: true }));
    });
  });

  ctx.sessionsEnded.add((keys, userId) => {
    if (userId !== undefined) io.in(userRoom(userId)).disconnectSockets(true);
    const ended = new Set(keys);
    for (const socket of io.of('/').sockets.values()) {
      const key = (socket.data as SocketData).sessionKey;
      if (key && ended.has(key)) socket.disconnect(true);
    }
  });

  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });

  return {
    sendToUser: (userId, event, fields) => void io.to(userRoom(userId)).emit(SOCKET_MESSAGE_EVENT, message(event, fields)),
    broadcast: (event, fields) => void io.to(SUBSCRIBED).emit(SOCKET_MESSAGE_EVENT, message(event, fields)),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
  };
}
