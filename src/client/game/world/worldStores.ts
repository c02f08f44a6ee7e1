/**
 * Stores the world's HUD and its stage scene share. The HUD (net + screens) fills the room state from
 * enter, walk and `forumupd`; the scene moves the own avatar (inertia) and reports taps; neither imports
 * the other. React reads these with @nanostores/react; the scene reads them in its ticker.
 */
import { atom } from 'nanostores';
import type { ChatEntry, WorldObject } from '../../../shared/api/rooms';
import type { RoomId } from '../../../shared/rules/world';

/** The room on screen (null outside the worlds). */
export const $worldRoom = atom<RoomId | null>(null);

/** The room's objects by id, and the `ts` they are as of (updates apply only when newer). */
export const $worldObjects = atom<{ ts: number; byId: ReadonlyMap<number, WorldObject> }>({ ts: 0, byId: new Map() });

/** The chat log the player can see, oldest first. */
export const $chatLog = atom<readonly ChatEntry[]>([]);

/**
 * The own avatar: where it stands and faces, and whether it is moving. The scene writes it every frame it
 * moves (its inertia law) and `moving: false` once it stops; the HUD syncs the walk 500 ms after that and
 * may set it (the server's clamped answer, the spawn on enter).
 */
export const $ownPosition = atom<{ coordinate: number; flip: boolean; moving: boolean }>({ coordinate: 0, flip: false, moving: false });

/** The own world-object id once entered (the scene draws the own avatar from $ownPosition, not from it). */
export const $ownObjectId = atom<number | null>(null);

/** The selected object (a master or a scribe tapped on the stage or in the list view), or null. */
export const $worldSelection = atom<number | null>(null);

/** True while the world has loaded its room state (before: the loading overlay). */
export const $worldReady = atom(false);
