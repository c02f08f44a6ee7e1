/**
 * The transport-neutral core of the gateway: every socket of both transports passes through here. It
 * enforces the per-socket limits (message and `sync` rates, one `sync` in flight, a subscribe deadline),
 * authenticates `sync`, keeps the subscriptions per player with their sequence numbers, delivers
 * messages, and ends sockets whose session ended or expired.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { clientMessageSchema } from '../../shared/api/socket';
import type { PushedEventName, ServerEventPayload } from '../../shared/api/socketEvents';
import type { ClockTimer } from '../clock';
import type { AppContext } from '../app/context';
import { authenticate, recheckSession, type SocketIdentity } from './authenticate';
import { Deadlines } from './deadlines';
import { OutgoingMessage, type CloseMode, type Connection } from './connection';
import type { RealtimeLimits } from './limits';
import { originalShape } from './originalShapes';
import { Sequences } from './sequences';
import { TokenBucket, TokenRate } from './tokenBucket';

/** Retry delay of an expiry recheck that failed (database unavailable). */
const RECHECK_RETRY_MS = 60_000;

/** The hub's record of one socket. */
export interface SocketState {
  readonly conn: Connection;
  readonly messages: TokenBucket;
  readonly syncs: TokenBucket;
  /** Made at the first dropped message: most sockets never have one. */
  abuse?: TokenBucket;
  /** `sync`s being checked now. */
  syncing: number;
  closed: boolean;
  identity?: SocketIdentity;
  authTimer?: ClockTimer;
}

