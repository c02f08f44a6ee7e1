/** World objects as the wire carries them, built from their rows (rooms.ts `worldObjectSchema`). */
import type { WorldObject } from '../../../shared/api/rooms';
import { titleActive, type Walker } from '../../../shared/rules/world';

/** A master's or an inscription's row joined with its player's name, skin and titles. */
export interface ObjectRow {
  id: number;
  type: 'master' | 'scribe';
  user_id: number;
  coordinate: number;
  flip: number;
  verse: string;
  limit_at: number | null;
  name: string;
  investor_skin_id: number;
  senator_until: number | null;
  patricius_until: number | null;
}

/** Formats epoch ms as the wire's UTC "YYYY-MM-DD HH:MM:SS". */
export function utcText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Reads a wire UTC time back as epoch ms (NaN when it is not one). */
export function utcMs(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

/** The wire object of `row`; `puff` from the ledger, `votes` (inscriptions) from inscription_votes. */
export function worldObjectOf(row: ObjectRow, puff: boolean, votes: number[], nowMs: number): WorldObject {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    type: row.type,
    name: row.name,
    coordinate: Number(row.coordinate),
    flip: Number(row.flip) === 1,
    skin_id: Number(row.investor_skin_id),
    puff,
    senator: titleActive(row.senator_until == null ? null : Number(row.senator_until), nowMs),
    patricius: titleActive(row.patricius_until == null ? null : Number(row.patricius_until), nowMs),
    data: {
      verse: row.verse,
      votes: row.type === 'scribe' ? votes : [],
      limit: row.type === 'scribe' && row.limit_at != null ? utcText(Number(row.limit_at)) : '',
    },
  };
}

/** How far back the player of a master object may walk (its titles and Puff as last read: masterFlags.ts). */
export function walkerOf(object: WorldObject): Walker {
  return { titled: object.senator || object.patricius, puff: object.puff };
}
