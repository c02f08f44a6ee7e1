/**
 * The swipe law of the worlds (spec 3 §9, FACTS.md "World"), headless: while a finger drags, each move adds
 * its travel over its duration to the velocity (clamped to ±13.5 coordinates per step); after release the
 * velocity decays × 0.9 per 40 ms tick and stops under 0.1. The avatar advances by the velocity at 30 steps
 * per second. Time is simulated on fixed steps from an accumulator, so any frame rate walks the same way.
 */
import { clampCoordinate, minCoordinate, ROOM_MAX, type RoomId, type Walker } from '../../../shared/rules/world';

/** Simulation step: 30 fps. */
export const STEP_MS = 1000 / 30;
/** Largest velocity, in coordinates per step. */
export const MAX_VELOCITY = 13.5;
/** Velocity kept per decay tick after release. */
export const DECAY = 0.9;
/** Decay tick length. */
export const DECAY_TICK_MS = 40;
/** Below this speed the avatar stops. */
export const STOP_VELOCITY = 0.1;
/** Longest stretch one update simulates (a tab back from the background must not replay minutes). */
const MAX_CATCH_UP_MS = 1000;

/** The own avatar's motion. */
export class Inertia {
  /** Where the avatar stands (a float between steps; the wire gets `wireCoordinate`). */
  coordinate = 0;
  /** Coordinates per step; positive walks toward the room's end. */
  velocity = 0;
  /** Facing left (toward 0). */
  flip = false;
  private dragging = false;
  private lastDragAt: number | null = null;
  private time = 0;
  private nextStep = STEP_MS;
  private nextDecay = DECAY_TICK_MS;

  constructor(
    private room: RoomId,
    private readonly walker: () => Walker,
  ) {}

  /** Puts the avatar somewhere (spawn, the server's answer) and stops it. */
  place(room: RoomId, coordinate: number, flip: boolean): void {
    this.room = room;
    this.coordinate = this.clamp(coordinate);
    this.flip = flip;
    this.velocity = 0;
  }

  /** The integer coordinate the server accepts, clamped for the walker. */
  get wireCoordinate(): number {
    return clampCoordinate(this.room, this.coordinate, this.walker());
  }

  /** Whether the avatar is moving (a drag with no speed yet is not). */
  get moving(): boolean {
    return this.velocity !== 0;
  }

  /** A finger went down at `atMs` (event time). */
  dragStart(atMs: number): void {
    this.dragging = true;
    this.lastDragAt = atMs;
  }

  /**
   * The finger moved by `delta` coordinates (already converted from screen travel: a finger moving left
   * walks toward the end, so the caller passes −dx / zoom) at `atMs`; velocity += delta / Δt.
   */
  dragBy(delta: number, atMs: number): void {
    if (!this.dragging || !Number.isFinite(delta)) return;
    const dt = Math.max(1, atMs - (this.lastDragAt ?? atMs));
    this.lastDragAt = atMs;
    this.velocity = Math.max(-MAX_VELOCITY, Math.min(MAX_VELOCITY, this.velocity + delta / dt));
    if (this.velocity !== 0) this.flip = this.velocity < 0;
  }

  /** The finger lifted: the decay starts. */
  dragEnd(): void {
    this.dragging = false;
    this.lastDragAt = null;
    // Decay ticks count from the release.
    this.nextDecay = this.time + DECAY_TICK_MS;
  }

  /** Advances the simulation by `deltaMs`; true when the coordinate changed. */
  update(deltaMs: number): boolean {
    const before = this.coordinate;
    const end = this.time + Math.min(Math.max(0, deltaMs), MAX_CATCH_UP_MS);
    for (;;) {
      // Steps and decay ticks run in time order, whichever comes first.
      const decayDue = !this.dragging && this.nextDecay <= this.nextStep;
      const at = decayDue ? this.nextDecay : this.nextStep;
      if (at > end) break;
      this.time = at;
      if (decayDue) {
        this.nextDecay += DECAY_TICK_MS;
        this.velocity *= DECAY;
        if (Math.abs(this.velocity) < STOP_VELOCITY) this.velocity = 0;
      } else {
        this.nextStep += STEP_MS;
        this.advance();
      }
    }
    this.time = end;
    return this.coordinate !== before;
  }

  private advance(): void {
    if (this.velocity === 0) return;
    const next = this.clamp(this.coordinate + this.velocity);
    // Walking into a limit stops the avatar there.
    if (next !== this.coordinate + this.velocity) this.velocity = 0;
    this.coordinate = next;
  }

  private clamp(coordinate: number): number {
    const min = minCoordinate(this.room, this.walker());
    if (!Number.isFinite(coordinate)) return min;
    return Math.min(ROOM_MAX[this.room], Math.max(min, coordinate));
  }
}
