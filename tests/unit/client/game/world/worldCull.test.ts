/**
 * The world cull: on screen plus a margin from a snapped camera, a walker judged by its whole way, and a
 * drawn node stays drawn a little further.
 */
import { describe, expect, it } from 'vitest';
import { inView, type Camera } from '../../../../../src/client/game/world/camera';
import { CULL_HYSTERESIS, CULL_STEP, cullStep, NODE_HALF_WIDTH, shownAlong, shownAt } from '../../../../../src/client/game/world/worldCull';

const cam = (own: number, zoom = 1): Camera => ({ centreX: 540, own, zoom, viewWidth: 1080 });
// The widest shown margin past the screen's edge, for a camera on the grid.
const MARGIN = NODE_HALF_WIDTH + CULL_STEP / 2;

describe('shownAt', () => {
  it('shows what is on screen or within the margin of its edges', () => {
    const c = cam(5120);
    expect(shownAt(c, 5120, false)).toBe(true);
    expect(shownAt(c, 5120 + 540 + MARGIN, false)).toBe(true);
    expect(shownAt(c, 5120 + 540 + MARGIN + 1, false)).toBe(false);
    expect(shownAt(c, 5120 - 540 - MARGIN - 1, false)).toBe(false);
    expect(shownAt(c, 20000, true)).toBe(false);
  });

  it('never culls a node that is in view, wherever the camera stands between grid points', () => {
    for (let own = 5000; own < 5000 + 2 * CULL_STEP; own += 7) {
      for (let x = own - 900; x <= own + 900; x += 13) {
        if (inView(cam(own), x, NODE_HALF_WIDTH)) expect(shownAt(cam(own), x, false)).toBe(true);
      }
    }
  });

  it('flips nothing while the camera moves within one grid step', () => {
    const xs = Array.from({ length: 400 }, (_, i) => 3000 + i * 11);
    const at = (own: number) => xs.map((x) => shownAt(cam(own), x, false));
    const start = at(5120 - CULL_STEP / 2 + 1);
    for (let own = 5120 - CULL_STEP / 2 + 1; own < 5120 + CULL_STEP / 2; own += 3) expect(at(own)).toEqual(start);
    expect(at(5120 + CULL_STEP)).not.toEqual(start);
  });

  it('keeps a drawn node until it is the hysteresis further out, so pacing at the edge does not flip it', () => {
    const edge = 5120 + 540 + MARGIN;
    let shown = shownAt(cam(5120), edge - 10, false);
    expect(shown).toBe(true);
    // Pacing ±100 around the edge: shown throughout.
    for (const x of [edge + 90, edge - 100, edge + 100, edge - 50]) {
      shown = shownAt(cam(5120), x, shown);
      expect(shown).toBe(true);
    }
    expect(shownAt(cam(5120), edge + CULL_HYSTERESIS, true)).toBe(true);
    expect(shownAt(cam(5120), edge + CULL_HYSTERESIS + 1, true)).toBe(false);
    // Once culled it needs to come back within the plain margin.
    expect(shownAt(cam(5120), edge + 100, false)).toBe(false);
  });

  it('scales its margins with the zoom (forum size 2 sees twice as far)', () => {
    expect(shownAt(cam(5120, 0.5), 5120 + 1080 + MARGIN, false)).toBe(true);
    expect(shownAt(cam(5120, 0.5), 5120 + 1080 + MARGIN + 1, false)).toBe(false);
  });

  it('judges a walker by its whole way, so easing along it never flips it', () => {
    const c = cam(5120);
    const far = 5120 + 540 + MARGIN + 500;
    // Walking from off screen onto it, or from it off screen: shown from the report on.
    expect(shownAlong(c, far, 5200, false)).toBe(true);
    expect(shownAlong(c, 5200, far, false)).toBe(true);
    // Across the whole screen, both ends off it.
    expect(shownAlong(c, 5120 - 3000, far, false)).toBe(true);
    // Entirely off screen on one side.
    expect(shownAlong(c, far, far + 300, false)).toBe(false);
    expect(shownAlong(c, far, far, false)).toBe(shownAt(c, far, false));
    // The cull's grid point moves once per step.
    expect(cullStep(cam(5120 + CULL_STEP / 2 - 1))).toBe(cullStep(c));
    expect(cullStep(cam(5120 + CULL_STEP))).toBe(cullStep(c) + 1);
  });
});
