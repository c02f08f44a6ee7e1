/** Announcing a room's changes: the one entry point of every world feature that changes what a room shows. */
import type { RoomId } from '../../../shared/rules/world';
import type { WorldContext } from './worldContext';
import type { RoomChange } from './roomSnapshot';
import { worldOf } from './worldNode';

export type { RoomChange } from './roomSnapshot';

/**
 * Applies `change` to this node's snapshot of `room` at once, bumps the room's ts (returned), and queues
 * it: within FANOUT_WINDOW_MS one `forumupd` carrying every change of the window reaches the players
 * present in the room, on every node. Call it after the change is committed.
 */
export function announceRoomChange(ctx: WorldContext, room: RoomId, change: RoomChange): number {
  return worldOf(ctx).announce(room, change);
}
