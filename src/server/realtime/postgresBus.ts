/**
 * The bus on PostgreSQL LISTEN/NOTIFY, the equivalent of @socket.io/postgres-adapter built on `pg`: each
 * node keeps one dedicated connection (outside the query pool) that LISTENs on the channel and also sends
 * this node's NOTIFYs. Notifications reach every listener of the database in commit order, the same order
 * on every node, the sender included; so nodes deliver only what comes back from PostgreSQL, never their
 * own sends directly.
 *
 * Sends queue in memory and go out in order, batched: everything queued while one NOTIFY statement runs
 * goes in the next one (one transaction; PostgreSQL delivers its notifications together and in order).
 *
 * When the connection dies it is reopened (with back-off). Notifications sent meanwhile never reach this
 * node, so on every reconnect it ends its subscribed sockets uncleanly (`onGap`): their clients reconnect
 * and resubscribe, and a client refetches what it shows on every (re)subscribe (socketEvents.ts). This
 * node's own sends wait in the queue (bounded) and go out once the connection is back.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Bus, BusMessage } from './bus';
import { encodeFrames, FrameAssembler } from './busFrames';
import { pgDriver } from '../db/pgDriver';

/** The NOTIFY channel (channels are per database, so exactly the nodes of one database meet). */
export const BUS_CHANNEL = 'aeon_realtime';
/** The connection's application_name, so operators (and tests) can find it in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'aeon-realtime-bus';
/** Most frames in one NOTIFY statement, and most bytes (a statement is one message on the wire). */
const BATCH_FRAMES = 2000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** Most frames queued while disconnected; older ones are dropped past it (their players resync anyway). */
const MAX_QUEUED_FRAMES = 100_000;
/** Reconnect delays: from the first to the last, doubling. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** A connection that does not answer a ping this often is treated as dead (a silent network loss). */
const PING_MS = 30_000;
/** A connection attempt that takes longer is abandoned and retried (app close waits for the attempt). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Wiring of the PostgreSQL bus. */
export interface PostgresBusOptions {
  /** The database's connection URL. */
  url: string;
  /** Delivers a message to this node's sockets (called in the bus's order). */
  deliver(message: BusMessage): void;
  /** Called after a reconnect: messages may have been missed while the connection was down. */
  onGap(): void;
  log: FastifyBaseLogger;
}

/** A bus on PostgreSQL LISTEN/NOTIFY (see the file comment). */
export function postgresBus(options: PostgresBusOptions): Bus {
  return new PostgresBus(options);
}

class PostgresBus implements Bus {
  /** Names this node's chunked messages: unique per process start. */
  private readonly node = crypto.randomBytes(6).toString('base64url');
  private nextId = 0;
  private readonly queue: string[] = [];
  private readonly assembler = new FrameAssembler();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private flushing: Promise<void> | undefined;
  private everConnected = false;
  private closed = false;
  private retryMs = RECONNECT_FIRST_MS;
  // Transport-level timers on real time, like the sockets' own heartbeats: they are about TCP, not the game's clock.
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly pingTimer: NodeJS.Timeout;

  constructor(private readonly options: PostgresBusOptions) {
    this.pingTimer = setInterval(() => void this.ping(), PING_MS);
    this.pingTimer.unref();
  }

  publish(message: BusMessage): void {
    if (this.closed) return;
    let frames: string[];
    try {
      frames = encodeFrames(message, `${this.node}.${this.nextId++}`);
    } catch (err) {
      this.options.log.error({ err, to: message.to }, 'realtime bus: message not sent (cannot be encoded)');
      return;
    }
    this.queue.push(...frames);
    if (this.queue.length > MAX_QUEUED_FRAMES) {
      const dropped = this.queue.splice(0, this.queue.length - MAX_QUEUED_FRAMES).length;
      this.options.log.warn({ dropped }, 'realtime bus: database unreachable, oldest queued messages dropped');
    }
    this.kick();
  }

  /** Opens the connection (the app waits for it before serving, so no early send is missed). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    // What this node sent before shutdown still goes out (unless the connection is down).
    while (this.flushing) await this.flushing;
    this.closed = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    return (this.connecting ??= this.open().finally(() => (this.connecting = undefined)));
  }

  private async open(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new (pgDriver().Client)({
      connectionString: this.options.url,
      application_name: BUS_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      this.lost(client, err);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      if (n.channel === BUS_CHANNEL && n.payload !== undefined && this.client === client) this.receive(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_FIRST_MS;
    if (this.everConnected) {
      this.options.log.warn('realtime bus: reconnected; ending local sockets so their clients resync');
      this.options.onGap();
    }
    this.everConnected = true;
    this.kick();
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client === client) this.client = undefined;
    this.assembler.reset();
    void client.end().catch(() => {});
    if (this.closed) return;
    this.options.log.warn({ err }, 'realtime bus: connection lost; reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
  }

  private receive(frame: string): void {
    const message = this.assembler.accept(frame);
    if (!message) return;
    try {
      this.options.deliver(message);
    } catch (err) {
      this.options.log.error({ err }, 'realtime bus: delivery failed');
    }
  }

  private kick(): void {
    if (this.flushing || !this.client || this.queue.length === 0) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = undefined;
      this.kick();
    });
  }

  /** Sends queued frames, one statement per batch, each batch removed only once PostgreSQL took it. */
  private async flush(): Promise<void> {
    // Let the current tick's sends join the first batch.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const client = this.client;
      if (!client) return;
      let n = 0;
      let bytes = 0;
      while (n < this.queue.length && n < BATCH_FRAMES && bytes < BATCH_BYTES) bytes += this.queue[n++]!.length;
      const batch = this.queue.slice(0, n);
      try {
        // unnest yields the array in order, and pg_notify queues in call order within the transaction.
        await client.query('select pg_notify($1, f) from unnest($2::text[]) as f', [BUS_CHANNEL, batch]);
      } catch (err) {
        // A lost connection (SQLSTATE classes 08 and 57, or none) keeps the batch for the reconnect; a
        // statement PostgreSQL refused would be refused again, so that batch is dropped.
        const code = (err as { code?: unknown }).code;
        if (typeof code !== 'string' || /^(08|57)/.test(code)) {
          client.emit('error', err);
          return;
        }
        this.options.log.error({ err, frames: n }, 'realtime bus: NOTIFY refused; messages dropped');
      }
      this.queue.splice(0, n);
    }
  }

  private async ping(): Promise<void> {
    const client = this.client;
    if (!client || this.flushing) return;
    try {
      await client.query('select 1');
    } catch (err) {
      client.emit('error', err);
    }
  }
}
