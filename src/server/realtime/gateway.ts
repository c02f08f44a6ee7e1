/**
 * The socket gateway on the HTTP port: one hub (subscriptions, limits, sequence numbers) behind two thin
 * transports, Socket.IO at /socket.io for the product's client and a plain WebSocket at /ws/ for clients
 * of the original product. A socket subscribes with `sync` (its user's `ws_auth_token` plus a live session
 * of that user), then receives that user's events; it is ended when its session ends or expires. Sends
 * reach the sockets of every node through the bus (bus.ts): in-process on SQLite, LISTEN/NOTIFY on
 * PostgreSQL.
 */
import crypto from 'node:crypto';
import type { PushedEventName, ServerEventPayload } from '../../shared/api/socketEvents';
import type { App, AppContext } from '../app/context';
import { AddressBook } from './addressBook';
import { inProcessBus, type Bus, type BusMessage } from './bus';
import { createAdmission } from './admission';
import { clientAddressResolver, type TrustProxy } from './clientAddress';
import { Hub } from './hub';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits';
import { sessionCookieName } from '../domain/auth/sessionCookieName';
import { attachPlainWebSocket } from './plainWsTransport';
import { postgresBus } from './postgresBus';
import { sessionCookieFrom } from './sessionCookie';
import { attachSocketIo } from './socketIoTransport';

/** The payload argument of `K`: optional when the event has no required field. */
export type PayloadArgs<K extends PushedEventName> =
  Record<string, never> extends ServerEventPayload<K> ? [payload?: ServerEventPayload<K>] : [payload: ServerEventPayload<K>];

/**
 * What the rest of the server uses to reach players, on whichever node their sockets are: calls go through
 * the bus (delivered inside the call on SQLite; a moment later, on every node alike, on PostgreSQL).
 */
export interface Realtime {
  /** Sends `event` to every subscribed socket of `userId` on every node, with the player's next `seq`. */
  sendToUser<K extends PushedEventName>(userId: number, event: K, ...payload: PayloadArgs<K>): void;
  /** Sends `event` to every subscribed socket on every node (not sequenced). */
  broadcast<K extends PushedEventName>(event: K, ...payload: PayloadArgs<K>): void;
  /**
   * Sends `event` to the players in `room` on every node (not sequenced): each node asks its room resolver
   * (`setRoomResolver`) who is there, after the resolver has seen the payload.
   */
  sendToRoom<K extends PushedEventName>(room: number, event: K, ...payload: PayloadArgs<K>): void;
  /** Sets, on this node, who receives a room's messages: called with each room message every node receives. */
  setRoomResolver(resolver: RoomResolver): void;
  /** Disconnects every socket of `userId` on every node (uncleanly: they come back and resync, or are refused). */
  disconnectUser(userId: number): void;
}

/**
 * Given a room message this node received (its payload already validated by the sender), the user ids to
 * send it to, and, where the original product's client reads other fields than the message carries (a
 * room's whole object list instead of a delta), those fields.
 */
export type RoomResolver = (room: number, event: PushedEventName, payload: object) => RoomRecipients;

/** Who receives a room message on this node, and what the original product's client reads of it. */
export interface RoomRecipients {
  users: Iterable<number>;
  original?: () => Record<string, unknown>;
}

/** How the gateway is set up beside the app's context. */
export interface RealtimeOptions {
  /** Fastify's trustProxy, so per-address caps see the player's address behind a proxy. */
  trustProxy?: TrustProxy;
  /** Limits to change from DEFAULT_REALTIME_LIMITS. */
  limits?: Partial<RealtimeLimits>;
}

/** Attaches the gateway to the app's HTTP server. */
export function attachRealtime(app: App, ctx: AppContext, options: RealtimeOptions = {}): Realtime {
  const limits: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...options.limits };
  const hub = new Hub(ctx, limits, app.log);
  const book = new AddressBook(limits, () => ctx.clock.now());
  const deps = {
    hub,
    book,
    limits,
    admission: createAdmission(book, ctx.config.publicUrl),
    addressOf: clientAddressResolver(options.trustProxy),
    sessionOf: (header: string | undefined) => sessionCookieFrom(header, sessionCookieName(ctx.config)),
  };
  const transports = [attachSocketIo(app.server, deps), attachPlainWebSocket(app.server, deps)];

  // Everything goes through the bus, and each node delivers what the bus hands it, in the bus's order.
  let roomResolver: RoomResolver = () => ({ users: [] });
  const deliver = (m: BusMessage) => {
    if (m.to === 'room') {
      const to = roomResolver(m.room, m.event, m.payload);
      hub.sendToUsers(to.users, m.event, m.payload as ServerEventPayload<typeof m.event>, m.nonce, to.original);
    } else if (m.to === 'user') hub.sendToUser(m.userId, m.event, m.payload as ServerEventPayload<typeof m.event>, m.nonce);
    else if (m.to === 'all') hub.broadcast(m.event, m.payload as ServerEventPayload<typeof m.event>, m.nonce);
    else if (m.to === 'disconnect') hub.disconnectUser(m.userId);
    else hub.sessionsEnded(m.keys, m.userId);
  };
  const bus: Bus =
    ctx.db.dialect === 'postgres' && ctx.db.url
      ? postgresBus({ url: ctx.db.url, deliver, onGap: () => hub.resyncAll(), log: app.log })
      : inProcessBus(deliver);
  if (ctx.db.dialect === 'postgres' && !ctx.db.url)
    app.log.warn("realtime: PostgreSQL without a URL: events reach this node's sockets only");

  ctx.sessionsEnded.add((keys, userId) => bus.publish({ to: 'sessions', keys, userId }));
  // Listening before serving: nothing sent once the app is up is missed by this node.
  app.addHook('onReady', () => bus.start());
  app.addHook('preClose', async () => {
    await bus.close();
    hub.closeAll();
    for (const t of transports) t.close();
  });

  const nonce = () => crypto.randomUUID();
  return {
    sendToUser: (userId, event, ...[payload]) => bus.publish({ to: 'user', userId, event, payload: payload ?? {}, nonce: nonce() }),
    broadcast: (event, ...[payload]) => bus.publish({ to: 'all', event, payload: payload ?? {}, nonce: nonce() }),
    sendToRoom: (room, event, ...[payload]) => bus.publish({ to: 'room', room, event, payload: payload ?? {}, nonce: nonce() }),
    setRoomResolver: (resolver) => void (roomResolver = resolver),
    disconnectUser: (userId) => bus.publish({ to: 'disconnect', userId }),
  };
}
