/** What enter, walk and the other room calls answer: the room's objects, its ts, and the viewer's chat log. */
import type { RoomState, WorldObject } from '../../../shared/api/rooms';
import { channelAt, type RoomId } from '../../../shared/rules/world';
import type { WorldContext } from './worldContext';
import { worldOf } from './worldNode';

/**
 * The room as this node's snapshot holds it (no query once the room is loaded): present masters, standing
 * inscriptions, the ts, and the last chat entries the viewer hears where it stands (channel 0 when it is
 * not in the room).
 */
export async function roomState(ctx: WorldContext, room: RoomId, viewerUserId: number): Promise<RoomState> {
  const snap = await worldOf(ctx).snapshot(room);
  const viewer = snap.masterOf(viewerUserId);
  return { data: snap.list(ctx.clock.now()), ts: snap.ts, chat_log: snap.chatLog(viewer ? channelAt(room, viewer.coordinate) : 0) };
}

/**
 * `roomState` as the UTF-8 JSON of the answer's `data`, in chunks to write in order, built from blocks the
 * snapshot keeps encoded: the walk's hot path, where serialising every object of the room for every walk,
 * then joining and encoding the ~95 KB text of 500 players, was most of the answer's cost.
 */
export async function roomStateChunks(ctx: WorldContext, room: RoomId, viewerUserId: number): Promise<Buffer[]> {
  const snap = await worldOf(ctx).snapshot(room);
  const viewer = snap.masterOf(viewerUserId);
  const channel = viewer ? channelAt(room, viewer.coordinate) : 0;
  const list = snap.listJsonChunks(ctx.clock.now());
  return [DATA_OPEN, ...list, Buffer.from(`,"ts":${snap.ts},"chat_log":`), snap.chatLogBytes(channel), DATA_CLOSE];
}

const DATA_OPEN = Buffer.from('{"data":');
const DATA_CLOSE = Buffer.from('}');

/** The viewer's master in `room` as this node knows it (its current object, e.g. to announce a new verse on it). */
export async function cachedMaster(ctx: WorldContext, room: RoomId, userId: number): Promise<WorldObject | undefined> {
  return (await worldOf(ctx).snapshot(room)).masterOf(userId);
}
