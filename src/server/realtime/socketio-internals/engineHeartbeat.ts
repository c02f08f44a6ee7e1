/**
 * One heartbeat for every engine.io connection of a server, instead of engine.io's two timers per socket.
 *
 * engine.io (protocol 4) pings each socket `pingInterval` after its last pong and closes it ("ping
 * timeout") when no pong comes within `pingTimeout`; a packet other than a pong received while it waits
 * extends that wait once. It does so with a Node timer per socket for the interval (kept for the socket's
 * life: a Timeout, its closure and context, ~300 bytes) and one more while a pong is awaited. Here one
 * interval timer walks two queues: sockets waiting for their next ping and sockets waiting for a pong.
 * Every socket of a queue waits the same duration, so each queue is in due order by insertion and the
 * walk stops at the first entry not yet due. The same rules hold, each late by at most one tick.
 *
 * How it plugs in (engine.io 6.6, checked on 6.6.11): engine.io calls `pingIntervalTimer.refresh()` at a
 * pong and `pingTimeoutTimer.refresh()` at the first other packet while a pong is awaited, `clearTimeout`
 * on both (a no-op on an object that is not a Node timer) and nulls `pingTimeoutTimer` at a pong and at a
 * transport upgrade. A socket's `Beat` stands in for both timers and turns those calls into queue moves.
 * A socket whose fields do not look like that (another engine.io version, protocol 3) keeps engine.io's
 * own timers: a rename costs the memory saving, never the heartbeat.
 */

/** The part of engine.io's socket the heartbeat drives (private fields of engine.io 6.6). */
export interface HeartbeatSocket {
  readonly protocol?: number;
  readonly readyState: string;
  pingIntervalTimer: unknown;
  pingTimeoutTimer: unknown;
  hasRefreshedPingTimeout: boolean;
  sendPacket(type: 'ping'): void;
  onClose(reason: string): void;
}

/** Timing of a heartbeat, engine.io's `pingInterval` and `pingTimeout` (milliseconds). */
export interface HeartbeatTiming {
  pingInterval: number;
  pingTimeout: number;
}

/** Longest tick: pings and ping timeouts are late by at most this (1 s at engine.io's defaults). */
const MAX_TICK_MS = 1_000;

/** A socket's place in the heartbeat; engine.io sees it as the socket's two ping timers. */
export class Beat {
  constructor(
    readonly socket: HeartbeatSocket,
    private readonly heartbeat: EngineHeartbeat,
  ) {}

  /** engine.io's "timer refresh": a pong (its timeout timer already nulled) or a first other packet while a pong is awaited. */
  refresh(): this {
    if (this.socket.pingTimeoutTimer === this) this.heartbeat.extend(this);
    else this.heartbeat.ponged(this);
    return this;
  }
}

/** Pings and times out every adopted socket of one engine.io server on one interval timer. */
export class EngineHeartbeat {
  /** Sockets waiting for their next ping, with its time, in due order. */
  private readonly toPing = new Map<Beat, number>();
  /** Sockets waiting for a pong, with their deadline, in due order. */
  private readonly toAnswer = new Map<Beat, number>();
  private timer: NodeJS.Timeout | undefined;
  /** Tick length: a twentieth of the shorter duration, at most MAX_TICK_MS. */
  readonly tickMs: number;

  constructor(
    private readonly timing: HeartbeatTiming,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tickMs = Math.max(1, Math.min(MAX_TICK_MS, Math.floor(Math.min(timing.pingInterval, timing.pingTimeout) / 20)));
  }

  /**
   * Takes over the heartbeat of a socket engine.io just opened (its first ping was scheduled by engine.io
   * a moment ago, so the first one here is due `pingInterval` from now). Returns false, leaving engine.io's
   * own timers, for a socket that does not look as expected.
   */
  adopt(socket: HeartbeatSocket): boolean {
    if (socket.protocol !== 4 || socket.pingTimeoutTimer !== null || !isNodeTimer(socket.pingIntervalTimer)) return false;
    if (
      typeof socket.sendPacket !== 'function' ||
      typeof socket.onClose !== 'function' ||
      typeof socket.hasRefreshedPingTimeout !== 'boolean'
    )
      return false;
    clearTimeout(socket.pingIntervalTimer);
    const beat = new Beat(socket, this);
    socket.pingIntervalTimer = beat;
    this.toPing.set(beat, this.now() + this.timing.pingInterval);
    this.start();
    return true;
  }

  /** Forgets a socket that closed (its entries would also be dropped when they come up). */
  release(socket: HeartbeatSocket): void {
    const beat = socket.pingIntervalTimer;
    if (!(beat instanceof Beat) || beat.socket !== socket) return;
    this.toPing.delete(beat);
    this.toAnswer.delete(beat);
    this.stopIfIdle();
  }

  /** Adopted sockets (for tests and logs). */
  get size(): number {
    return this.toPing.size + this.toAnswer.size;
  }

  /** Stops the timer; adopted sockets get no more pings (the server is closing). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.toPing.clear();
    this.toAnswer.clear();
  }

  /** A pong: the next ping is due `pingInterval` from now (engine.io refreshed its interval timer here). */
  ponged(beat: Beat): void {
    this.toAnswer.delete(beat);
    this.toPing.delete(beat);
    this.toPing.set(beat, this.now() + this.timing.pingInterval);
    this.start();
  }

  /** Another packet while a pong is awaited: the wait starts again, once per ping (engine.io counts that). */
  extend(beat: Beat): void {
    this.toAnswer.delete(beat);
    this.toAnswer.set(beat, this.now() + this.timing.pingTimeout);
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    // The server's listening socket keeps the process up; a heartbeat alone should not.
    this.timer.unref();
  }

  private stopIfIdle(): void {
    if (this.toPing.size > 0 || this.toAnswer.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const now = this.now();
    // Timeouts first: a socket pinged in this tick must not be judged in it.
    for (const [beat, deadline] of this.toAnswer) {
      if (deadline > now) break;
      this.toAnswer.delete(beat);
      const socket = beat.socket;
      // Nulled by a transport upgrade: engine.io stops waiting then, and pings again after the next pong.
      if (socket.pingTimeoutTimer !== beat || socket.readyState === 'closed') continue;
      socket.onClose('ping timeout');
    }
    for (const [beat, due] of this.toPing) {
      if (due > now) break;
      this.toPing.delete(beat);
      const socket = beat.socket;
      if (socket.readyState === 'closed') continue;
      // What engine.io's interval timer does: ping, and wait `pingTimeout` for the pong.
      socket.hasRefreshedPingTimeout = false;
      socket.sendPacket('ping');
      socket.pingTimeoutTimer = beat;
      this.toAnswer.set(beat, now + this.timing.pingTimeout);
    }
    this.stopIfIdle();
  }
}

/** A Node timer as engine.io makes them (`setTimeout` from `timers`). */
function isNodeTimer(value: unknown): value is NodeJS.Timeout {
  return typeof value === 'object' && value !== null && typeof (value as NodeJS.Timeout).refresh === 'function' && '_onTimeout' in value;
}
