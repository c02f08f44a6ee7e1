/**
 * Stand-in for the room snapshot (the presence module owns the real, cached one): a room's present masters
 * and standing inscriptions, its `ts`, and the last 50 chat entries the viewer can hear where it stands.
 */
import type { RoomState } from '../../../shared/api/rooms';
import { channelAt, type RoomId } from '../../../shared/rules/world';
import { STANDIN_PRESENCE_MS, roomTs } from './roomFanout';
import { loadWorldObjects, toChatEntry } from './worldObjectView';
import type { WorldContext } from './worldContext';

/** Chat entries a room state carries. */
const CHAT_LOG_SIZE = 50;

/** The state of `room` as `viewerUserId` sees it. */
export async function roomState(ctx: WorldContext, room: RoomId, viewerUserId: number): Promise<RoomState> {
  const k = ctx.db.kysely;
  const now = ctx.clock.now();
  const data = await loadWorldObjects(k, { room, seenSince: now - STANDIN_PRESENCE_MS }, now);
  const me = data.find((o) => o.type === 'master' && o.user_id === viewerUserId);
  const channel = me ? channelAt(room, me.coordinate) : 0;
  const chat = await k.selectFrom('chat_messages').selectAll().where('room', '=', room).where('channel', '<=', channel).orderBy('id', 'desc').limit(CHAT_LOG_SIZE).execute();
  return { data, ts: roomTs(ctx, room), chat_log: chat.reverse().map(toChatEntry) };
}
