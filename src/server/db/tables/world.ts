/** Tables of the worlds (migration 0150): world objects, inscription votes, the chat log, incense slots. */
import type { Generated } from 'kysely';

/** A master (one row per player, present while `room` is set) or an inscription (a scribe). */
export interface WorldObjectsTable {
  id: Generated<number>;
  type: 'master' | 'scribe';
  user_id: number;
  /** 1 Forum, 2 Ditch; a master's is null while it is not present, an inscription's once its end was announced. */
  room: number | null;
  coordinate: number;
  /** 1 facing left. */
  flip: Generated<number>;
  /** An inscription's text; a master's last verse. */
  verse: Generated<string>;
  /** An inscription stands until (epoch ms); null for masters. */
  limit_at: number | null;
  promoted: Generated<number>;
  /** A master's last enter or walk (epoch ms). */
  seen_at: number;
  updated_at: number;
  created_at: number;
}

/** One player's vote for one inscription. */
export interface InscriptionVotesTable {
  object_id: number;
  user_id: number;
  created_at: number;
}

/** One verse or yell. */
export interface ChatMessagesTable {
  id: Generated<number>;
  room: number;
  channel: number;
  kind: 'verse' | 'yell';
  user_id: number;
  content: string;
  /** The poster's name and title badge at the time. */
  name: string;
  title: Generated<string>;
  created_at: number;
}

/** An incense slot (1–3): lit while `burns_until` is in the future. */
export interface IncenseSlotsTable {
  slot: number;
  burns_until: number | null;
  lit_by: number | null;
  updated_at: number;
}

/** The world tables. */
export interface WorldTables {
  world_objects: WorldObjectsTable;
  inscription_votes: InscriptionVotesTable;
  chat_messages: ChatMessagesTable;
  incense_slots: IncenseSlotsTable;
}
