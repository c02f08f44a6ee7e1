/**
 * `POST /api/rooms/verse` and `POST /api/rooms/yell` (spec 3 §4, §7): a present player's line in its room's
 * chat. A verse is heard on the channel of where the poster stands and becomes its master's bubble; a yell
 * is heard on the public channel (0) by the whole room and announced to every player as `forumyell`.
 */
import type { ChatEntry, RoomState } from '../../../shared/api/rooms';
import { channelAt } from '../../../shared/rules/world';
import { chatTooFast } from './worldTexts';
import { readVerse } from './chatText';
import { announceRoomChange } from './roomFanout';
import { loadObjects } from './roomLoad';
import { cachedMaster, roomState } from './roomState';
import { speakerHere, type Speaker } from './speaker';
import { CHAT_PACE, VERSE_MAX, YELL_MAX } from './worldConfig';
import type { WorldActionContext } from './worldContext';
import { toChatEntry } from './chatEntry';
import { keepPace } from './worldPace';

/** A verse or a yell. */
export type ChatKind = 'verse' | 'yell';

/** Checks the text, the poster's presence and pace, in that order; writes nothing on a refusal. */
async function admit(ctx: WorldActionContext, userId: number, raw: unknown, max: number): Promise<{ text: string; speaker: Speaker }> {
  const text = readVerse(raw, max);
  const speaker = await speakerHere(ctx, userId);
  const now = ctx.clock.now();
  // Verses and yells share one pace: a player cannot double its rate by alternating them.
  await keepPace(ctx.pace, `chat:${userId}`, CHAT_PACE, now, chatTooFast);
  return { text, speaker };
}

/** Stores the line (and, for a verse, the master's bubble) in one transaction; returns its chat entry. */
async function store(ctx: WorldActionContext, kind: ChatKind, text: string, s: Speaker): Promise<ChatEntry> {
  const now = ctx.clock.now();
  const channel = kind === 'yell' ? 0 : channelAt(s.room, s.coordinate);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('chat_messages')
      .values({ room: s.room, channel, kind, user_id: s.userId, content: text, name: s.name, title: s.title, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (kind === 'verse') await trx.updateTable('world_objects').set({ verse: text, updated_at: now }).where('id', '=', s.objectId).execute();
    return toChatEntry(row);
  });
}

/** Posts a verse or a yell for `userId`; answers the room's state as the poster sees it. */
export async function postChat(ctx: WorldActionContext, userId: number, kind: ChatKind, raw: unknown): Promise<RoomState> {
  const { text, speaker } = await admit(ctx, userId, raw, kind === 'yell' ? YELL_MAX : VERSE_MAX);
  const chat = await store(ctx, kind, text, speaker);
  // The master as the snapshot has it (its row may not hold its last walk yet), with the new bubble.
  const here = kind === 'verse' ? await cachedMaster(ctx, speaker.room, userId) : undefined;
  const data =
    kind !== 'verse' ? [] : here?.id === speaker.objectId ? [{ ...here, data: { ...here.data, verse: chat.content } }] : await loadObjects(ctx.db.kysely, [speaker.objectId], ctx.clock.now());
  await announceRoomChange(ctx, speaker.room, { data, chat: [chat] });
  const state = await roomState(ctx, speaker.room, userId);
  if (kind === 'yell') ctx.realtime.broadcast('forumyell', { room: speaker.room, ts: state.ts, chat });
  return state;
}
