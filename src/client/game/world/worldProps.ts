/**
 * Which props a room shows and where (spec 3 §2, §4), headless: each zone's prop at its zone centre, the
 * chest open or closed by the treasury lock, the incense burners lit while their slot burns, the caravan by
 * its goods (stage 0 while it travels), the two gates and the room edges.
 */
import type { GameView } from '../../../shared/api/game';
import { DITCH, FORUM_ZONES, ROOM_MAX, SENATE_GATE, TITLED_ENTRY, type RoomId, type ZoneName } from '../../../shared/rules/world';
import { caravanFrame, chestFrame, incenseFrame, PROP_FRAMES } from '../../engine/frameNames';
import { parseUtc } from '../eidol/riskAngle';

/** One prop to draw. */
export interface PropSpec {
  /** Stable key (the zone and its start). */
  key: string;
  frame: string;
  coordinate: number;
  /** A lit incense burner: smoke rises from it. */
  smoke: boolean;
}

const ZONE_FRAMES: Partial<Record<ZoneName, string>> = {
  notes: PROP_FRAMES.notes,
  goldenstate: PROP_FRAMES.goldenState,
  chartball: PROP_FRAMES.chartBall,
  quests: PROP_FRAMES.quests,
  ledger: PROP_FRAMES.ledger,
  mint: PROP_FRAMES.mint,
  taxbox: PROP_FRAMES.taxBox,
  eye: PROP_FRAMES.eyePanel,
  funding: PROP_FRAMES.funding,
  mail: PROP_FRAMES.mail,
  store: PROP_FRAMES.store,
};

const future = (text: string | undefined, nowMs: number): boolean => {
  const ms = text ? parseUtc(text) : NaN;
  return Number.isFinite(ms) && ms > nowMs;
};

function zoneFrame(zone: ZoneName, game: GameView | null, nowMs: number): { frame: string; smoke: boolean } {
  const slot = zone === 'incense1' ? 1 : zone === 'incense2' ? 2 : zone === 'incense3' ? 3 : 0;
  if (slot) {
    const lit = future(game?.[`incense_${slot}` as 'incense_1'], nowMs);
    return { frame: incenseFrame(slot as 1 | 2 | 3, lit), smoke: lit };
  }
  if (zone === 'chest') return { frame: chestFrame(!(game?.chest_locked ?? false)), smoke: false };
  if (zone === 'caravan') {
    const travelling = future(game?.caravan, nowMs);
    return { frame: caravanFrame(travelling ? 0 : (game?.caravan_items ?? 0)), smoke: false };
  }
  return { frame: ZONE_FRAMES[zone]!, smoke: false };
}

/** The props of `room` for the round view `game` at `nowMs` (server time), left to right. */
export function worldProps(room: RoomId, game: GameView | null, nowMs: number): PropSpec[] {
  if (room === DITCH) return [{ key: 'edge-forum', frame: PROP_FRAMES.forumEdge, coordinate: 0, smoke: false }];
  const props: PropSpec[] = FORUM_ZONES.map((z) => ({
    key: `${z.name}@${z.from}`,
    coordinate: Math.round((z.from + z.to) / 2),
    ...zoneFrame(z.name, game, nowMs),
  }));
  props.push(
    { key: 'gate-entry', frame: PROP_FRAMES.gateEntry, coordinate: TITLED_ENTRY, smoke: false },
    { key: 'gate-senate', frame: PROP_FRAMES.gateSenate, coordinate: SENATE_GATE, smoke: false },
    { key: 'edge-olympia', frame: PROP_FRAMES.olympiaEdge, coordinate: ROOM_MAX[1], smoke: false },
  );
  return props.sort((a, b) => a.coordinate - b.coordinate);
}
