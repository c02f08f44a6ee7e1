/**
 * What the world screen offers where the avatar stands (spec 3 §2, §4): the action buttons of a selection,
 * a gate, a zone, or the open lane (Verse, Yell, Scribe). Pure: the screen renders the list and sends
 * its actions through the action-button machine.
 */
import { t } from '../../../i18n/t/world';
import type { WorldObject } from '../../../../shared/api/rooms';
import type { GameView } from '../../../../shared/api/game';
import { parseUtc } from '../../../../shared/rules/wallet/panel';
import { gateAt, incenseRate, zoneAt, type RoomId, type Walker, type ZoneName } from '../../../../shared/rules/world';
import type { WorldAction } from '../../../machines/worldActionMachine';

/** One control: an action sent to the server, a route to open, an input to open, the chart mode, or a text. */
export type WorldControl =
  | { kind: 'action'; label: string; action: WorldAction }
  | { kind: 'navigate'; label: string; to: string }
  | { kind: 'input'; label: string; input: 'verse' | 'yell' | 'scribe' }
  | { kind: 'chartMode'; label: string }
  | { kind: 'text'; label: string };

/** Held item counts by type (Scribe, Incense, Map, Puff). */
export type ItemCounts = Readonly<Record<string, number>>;

/** What decides the controls. */
export interface WorldPlace {
  room: RoomId;
  coordinate: number;
  walker: Walker;
  items: ItemCounts;
  game: Pick<GameView, 'incense_1' | 'incense_2' | 'incense_3' | 'caravan' | 'caravan_items' | 'chest_locked'> | null;
  /** The selected object (never the own master), or null. */
  selected: WorldObject | null;
  /** The player is the {name} account (config ADMIN_NAME): Promote shows. */
  admin: boolean;
  /** The chart ball's label (the {name} count as a percent). */
  chartBall: string;
  nowMs: number;
}

/** Fixed texts of the zones that do nothing yet, and of the gates (spec 3 §2, §4). */
export const WORLD_TEXTS = t.world.texts;

/** Labels of the zone doors (the spec names only where they lead). */
const DOORS: Partial<Record<ZoneName, { label: string; to: string }>> = {
  ledger: { label: t.world.doors.ledger, to: '/gdaoledger' },
  chest: { label: t.world.doors.chest, to: '/gdaochest' },
  taxbox: { label: t.world.doors.taxbox, to: '/tax' },
  store: { label: t.world.doors.store, to: '/gdaoshop' },
};

/** Time left as "1h 05m" from an hour on, else "mm:ss" (never negative). */
export function timeLeftText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Epoch ms of a UTC time text, or NaN for '' or garbage. */
function until(text: string | undefined): number {
  return text ? parseUtc(text) : Number.NaN;
}

/** The incense slots' end times (epoch ms; NaN when unlit). */
export function incenseEnds(game: Pick<GameView, 'incense_1' | 'incense_2' | 'incense_3'> | null): [number, number, number] {
  return [until(game?.incense_1), until(game?.incense_2), until(game?.incense_3)];
}

/** How many incense slots burn at `nowMs`. */
export function activeIncense(game: Pick<GameView, 'incense_1' | 'incense_2' | 'incense_3'> | null, nowMs: number): number {
  return incenseEnds(game).filter((t) => t > nowMs).length;
}

function incenseControl(slot: 1 | 2 | 3, p: WorldPlace): WorldControl {
  const ends = incenseEnds(p.game)[slot - 1]!;
  if (ends > p.nowMs) {
    const rate = incenseRate(activeIncense(p.game, p.nowMs));
    return { kind: 'text', label: t.world.incenseActive(rate, timeLeftText(ends - p.nowMs)) };
  }
  if ((p.items.Incense ?? 0) < 1) return { kind: 'text', label: WORLD_TEXTS.noIncense };
  return { kind: 'action', label: WORLD_TEXTS.burnIncense, action: { kind: 'incense', slot } };
}

function caravanControl(p: WorldPlace): WorldControl {
  const returns = until(p.game?.caravan);
  if (returns > p.nowMs) return { kind: 'text', label: t.world.caravanReturns(timeLeftText(returns - p.nowMs)) };
  if ((p.game?.caravan_items ?? 0) > 0) return { kind: 'action', label: WORLD_TEXTS.unpack, action: { kind: 'caravan' } };
  if ((p.items.Map ?? 0) < 1) return { kind: 'text', label: WORLD_TEXTS.noMap };
  return { kind: 'action', label: WORLD_TEXTS.sendCaravan, action: { kind: 'caravan' } };
}

