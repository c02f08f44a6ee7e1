/** The player who speaks or writes in a room: its master, present in a room, and its name and titles. */
import type { Kysely } from 'kysely';
import type { RoomId } from '../../../shared/rules/world';
import type { Database } from '../../db/schema';
import { AppError } from '../errors';
import { seenRecently } from './presenceConfig';
import { cachedMaster } from './roomState';
import type { WorldContext } from './worldContext';
import { badgeOf } from './chatEntry';
import { NOT_IN_ROOM } from './worldTexts';

/** A present player's master and how its posts are signed. */
export interface Speaker {
  userId: number;
  /** The master's object id. */
  objectId: number;
  room: RoomId;
  coordinate: number;
  name: string;
  /** '', 'S', 'P' or 'SP' at the time of posting. */
  title: string;
}

/** The present master of `userId` at `now`; 409 when the player is in no room (never entered, left or silent). */
export async function presentSpeaker(k: Kysely<Database>, userId: number, now: number): Promise<Speaker> {
  const row = await k
    .selectFrom('world_objects as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.room', 'o.coordinate', 'o.seen_at', 'u.name', 'u.senator_until', 'u.patricius_until'])
    .where('o.type', '=', 'master')
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.room === null || !seenRecently(row.seen_at, now)) throw new AppError(409, NOT_IN_ROOM);
  return { userId, objectId: row.id, room: row.room as RoomId, coordinate: row.coordinate, name: row.name, title: badgeOf(row, now) };
}

/**
 * `presentSpeaker` standing where the room's snapshot has its master: a walk's row is written up to one
 * fan-out window later (walkWrites.ts), so the row alone would place a verse or an inscription where the
 * player stood before it walked.
 */
export async function speakerHere(ctx: WorldContext, userId: number): Promise<Speaker> {
  const speaker = await presentSpeaker(ctx.db.kysely, userId, ctx.clock.now());
  const here = await cachedMaster(ctx, speaker.room, userId);
  return here?.id === speaker.objectId ? { ...speaker, coordinate: here.coordinate } : speaker;
}
