/**
 * The worlds' rules (spec 3 §2, §4, §9; FACTS.md "World"): the two rooms, their movement limits by title
 * and Puff, the chat channel of a coordinate, and the zone table. Pure; the server clamps walks with it
 * and the client draws and labels with it, so both always agree.
 */

/** Room ids on the wire: 1 the Forum, 2 the Ditch (also called Olympia). */
export type RoomId = 1 | 2;

/** The Forum's room id. */
export const FORUM = 1 as const;
/** The Ditch's room id. */
export const DITCH = 2 as const;

/** The largest coordinate of each room (spec 3 §9). */
export const ROOM_MAX: Readonly<Record<RoomId, number>> = { 1: 22620, 2: 6256 };

/** The gate ordinary players cannot pass: only Senators and Patricius walk below it. */
export const SENATE_GATE = 10631;
/** The entry point of titled players without a Puff: "Leave Forum" stands here. */
export const TITLED_ENTRY = 4833;

/** What decides how far back a player may walk. */
export interface Walker {
  /** A Senator or Patricius title whose date is still in the future. */
  titled: boolean;
  /** Holds at least one Puff item. */
  puff: boolean;
}

/** True when a title date (epoch ms, or null) is still in the future at `nowMs`. */
export function titleActive(untilMs: number | null | undefined, nowMs: number): boolean {
  return untilMs != null && untilMs > nowMs;
}

/**
 * The smallest coordinate `w` may stand on (spec 3 §4): 0 with a Puff item (whatever the title, as the
 * spec's list reads), 4833 for an active Senator or Patricius, 10631 otherwise. The Ditch has no gate.
 */
export function minCoordinate(room: RoomId, w: Walker): number {
  if (room === DITCH || w.puff) return 0;
  return w.titled ? TITLED_ENTRY : SENATE_GATE;
}

/** A coordinate clamped to the room's limits for `w`; non-finite input lands on the minimum. */
export function clampCoordinate(room: RoomId, coordinate: number, w: Walker): number {
  const min = minCoordinate(room, w);
  if (!Number.isFinite(coordinate)) return min;
  return Math.min(ROOM_MAX[room], Math.max(min, Math.round(coordinate)));
}

/**
 * Where a player stands when entering with no coordinate of its own: the room's entry point for them. The
 * title, not the Puff, opens the room's low end (FACTS.md): a Puff lets an untitled player walk there, but
 * it still enters at the senate gate, as the original product placed it.
 */
export function spawnCoordinate(room: RoomId, w: Walker): number {
  if (room === FORUM && !w.titled) return SENATE_GATE;
  return minCoordinate(room, w);
}

/** The chat channel of a coordinate (FACTS.md): 2 below 4833, 1 below 10631, 0 from there on; Ditch 0. */
export function channelAt(room: RoomId, coordinate: number): 0 | 1 | 2 {
  if (room === DITCH) return 0;
  if (coordinate < TITLED_ENTRY) return 2;
  if (coordinate < SENATE_GATE) return 1;
  return 0;
}

/**
 * True when a chat entry of `channel` reaches a player standing in `viewerChannel`: the public square
 * (0) reaches everyone; the deeper areas (1, 2) are heard only from there or deeper ("lower channels
 * filtered by position").
 */
export function channelVisible(channel: number, viewerChannel: number): boolean {
  return channel <= viewerChannel;
}

/** A zone's name. */
export type ZoneName =
  | 'notes'
  | 'goldenstate'
  | 'chartball'
  | 'quests'
  | 'ledger'
  | 'chest'
  | 'mint'
  | 'taxbox'
  | 'incense1'
  | 'incense2'
  | 'incense3'
  | 'eye'
  | 'funding'
  | 'mail'
  | 'caravan'
  | 'store';

/** One zone range (bounds exclusive) of the Forum. */
export interface Zone {
  name: ZoneName;
  from: number;
  to: number;
}

/**
 * The Forum's zones (spec 3 §2), in table order; the first match wins where two overlap. The chest
 * (8316–8733) and the ledger (7863–8336) overlap between 8316 and 8336: the ledger is listed first and wins
 * there. The spec's table also has the second quests range (14503–15293) overlap incense slot 2
 * (15263–15503) between 15263 and 15293, which it does not mention: quests are listed first and win there,
 * so slot 2 is burnt from 15293 on.
 */
export const FORUM_ZONES: readonly Zone[] = [
  { name: 'notes', from: 785, to: 1385 },
  { name: 'notes', from: 18580, to: 19148 },
  { name: 'goldenstate', from: 2020, to: 2450 },
  { name: 'chartball', from: 2700, to: 3040 },
  { name: 'quests', from: 6899, to: 7683 },
  { name: 'quests', from: 14503, to: 15293 },
  { name: 'ledger', from: 7863, to: 8336 },
  { name: 'chest', from: 8316, to: 8733 },
  { name: 'mint', from: 8949, to: 9773 },
  { name: 'taxbox', from: 10773, to: 11193 },
  { name: 'incense1', from: 11523, to: 11763 },
  { name: 'incense2', from: 15263, to: 15503 },
  { name: 'incense3', from: 17963, to: 18203 },
  { name: 'eye', from: 12420, to: 13229 },
  { name: 'funding', from: 17003, to: 17483 },
  { name: 'mail', from: 20083, to: 20453 },
  { name: 'caravan', from: 20513, to: 21113 },
  { name: 'store', from: 21316, to: 21669 },
];

/** The zone at `coordinate` (strict bounds, first match wins), or null; the Ditch has none. */
export function zoneAt(room: RoomId, coordinate: number): ZoneName | null {
  if (room === DITCH) return null;
  for (const z of FORUM_ZONES) if (coordinate > z.from && coordinate < z.to) return z.name;
  return null;
}

/** The gate a player stands at, if any (FACTS.md: exact coordinates). */
export type Gate = 'leave' | 'senate' | 'olympia' | 'forum';

/** The gate at `coordinate` for `w`: Leave Forum at the entry (4833, or 0 with a Puff), the senate gate at
 *  10631 for untitled players, Travel to Olympia at 22620; in the Ditch, Travel to Forum at 0. */
export function gateAt(room: RoomId, coordinate: number, w: Walker): Gate | null {
  if (room === DITCH) return coordinate === 0 ? 'forum' : null;
  if (coordinate === ROOM_MAX[FORUM]) return 'olympia';
  if (coordinate === (w.puff ? 0 : TITLED_ENTRY)) return 'leave';
  if (coordinate === SENATE_GATE && !w.titled) return 'senate';
  return null;
}

/** A title badge: S (senator), P (patricius), SP (both), '' (none). */
export function titleBadge(senator: boolean, patricius: boolean): '' | 'S' | 'P' | 'SP' {
  return `${senator ? 'S' : ''}${patricius ? 'P' : ''}` as '' | 'S' | 'P' | 'SP';
}

/** The mining-rate multiplier of `activeSlots` lit incense slots (×1, ×2, ×4, ×8). */
export function incenseRate(activeSlots: number): number {
  return 2 ** activeSlots;
}

/** The caravan picture's stage for `goods` (thresholds 1, 3, 5, 7, 9): 0, 1, 3, 5, 7 or 9. */
export function caravanStage(goods: number): 0 | 1 | 3 | 5 | 7 | 9 {
  for (const t of [9, 7, 5, 3, 1] as const) if (goods >= t) return t;
  return 0;
}
