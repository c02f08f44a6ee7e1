/**
 * `POST /api/rooms/verse` and `POST /api/rooms/yell` (spec 3 §4, §7): a present player's line in its room's
 * chat. A verse is heard on the channel of where the poster stands and becomes its master's bubble; a yell
 * is heard on the public channel (0) by the whole room and announced to every player as `forumyell`.
 * Verses come in bursts (one per keystroke from the original client): see `postVerseLine`.
 */
import type { ChatEntry, RoomState } from '../../../shared/api/rooms';
import { channelAt } from '../../../shared/rules/world';
import { chatTooFast } from './worldTexts';
import { readVerse } from './chatText';
import { announceRoomChange } from './roomFanout';
import { loadObjects } from './roomLoad';
import { cachedMaster, roomState } from './roomState';
import { speakerHere, type Speaker } from './speaker';
import { CHAT_PACE, VERSE_KEYS_PACE, VERSE_MAX, VERSE_PACE, VERSE_PAUSE_MS, YELL_MAX } from './worldConfig';
import type { WorldActionContext } from './worldContext';
import { toChatEntry } from './chatEntry';
import { keepPace, withinPace } from './worldPace';
import { worldOf } from './worldNode';

/** A verse or a yell. */
export type ChatKind = 'verse' | 'yell';

/** Checks the text and the poster's presence, in that order; writes nothing on a refusal. */
async function admit(ctx: WorldActionContext, userId: number, raw: unknown, max: number): Promise<{ text: string; speaker: Speaker }> {
  const text = readVerse(raw, max);
  const speaker = await speakerHere(ctx, userId);
  return { text, speaker };
}

/** Stores a new line (and, for a verse, the master's bubble) in one transaction; returns its chat entry. */
async function store(ctx: WorldActionContext, kind: ChatKind, text: string, s: Speaker): Promise<ChatEntry> {
  const now = ctx.clock.now();
  const channel = kind === 'yell' ? 0 : channelAt(s.room, s.coordinate);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('chat_messages')
      .values({ room: s.room, channel, kind, user_id: s.userId, content: text, name: s.name, title: s.title, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (kind === 'verse')
      await trx.updateTable('world_objects').set({ verse: text, updated_at: now }).where('id', '=', s.objectId).execute();
    return toChatEntry(row);
  });
}

/**
 * The player's verse still being typed: its last line, when that is a verse written in this room and
 * channel less than VERSE_PAUSE_MS ago and `text` continues it (one is the other with keys added or
 * erased at the end: the original client posts the text so far on every keystroke). Another text is a
 * line of its own, even when quick.
 */
async function burstOf(ctx: WorldActionContext, s: Speaker, text: string, now: number): Promise<number | undefined> {
  const last = await ctx.db.kysely
    .selectFrom('chat_messages')
    .select(['id', 'kind', 'room', 'channel', 'content'])
    .where('user_id', '=', s.userId)
    .where('created_at', '>', now - VERSE_PAUSE_MS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.kind !== 'verse' || last.room !== s.room || last.channel !== channelAt(s.room, s.coordinate)) return undefined;
  return text.startsWith(last.content) || last.content.startsWith(text) ? last.id : undefined;
}

/** Rewrites the burst's line `id` with the text so far (its time moves to now: the pause counts from the last key). */
async function amend(ctx: WorldActionContext, id: number, text: string, s: Speaker): Promise<ChatEntry> {
  const now = ctx.clock.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('chat_messages')
      .set({ content: text, created_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('world_objects').set({ verse: text, updated_at: now }).where('id', '=', s.objectId).execute();
    return toChatEntry(row);
  });
}

/** Sets the master's bubble only (a verse past the pace: shown over the master, not written to the chat). */
async function setBubble(ctx: WorldActionContext, text: string, s: Speaker): Promise<void> {
  await ctx.db.kysely.updateTable('world_objects').set({ verse: text, updated_at: ctx.clock.now() }).where('id', '=', s.objectId).execute();
}

/**
 * A verse (spec 3 §4, FACTS.md): never refused for its pace, since the original client sends one per
 * keystroke. The latest text is always the master's line; a burst of them is one chat entry, rewritten
 * with each (one entry per pause); a new entry counts against VERSE_PACE, and past it only the line moves
 * (the line after a Yell, typed at once, must not come back as an error either).
 * Past VERSE_KEYS_PACE (no typist reaches it) nothing is written: the answer is the room as it is.
 */
async function postVerseLine(ctx: WorldActionContext, text: string, speaker: Speaker): Promise<ChatEntry | undefined | 'dropped'> {
  const now = ctx.clock.now();
  if (!(await withinPace(ctx.pace, `verse-keys:${speaker.userId}`, VERSE_KEYS_PACE, now))) return 'dropped';
  const burst = await burstOf(ctx, speaker, text, now);
  if (burst !== undefined) return amend(ctx, burst, text, speaker);
  if (await withinPace(ctx.pace, `verse:${speaker.userId}`, VERSE_PACE, now)) return store(ctx, 'verse', text, speaker);
  await setBubble(ctx, text, speaker);
  return undefined;
}

/** Posts a verse or a yell for `userId`; answers the room's state as the poster sees it. */
export async function postChat(ctx: WorldActionContext, userId: number, kind: ChatKind, raw: unknown): Promise<RoomState> {
  const { text, speaker } = await admit(ctx, userId, raw, kind === 'yell' ? YELL_MAX : VERSE_MAX);
  if (kind === 'yell') await keepPace(ctx.pace, `chat:${userId}`, CHAT_PACE, ctx.clock.now(), chatTooFast);
  const chat = kind === 'yell' ? await store(ctx, kind, text, speaker) : await postVerseLine(ctx, text, speaker);
  if (chat === 'dropped') return roomState(ctx, speaker.room, userId);
  // The master as the snapshot has it (its row may not hold its last walk yet), with the new bubble.
  const here = kind === 'verse' ? await cachedMaster(ctx, speaker.room, userId) : undefined;
  const data =
    kind !== 'verse'
      ? []
      : here?.id === speaker.objectId
        ? [{ ...here, data: { ...here.data, verse: text } }]
        : await loadObjects(ctx.db.kysely, [speaker.objectId], ctx.clock.now());
  await announceRoomChange(ctx, speaker.room, { data, chat: chat ? [chat] : [] });
  const state = await roomState(ctx, speaker.room, userId);
  if (kind === 'yell' && chat) {
    // Both clients' fields: this product's `chat`; the original's `chat_log` (the room's public log, which
    // it replaces when `ts` is newer), `id` (the yelling player) and `verse` (shown over that player's master).
    const chatLog = (await worldOf(ctx).snapshot(speaker.room)).chatLog(0);
    ctx.realtime.broadcast('forumyell', { room: speaker.room, ts: state.ts, chat, chat_log: chatLog, id: userId, verse: chat.content });
  }
  return state;
}
