/** Chat entries as the wire carries them (rooms.ts), and the title badge they are signed with. */
import type { Selectable } from 'kysely';
import type { ChatEntry } from '../../../shared/api/rooms';
import { titleActive, titleBadge, type RoomId } from '../../../shared/rules/world';
import type { ChatMessagesTable } from '../../db/tables/world';

/** The title badge of a user row at `now`. */
export function badgeOf(u: { senator_until: number | null; patricius_until: number | null }, now: number): string {
  return titleBadge(titleActive(u.senator_until, now), titleActive(u.patricius_until, now));
}

/** The wire chat entry of a stored verse or yell. */
export function toChatEntry(m: Selectable<ChatMessagesTable>): ChatEntry {
  return { id: m.id, room: m.room as RoomId, channel: m.channel, content: m.content, data: { name: m.name, title: m.title } };
}
