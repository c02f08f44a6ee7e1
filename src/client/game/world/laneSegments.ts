/**
 * The masters of the lane, split into Pixi render groups by lane segment. Pixi v8 rebuilds a render group's
 * whole draw list whenever one of its children is shown, hidden, added or removed: with every master in the
 * lane's group, a cull flip at the screen's edge rebuilt the draw list of everyone on screen (4–13 ms at ×4
 * throttling). Split by SEGMENT_WIDTH, a flip rebuilds one segment's list. A node keeps its segment while
 * its way stays within SEGMENT_SLACK of it, so a master pacing on a segment's edge does not move back and
 * forth (a move rebuilds two segments). A segment with no master drawn is hidden, and dropped when its last
 * master leaves: Pixi visits every render group each frame, and draws each shown one as batches of its own.
 */
import { Container } from 'pixi.js';

/** Coordinates per segment: a phone screen at forum size 1 spans about one (each drawn segment is a draw call or more). */
export const SEGMENT_WIDTH = 1024;
/** How far a node may stand or walk past its segment's edges before it moves to another segment. */
export const SEGMENT_SLACK = 256;

/** The segment a coordinate falls in. */
export const segmentOf = (coordinate: number): number => Math.floor(coordinate / SEGMENT_WIDTH);

/** Whether a node walking from `from` to `to` may stay in segment `k`. */
export function staysIn(k: number, from: number, to: number): boolean {
  return Math.min(from, to) >= k * SEGMENT_WIDTH - SEGMENT_SLACK && Math.max(from, to) <= (k + 1) * SEGMENT_WIDTH + SEGMENT_SLACK;
}

interface Segment {
  group: Container;
  /** How many of its masters are drawn (visible). */
  shown: number;
}

/** The segments' render groups, in lane order under one layer. */
export class LaneSegments {
  private readonly groups = new Map<number, Segment>();

  constructor(private readonly layer: Container) {}

  /** How many segments hold a node. */
  get size(): number {
    return this.groups.size;
  }

  /** Adds `root` to segment `k` (made, in lane order, when new). */
  put(root: Container, k: number): void {
    let segment = this.groups.get(k);
    if (!segment) {
      segment = { group: new Container({ isRenderGroup: true }), shown: 0 };
      segment.group.visible = false;
      let at = 0;
      for (const other of this.groups.keys()) if (other < k) at++;
      this.layer.addChildAt(segment.group, at);
      this.groups.set(k, segment);
    }
    segment.group.addChild(root);
    if (root.visible) this.count(segment, 1);
  }

  /** Takes `root` out of segment `k`; a segment left empty is dropped. */
  take(root: Container, k: number): void {
    const segment = this.groups.get(k);
    if (!segment) return;
    if (root.visible) this.count(segment, -1);
    segment.group.removeChild(root);
    if (segment.group.children.length > 0) return;
    segment.group.destroy();
    this.groups.delete(k);
  }

  /** A master of segment `k` was shown or hidden (its root's `visible` already set). */
  shownChanged(k: number, shown: boolean): void {
    const segment = this.groups.get(k);
    if (segment) this.count(segment, shown ? 1 : -1);
  }

  /** Drops every segment (their nodes are the scene's to destroy first). */
  clear(): void {
    for (const segment of this.groups.values()) segment.group.destroy({ children: false });
    this.groups.clear();
    this.layer.removeChildren();
  }

  private count(segment: Segment, delta: number): void {
    segment.shown += delta;
    // Hidden, a segment costs the lane's draw list no batch break and Pixi no draw of an empty group.
    segment.group.visible = segment.shown > 0;
  }
}
