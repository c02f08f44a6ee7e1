/**
 * Which masters and inscriptions the world draws: those on screen plus a margin, out of up to hundreds
 * along a lane of 22620. Every flip between drawn and culled makes Pixi rebuild the lane's draw list, so
 * flips are kept rare and bunched: the cull looks from the camera snapped to a grid of CULL_STEP
 * coordinates (a gliding camera flips what it passes in one frame per step, not one or two every frame),
 * with the margin widened by half a step so nothing pops in; it judges a walking avatar by its whole way
 * to where it heads, so a walk flips it at most when reported, not while it eases; and a drawn node stays
 * drawn a little further than it takes to come on. Headless; the scene keeps the answer per node.
 */
import type { Camera } from './camera';

/** Half width (coordinates) of the widest master or inscription with its name, pipe smoke and title. */
export const NODE_HALF_WIDTH = 240;
/** The grid the cull's camera snaps to (coordinates). */
export const CULL_STEP = 128;
/** Extra coordinates a drawn node may wander past the margin before it is culled. */
export const CULL_HYSTERESIS = 160;

/** The grid point the cull looks from: the cull needs redoing only when it (or the zoom) changes. */
export function cullStep(cam: Camera): number {
  return Math.round(cam.own / CULL_STEP);
}

/** Whether a node at `coordinate` is drawn, given whether it is drawn now. */
export function shownAt(cam: Camera, coordinate: number, shown: boolean): boolean {
  const own = cullStep(cam) * CULL_STEP;
  const half = (NODE_HALF_WIDTH + CULL_STEP / 2 + (shown ? CULL_HYSTERESIS : 0)) * cam.zoom;
  // The camera's screen x of `coordinate`, seen from the snapped own coordinate.
  const x = cam.centreX + (coordinate - own) * cam.zoom;
  return x + half >= 0 && x - half <= cam.viewWidth;
}

/** Whether a node walking from `from` to `to` is drawn: whether any point of its way would be. */
export function shownAlong(cam: Camera, from: number, to: number, shown: boolean): boolean {
  const own = cullStep(cam) * CULL_STEP;
  const nearest = Math.min(Math.max(own, Math.min(from, to)), Math.max(from, to));
  return shownAt(cam, nearest, shown);
}
