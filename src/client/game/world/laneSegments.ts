/**
 * The masters of the lane, split into Pixi render groups by lane segment. Pixi v8 rebuilds a render group's
 * whole draw list whenever one of its children is shown, hidden, added or removed: with every master in the
 * lane's group, a cull flip at the screen's edge rebuilt the draw list of everyone on screen (4–13 ms at ×4
 * throttling). Split by SEGMENT_WIDTH, a flip rebuilds one segment's list. A node keeps its segment while
 * its way stays within SEGMENT_SLACK of it, so a master pacing on a segment's edge does not move back and
 * forth (a move rebuilds two segments). Segments are made when a master enters one and dropped when the
 * last leaves: an empty render group still costs Pixi a visit every frame.
 */
import { Container } from 'pixi.js';

/** Coordinates per segment: a phone screen at forum size 1 shows about two. */
export const SEGMENT_WIDTH = 512;
/** How far a node may stand or walk past its segment's edges before it moves to another segment. */
export const SEGMENT_SLACK = 256;

/** The segment a coordinate falls in. */
export const segmentOf = (coordinate: number): number => Math.floor(coordinate / SEGMENT_WIDTH);

/** Whether a node walking from `from` to `to` may stay in segment `k`. */
export function staysIn(k: number, from: number, to: number): boolean {
  return Math.min(from, to) >= k * SEGMENT_WIDTH - SEGMENT_SLACK && Math.max(from, to) <= (k + 1) * SEGMENT_WIDTH + SEGMENT_SLACK;
}

/** The segments' render groups, in lane order under one layer. */
export class LaneSegments {
  private readonly groups = new Map<number, Container>();

  constructor(private readonly layer: Container) {}

  /** How many segments hold a node. */
  get size(): number {
    return this.groups.size;
  }

  /** Adds `root` to segment `k` (made, in lane order, when new). */
  put(root: Container, k: number): void {
    let group = this.groups.get(k);
    if (!group) {
      group = new Container({ isRenderGroup: true });
      let at = 0;
      for (const other of this.groups.keys()) if (other < k) at++;
      this.layer.addChildAt(group, at);
      this.groups.set(k, group);
    }
    group.addChild(root);
  }

  /** Takes `root` out of segment `k`; a segment left empty is dropped. */
  take(root: Container, k: number): void {
    const group = this.groups.get(k);
    if (!group) return;
    group.removeChild(root);
    if (group.children.length > 0) return;
    group.destroy();
    this.groups.delete(k);
  }

  /** Drops every segment (their nodes are the scene's to destroy first). */
  clear(): void {
    for (const group of this.groups.values()) group.destroy({ children: false });
    this.groups.clear();
    this.layer.removeChildren();
  }
}
