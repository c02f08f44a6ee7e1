/**
 * What an update changed of one drawn world object, field by field. A room enter or a `forumupd` hands the
 * scene new objects that mostly say what it already shows (a walk changes a coordinate, nothing else): the
 * scene rebuilds a node only when its look changed, eases it when it moved, and skips the rest. Headless.
 */
import type { WorldObject } from '../../../shared/api/rooms';

/** 'none': nothing drawn changed; 'moved': coordinate or facing; 'look': the node must be rebuilt. */
export type ObjectChange = 'none' | 'moved' | 'look';

/** Whether two versions of an object draw the same node (skin, name, pipe, titles; an inscription's verse). */
export function sameLook(a: WorldObject, b: WorldObject): boolean {
  if (a.type !== b.type) return false;
  // An inscription shows an excerpt of its verse, which does not change once written.
  if (a.type === 'scribe') return a.data.verse === b.data.verse;
  return a.skin_id === b.skin_id && a.name === b.name && a.puff === b.puff && a.senator === b.senator && a.patricius === b.patricius;
}

/** What drawing `next` in place of `prev` takes. */
export function objectChange(prev: WorldObject, next: WorldObject): ObjectChange {
  if (prev === next) return 'none';
  if (!sameLook(prev, next)) return 'look';
  return prev.coordinate !== next.coordinate || prev.flip !== next.flip ? 'moved' : 'none';
}
