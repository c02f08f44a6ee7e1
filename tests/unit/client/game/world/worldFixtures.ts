/** Shared world test data: world objects, chat entries and room states. */
import type { ChatEntry, RoomState, WorldObject } from '../../../../../src/shared/api/rooms';

/** A master (or, with `type: 'scribe'`, an inscription) of the Forum. */
export function makeObject(patch: Partial<WorldObject> = {}): WorldObject {
  return {
    id: 1,
    user_id: 7,
    type: 'master',
    name: 'Ada',
    coordinate: 12000,
    flip: false,
    skin_id: 3,
    puff: false,
    senator: false,
    patricius: false,
    data: { verse: '', votes: [], limit: '' },
    ...patch,
  };
}

/** A chat entry of the Forum's public square. */
export function makeChat(patch: Partial<ChatEntry> = {}): ChatEntry {
  return { id: 1, room: 1, channel: 0, content: 'hello', data: { name: 'Ada', title: '' }, ...patch };
}

/** A room state. */
export function makeState(ts: number, data: WorldObject[], chat_log: ChatEntry[] = []): RoomState {
  return { ts, data, chat_log };
}