function zoneControls(zone: ZoneName, p: WorldPlace): WorldControl[] | null {
  switch (zone) {
    case 'notes':
    case 'goldenstate':
    case 'quests':
    case 'mint':
    case 'funding':
    case 'mail':
      return [{ kind: 'text', label: WORLD_TEXTS[zone] }];
    case 'chartball':
      return [{ kind: 'chartMode', label: p.chartBall }];
    case 'chest':
      if (p.game?.chest_locked) return [{ kind: 'text', label: WORLD_TEXTS.chestLocked }];
      return [{ kind: 'navigate', ...DOORS.chest! }];
    case 'ledger':
    case 'taxbox':
    case 'store':
      return [{ kind: 'navigate', ...DOORS[zone]! }];
    case 'incense1':
      return [incenseControl(1, p)];
    case 'incense2':
      return [incenseControl(2, p)];
    case 'incense3':
      return [incenseControl(3, p)];
    case 'caravan':
      return [caravanControl(p)];
    case 'eye':
      return null; // the eye only fills the top panel: the lane's own controls stay
  }
}

/** The controls offered to the selection of `o`. */
export function selectionControls(o: Pick<WorldObject, 'id' | 'type'>, admin: boolean): WorldControl[] {
  if (o.type === 'master') {
    return [
      { kind: 'action', label: t.wallet.sendCoins, action: { kind: 'send', id: o.id } },
      { kind: 'action', label: t.world.like, action: { kind: 'like', id: o.id } },
    ];
  }
  const vote: WorldControl = { kind: 'action', label: t.world.vote, action: { kind: 'vote', id: o.id } };
  return admin ? [vote, { kind: 'action', label: t.world.promote, action: { kind: 'promote', id: o.id } }] : [vote];
}

/** The yell, offered wherever the player stands: a yell is heard along the whole lane, so no spot is needed for it. */
const YELL: WorldControl = { kind: 'input', label: t.world.yell, input: 'yell' };

/**
 * The controls at `p`, the main one first: a selection's; else a gate's, a zone's or the lane's (Verse,
 * and Scribe with a Scribe item), each followed by the yell.
 */
export function worldControls(p: WorldPlace): WorldControl[] {
  if (p.selected) return selectionControls(p.selected, p.admin);
  return [...placeControls(p), YELL];
}

function placeControls(p: WorldPlace): WorldControl[] {
  const gate = gateAt(p.room, p.coordinate, p.walker);
  if (gate === 'leave') return [{ kind: 'navigate', label: WORLD_TEXTS.leave, to: '/' }];
  if (gate === 'olympia') return [{ kind: 'navigate', label: WORLD_TEXTS.olympia, to: '/ditch' }];
  if (gate === 'forum') return [{ kind: 'navigate', label: WORLD_TEXTS.forum, to: '/forum' }];
  if (gate === 'senate') return [{ kind: 'text', label: WORLD_TEXTS.senate }];
  const zone = zoneAt(p.room, p.coordinate);
  const inZone = zone ? zoneControls(zone, p) : null;
  if (inZone) return inZone;
  const lane: WorldControl[] = [{ kind: 'input', label: t.world.verse, input: 'verse' }];
  if ((p.items.Scribe ?? 0) > 0) lane.push({ kind: 'input', label: t.world.scribe, input: 'scribe' });
  return lane;
}

/** Held quantities by item type. */
export function itemCounts(items: ReadonlyArray<{ type: string; quantity: number }>): ItemCounts {
  const counts: Record<string, number> = {};
  for (const i of items) counts[i.type] = (counts[i.type] ?? 0) + i.quantity;
  return counts;
}

/**
 * The chart ball's label: `{name} {percent}%`, the percent being the last round's wisdom number T (the
 * newest `/api/telemetry/num` sample, a fraction) with 4 decimals; '—' before any sample.
 */
export function chartBallLabel(name: string, newest: string | number | undefined): string {
  const t = Number(newest);
  const pct = newest === undefined || !Number.isFinite(t) ? '—' : `${(t * 100).toFixed(4)}%`;
  return `${name} ${pct}`.trim();
}
