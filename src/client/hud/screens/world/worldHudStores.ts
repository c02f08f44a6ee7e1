/**
 * Derived stores of the world screen that change only when what the HUD shows changes: the own avatar's
 * position changes every frame while it walks, so React reads its zone and gate (a short key), never the
 * coordinate itself (ARCHITECTURE.md: React never re-renders per frame).
 */
import { computed } from 'nanostores';
import { parseUtc } from '../../../../shared/rules/wallet/panel';
import { channelAt, FORUM, ROOM_MAX, SENATE_GATE, TITLED_ENTRY, titleActive, zoneAt, type Walker } from '../../../../shared/rules/world';
import type { WorldObject } from '../../../../shared/api/rooms';
import { $ownObjectId, $ownPosition, $worldObjects, $worldRoom, $worldSelection } from '../../../game/world/worldStores';
import { sameLook } from '../../../game/world/worldDiff';
import { $game } from '../../../stores/game';
import { $session } from '../../../stores/session';
import { $config } from '../../../stores/config';
import { itemCounts, type ItemCounts } from './worldView';

/** Coordinates where a gate may stand: only there does the exact coordinate matter to the HUD. */
const GATE_SPOTS: ReadonlySet<number> = new Set([0, TITLED_ENTRY, SENATE_GATE, ROOM_MAX[FORUM]]);

/** Where the avatar stands as the HUD needs it: "zone|gate spot or -1|channel". */
export const $standingKey = computed([$worldRoom, $ownPosition], (room, pos) => {
  if (room === null) return '';
  const spot = GATE_SPOTS.has(pos.coordinate) ? pos.coordinate : -1;
  return `${zoneAt(room, pos.coordinate) ?? ''}|${spot}|${channelAt(room, pos.coordinate)}`;
});

/** Held item counts by type, from the game (refreshed every 60 s and after actions), else the user. */
export const $itemCounts = computed([$game, $session], (g, s): ItemCounts => itemCounts(g.game?.items ?? s.user?.items ?? []));

/** The player's titles as the movement limits read them: active Senator/Patricius, and a Puff held. */
export function walkerNow(nowMs: number): Walker {
  const g = $game.get().game;
  const u = $session.get().user;
  const senator = g?.senator ?? u?.senator ?? null;
  const patricius = g?.patricius ?? u?.patricius ?? null;
  const titled = titleActive(senator ? parseUtc(senator) : null, nowMs) || titleActive(patricius ? parseUtc(patricius) : null, nowMs);
  return { titled, puff: ($itemCounts.get().Puff ?? 0) > 0 };
}

let lastSelected: WorldObject | null = null;

/**
 * The selected object, unless it is the own master (tapping oneself selects nothing to act on). A walk of the
 * selected master keeps the object the HUD has (it shows the name and actions, not where it stands), so the
 * screen does not re-render on every `forumupd` while someone is selected.
 */
export const $selectedObject = computed([$worldSelection, $worldObjects, $ownObjectId], (id, objects, own): WorldObject | null => {
  const next = id === null || id === own ? null : (objects.byId.get(id) ?? null);
  if (!next || !lastSelected || next.id !== lastSelected.id || !sameLook(next, lastSelected)) lastSelected = next;
  return lastSelected;
});

/** How many masters stand in the room. */
export const $mastersPresent = computed($worldObjects, (o) => [...o.byId.values()].filter((x) => x.type === 'master').length);

/** The own coordinate to 50 units: enough to sort the list view by distance without a render per frame. */
export const $coarseCoordinate = computed($ownPosition, (p) => Math.round(p.coordinate / 50) * 50);

/** True when the logged-in player is the {name} account (config ADMIN_NAME): Promote shows for them. */
export const $isAdminName = computed([$session, $config], (s, c) => Boolean(s.user && c?.admin_name && s.user.name === c.admin_name));

/** The server's time on this device (its offset measured by the game sync): incense and caravan times are the server's. */
export function serverNow(): number {
  return Date.now() + $game.get().clockOffsetMs;
}