/** Parses a text frame; anything else is passed through for the schema to judge. */
function decode(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** Subscriptions, limits and delivery for every socket. */
export class Hub {
  private readonly sockets = new Set<SocketState>();
  private readonly subscribed = new Set<SocketState>();
  private readonly users = new Map<number, Set<SocketState>>();
  private readonly sequences = new Sequences();
  /** Session expiries of subscribed sockets, rechecked when due (one timer for all of them). */
  private readonly expiries: Deadlines<SocketState>;
  /** The buckets' rates, one of each kind shared by every socket (with the clock's reading). */
  private readonly messageRate: TokenRate;
  private readonly syncRate: TokenRate;
  private readonly abuseRate: TokenRate;

  constructor(
    private readonly ctx: AppContext,
    private readonly limits: RealtimeLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.expiries = new Deadlines(ctx.clock, (state) => void this.recheck(state));
    const now = () => ctx.clock.now();
    this.messageRate = new TokenRate(limits.messageBurst, limits.messagesPerSecond, now);
    this.syncRate = new TokenRate(limits.syncBurst, limits.syncsPerSecond, now);
    this.abuseRate = new TokenRate(limits.abuseBurst, limits.abuseForgivenPerSecond, now);
  }

  /** Registers a socket that just opened; it has `authTimeoutMs` to subscribe. */
  open(conn: Connection): SocketState {
    const state: SocketState = {
      conn,
      messages: new TokenBucket(this.messageRate),
      syncs: new TokenBucket(this.syncRate),
      syncing: 0,
      closed: false,
      // Every field present from the start: V8 then keeps them in the object instead of a property store beside it.
      abuse: undefined,
      identity: undefined,
      authTimer: undefined,
    };
    this.sockets.add(state);
    this.startAuthTimer(state);
    return state;
  }

  /** Handles one inbound message (a parsed object, or a text frame); over-limit and malformed ones are dropped. */
  receive(state: SocketState, data: unknown): void {
    if (state.closed) return;
    // The rate is charged before any parsing, so a flood costs a bucket check per frame and no more.
    if (!state.messages.take()) return this.dropped(state);
    const parsed = clientMessageSchema.safeParse(decode(data));
    if (!parsed.success) return this.dropped(state);
    const message = parsed.data;
    if (message.method === 'ack') return; // acknowledged: nothing is re-sent yet, so nothing to clear
    // One `sync` at a time, and few of them: each costs two database reads.
    if (state.syncing >= this.limits.syncsInFlight || !state.syncs.take()) return this.dropped(state);
    void this.sync(state, message.token ?? '');
  }

  /** Forgets a socket that closed (the adapter reports every close, whoever caused it). */
  closed(state: SocketState): void {
    if (!this.sockets.delete(state)) return;
    state.closed = true;
    state.authTimer?.cancel();
    state.authTimer = undefined;
    this.unsubscribe(state);
  }

  /** Sends `event` to every subscribed socket of `userId`, with the player's next sequence number. */
  sendToUser<K extends PushedEventName>(
    userId: number,
    event: K,
    payload: ServerEventPayload<K>,
    nonce: string = crypto.randomUUID(),
  ): void {
    const sockets = this.users.get(userId);
    if (!sockets) return;
    const message = { ...payload, event, _nonce: nonce, seq: this.sequences.next(userId) };
    const out = new OutgoingMessage(message, originalShape(message));
    for (const s of sockets) s.conn.send(out);
  }

  /** Sends `event` to every subscribed socket (not sequenced: see socketEvents.ts). */
  broadcast<K extends PushedEventName>(event: K, payload: ServerEventPayload<K>, nonce: string = crypto.randomUUID()): void {
    const out = new OutgoingMessage({ ...payload, event, _nonce: nonce });
    for (const s of this.subscribed) s.conn.send(out);
  }

  /**
   * Sends `event` to every subscribed socket of these players, encoded once (not sequenced, like a
   * broadcast); `original()`, when given, makes the fields the original product's client reads instead.
   */
  sendToUsers<K extends PushedEventName>(
    userIds: Iterable<number>,
    event: K,
    payload: ServerEventPayload<K>,
    nonce: string = crypto.randomUUID(),
    original?: () => Record<string, unknown>,
  ): void {
    let out: OutgoingMessage | undefined;
    for (const userId of userIds) {
      const sockets = this.users.get(userId);
      if (!sockets) continue;
      if (!out) {
        const message = { ...payload, event, _nonce: nonce };
        out = new OutgoingMessage(message, original ? { ...original(), event, _nonce: nonce } : message);
      }
      for (const s of sockets) s.conn.send(out);
    }
  }

  /** Ends every socket of `userId` (uncleanly: clients reconnect and resync, or are refused). */
  disconnectUser(userId: number): void {
    for (const s of [...(this.users.get(userId) ?? [])]) this.end(s, 'unclean');
  }

  /** Ends the sockets of these sessions (and every socket of `userId` when given). */
  sessionsEnded(keys: string[], userId?: number): void {
    if (userId !== undefined) this.disconnectUser(userId);
    if (keys.length === 0) return;
    const ended = new Set(keys);
    for (const s of [...this.subscribed]) if (s.identity && ended.has(s.identity.sessionKey)) this.end(s, 'unclean');
  }

  /** Ends every subscribed socket uncleanly: events may have been missed, so their clients resubscribe and refetch. */
  resyncAll(): void {
    for (const s of [...this.subscribed]) this.end(s, 'unclean');
  }

  /** Ends every socket (server shutdown: uncleanly, so clients come back to the next server). */
  closeAll(): void {
    for (const s of [...this.sockets]) this.end(s, 'unclean');
  }

  /** Live sockets, subscribed sockets (for tests and logs). */
  stats(): { sockets: number; subscribed: number } {
    return { sockets: this.sockets.size, subscribed: this.subscribed.size };
  }

  private end(state: SocketState, mode: CloseMode): void {
    state.conn.close(mode);
    this.closed(state);
  }

  private dropped(state: SocketState): void {
    state.abuse ??= new TokenBucket(this.abuseRate);
    if (state.abuse.take()) return;
    this.log.warn({ address: state.conn.address, transport: state.conn.transport }, 'socket ended: it kept sending over its limit');
    this.end(state, 'policy');
  }

  private async sync(state: SocketState, token: string): Promise<void> {
    state.syncing++;
    const outcome = await authenticate(this.ctx, token, state.conn.cookie);
    state.syncing--;
    if (state.closed) return;
    const identity = outcome.identity;
    if (!identity) {
      if (state.identity) this.unsubscribe(state);
      // A socket opened before login carries no live session (login issues a new cookie): the original
      // client, syncing its new token there, waits for an unclean close to reconnect with its current
      // cookies, so end it soon. Without a token (still logged out) reconnecting would not help.
      const stale = token !== '' && !outcome.sessionLive;
      this.startAuthTimer(state, stale ? this.limits.staleSessionRetryMs : this.limits.authTimeoutMs);
      state.conn.send(new OutgoingMessage({ event: 'subscribe', _nonce: crypto.randomUUID(), success: false }));
      return;
    }
    this.subscribe(state, identity);
    // Not itself sequenced: it tells the client where the player's sequence stands now.
    const seq = this.sequences.current(identity.userId);
    state.conn.send(new OutgoingMessage({ event: 'subscribe', _nonce: crypto.randomUUID(), success: true, seq }));
  }

  private subscribe(state: SocketState, identity: SocketIdentity): void {
    if (state.identity) this.unsubscribe(state);
    state.authTimer?.cancel();
    state.authTimer = undefined;
    state.identity = identity;
    let sockets = this.users.get(identity.userId);
    if (!sockets) this.users.set(identity.userId, (sockets = new Set()));
    sockets.add(state);
    this.subscribed.add(state);
    this.scheduleExpiry(state, identity.expiresAt);
  }

  private unsubscribe(state: SocketState): void {
    this.expiries.delete(state);
    this.subscribed.delete(state);
    const identity = state.identity;
    state.identity = undefined;
    if (!identity) return;
    const sockets = this.users.get(identity.userId);
    sockets?.delete(state);
    if (sockets?.size === 0) {
      this.users.delete(identity.userId);
      this.sequences.forget(identity.userId);
    }
  }

  private startAuthTimer(state: SocketState, ms = this.limits.authTimeoutMs): void {
    state.authTimer?.cancel();
    state.authTimer = this.ctx.clock.setTimeout(() => {
      // Uncleanly: the original client reconnects and syncs again, which is right if it has since logged in.
      if (!state.identity && !state.closed) this.end(state, 'unclean');
    }, ms);
  }

  private scheduleExpiry(state: SocketState, expiresAt: number): void {
    this.expiries.set(state, expiresAt);
  }

  /** At the expiry it knew, asks the database again: the session may have slid forward, or ended. */
  private async recheck(state: SocketState): Promise<void> {
    const identity = state.identity;
    if (!identity || state.closed) return;
    let expiresAt: number | undefined;
    try {
      expiresAt = await recheckSession(this.ctx, identity);
    } catch (err) {
      this.log.error({ err }, 'socket session recheck failed');
      if (!state.closed && state.identity === identity) this.expiries.set(state, this.ctx.clock.now() + RECHECK_RETRY_MS);
      return;
    }
    if (state.closed || state.identity !== identity) return;
    if (expiresAt === undefined) this.end(state, 'unclean');
    else this.scheduleExpiry(state, expiresAt);
  }
}
