/**
 * What the world's list view shows: the nearest masters and inscriptions, each as the few fields its row
 * draws (name, verse, a distance to DISTANCE_STEP). A `forumupd` restates every object of the room several
 * times a second; the rows store hands React a new list only when a row would read differently, so the
 * list re-renders when someone comes, goes or moves a step nearer, not on every update.
 */
import { computed } from 'nanostores';
import type { WorldObject } from '../../../../shared/api/rooms';
import { $ownObjectId, $worldObjects } from '../../../game/world/worldStores';
import { $coarseCoordinate } from './worldHudStores';

/** How many objects the list shows. */
export const LIST_MAX = 20;
/** Distances are shown (and sorted) to this many coordinates: a master pacing on its spot changes no row. */
export const DISTANCE_STEP = 50;

/** One row of the list: what it says of a nearby object, and what its actions need. */
export interface NearbyRow {
  id: number;
  type: WorldObject['type'];
  name: string;
  /** An inscription's verse ('' for a master). */
  verse: string;
  /** Distance from the own avatar, to DISTANCE_STEP. */
  distance: number;
}

/** `from`'s distance to `coordinate` as the list shows it. */
export const shownDistance = (from: number, coordinate: number): number =>
  Math.round(Math.abs(from - coordinate) / DISTANCE_STEP) * DISTANCE_STEP;

/** The objects other than the own master as rows, nearest first (ties: by id), at most LIST_MAX. */
export function nearbyRows(objects: Iterable<WorldObject>, ownId: number | null, coordinate: number): NearbyRow[] {
  const rows: NearbyRow[] = [];
  for (const o of objects) {
    if (o.id === ownId) continue;
    rows.push({
      id: o.id,
      type: o.type,
      name: o.name,
      verse: o.type === 'scribe' ? o.data.verse : '',
      distance: shownDistance(o.coordinate, coordinate),
    });
  }
  return rows.sort((a, b) => a.distance - b.distance || a.id - b.id).slice(0, LIST_MAX);
}

/** Whether two lists would render alike. */
export function sameRows(a: readonly NearbyRow[], b: readonly NearbyRow[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((r, i) => {
    const s = b[i]!;
    return r.id === s.id && r.type === s.type && r.name === s.name && r.verse === s.verse && r.distance === s.distance;
  });
}

let lastRows: readonly NearbyRow[] = [];

/** The list view's rows: the same array (no store change) while they read the same. */
export const $nearbyRows = computed([$worldObjects, $ownObjectId, $coarseCoordinate], (objects, own, coordinate): readonly NearbyRow[] => {
  const rows = nearbyRows(objects.byId.values(), own, coordinate);
  if (!sameRows(rows, lastRows)) lastRows = rows;
  return lastRows;
});
