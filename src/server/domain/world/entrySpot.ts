/**
 * Where a master entering a room stands: the room's entry point for it, or, when another present master
 * already stands there, the next spot further in, ENTRY_SPACING apart, that no one holds. Masters who
 * entered together used to share the entry coordinate, their avatars hiding each other and their names
 * printed over each other. The choice and its write hold the room's database lock (ENTRY_LOCK, presence.ts),
 * so enters through several server nodes at the same moment never share a spot either.
 */
import { ROOM_MAX, spawnCoordinate, type RoomId, type Walker } from '../../../shared/rules/world';

/**
 * Coordinates between two entering masters: wider than a master (its tap box is 180) and a usual name, so
 * neither the avatars nor the names under them overlap.
 */
export const ENTRY_SPACING = 240;
/** Spots tried past the entry point; a room fuller than this near its entry gets the entry point again. */
export const ENTRY_SPOTS = 64;

/** PostgreSQL advisory lock class of the entry spots (the room is the second key): one choice per room at a time. */
export const ENTRY_LOCK = 0x656e7472;

/** The first spot from the entry point at least ENTRY_SPACING from every coordinate in `occupied`. */
export function entrySpot(room: RoomId, walker: Walker, occupied: readonly number[]): number {
  const entry = spawnCoordinate(room, walker);
  for (let i = 0; i < ENTRY_SPOTS; i++) {
    const spot = entry + i * ENTRY_SPACING;
    if (spot > ROOM_MAX[room]) break;
    if (occupied.every((c) => Math.abs(c - spot) >= ENTRY_SPACING)) return spot;
  }
  return entry;
}
