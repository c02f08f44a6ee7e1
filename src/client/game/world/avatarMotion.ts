/**
 * How other players' avatars move between updates: a walk reported by the server slides the avatar to its
 * new coordinate at walking speed or faster (it always arrives within a second), a jump longer than a
 * screen or two (an entry, a gate) snaps at once. Headless; the scene steps it each frame.
 */
import { MAX_VELOCITY, STEP_MS } from './inertia';

/** The fastest a swipe walks, coordinates per ms. */
export const WALK_SPEED = MAX_VELOCITY / STEP_MS;
/** Longest an avatar takes to reach its new place. */
export const CATCH_UP_MS = 1000;
/** A move longer than this teleports. */
export const SNAP_DISTANCE = 2500;

/** One avatar's drawn position. */
export class AvatarMotion {
  /** Drawn coordinate. */
  x: number;
  private to: number;

  constructor(coordinate: number) {
    this.x = this.to = coordinate;
  }

  /** Where the avatar is heading (its drawn coordinate once it stops). */
  get target(): number {
    return this.to;
  }

  /** The latest reported coordinate. */
  moveTo(coordinate: number): void {
    this.to = coordinate;
    if (Math.abs(coordinate - this.x) > SNAP_DISTANCE) this.x = coordinate;
  }

  /** Whether the avatar still has a way to go. */
  get moving(): boolean {
    return this.x !== this.to;
  }

  /** Advances by `deltaMs`; true when the drawn coordinate changed. */
  step(deltaMs: number): boolean {
    const gap = this.to - this.x;
    if (gap === 0) return false;
    const speed = Math.max(WALK_SPEED, Math.abs(gap) / CATCH_UP_MS);
    const stride = speed * Math.max(0, deltaMs);
    this.x = Math.abs(gap) <= stride ? this.to : this.x + Math.sign(gap) * stride;
    return true;
  }
}
