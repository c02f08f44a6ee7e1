// @vitest-environment jsdom
/**
 * The eidol scene without a renderer: it shows the angle of the risk control (whose context the screen's feed
 * writes), follows a swipe, and redraws the risk drawing only on frames where the angle moved (idle frames
 * change nothing); it asks for frames only while the player's angle holds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EidolScene } from '../../../../../src/client/game/eidol/eidolScene';
import { RiskAngleControl } from '../../../../../src/client/game/eidol/riskAngleControl';
import { feedRiskContext } from '../../../../../src/client/game/eidol/riskContextFeed';
import { atom } from 'nanostores';
import { RiskDrawing } from '../../../../../src/client/game/eidol/riskDrawing';
import { $eidolBands, $riskAngle } from '../../../../../src/client/game/eidol/eidolStores';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { makeUser } from '../../machines/fixtures';
import { makeEidol, makeGame } from './fixtures';

const layout = { width: 412, height: 915, left: 0, scale: 412 / 1080, designHeight: 915 / (412 / 1080) };

afterEach(() => vi.restoreAllMocks());

describe('EidolScene', () => {
  it('shows the fed round, follows a swipe and redraws only when the angle moves', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const control = new RiskAngleControl({ now: () => now, bid: () => {} });
    const scene = new EidolScene(control, { now: () => now });
    const sets = vi.spyOn(RiskDrawing.prototype, 'set');
    $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 5, multiplier: 1.5 })], '2026-01-01 10:05:00'), clockOffsetMs: 0 });
    $selectedEidolId.set(5);
    $eidolBands.set({ eidol: { top: 0, height: 800 }, candles: null, numbers: null });
    const stopFeed = feedRiskContext(control, { now: () => now }, atom(true));
    const children: unknown[] = [];
    scene.show({ addChild: (c) => children.push(c), removeChildren: () => children.splice(0) }, layout);
    scene.update(16);
    expect(control.canBid()).toBe(true);
    expect($riskAngle.get()).toBe(45);
    const afterFirst = sets.mock.calls.length;
    for (let i = 0; i < 10; i++) scene.update(16);
    expect(sets.mock.calls.length).toBe(afterFirst);
    // Nothing to animate: the stage may sleep.
    expect(scene.animating()).toBe(false);
    control.touchStart(1, 500, 300);
    control.touchMove(1, 450);
    scene.update(16);
    // The player's angle holds for 4 s after the touch, then gives way to the server's: frames until then.
    expect(scene.animating()).toBe(true);
    control.touchMove(1, 400);
    scene.update(16);
    scene.update(16); // held still: nothing to redraw
    expect(sets.mock.calls.length).toBe(afterFirst + 2);
    expect($riskAngle.get()).toBeGreaterThan(45);
    // The round locks: the control stops taking bids.
    $game.set({ ...$game.get(), game: makeGame([makeEidol({ id: 5, multiplier: 1.5 })], '2026-01-01 09:59:59') });
    scene.update(16);
    expect(control.canBid()).toBe(false);
    stopFeed();
    scene.hide();
    scene.reset();
  });
});

describe('RiskDrawing', () => {
  it('leans the rays inward by ±L, stretches them by 1 + min(sec L − 1, 3) and tints everything', () => {
    const d = new RiskDrawing();
    d.layout(1080, 0, 800, 540, 80);
    d.set(60, 60, 0x123456);
    const [left, right, leftArc, rightArc, dot] = d.view.children as Array<{
      rotation: number;
      scale: { x: number; y: number };
      tint: number;
      x: number;
      y: number;
    }>;
    expect(left!.rotation).toBeCloseTo(Math.PI / 3, 12);
    expect(right!.rotation).toBeCloseTo(-Math.PI / 3, 12);
    expect(left!.scale.y).toBeCloseTo(2, 12);
    expect(right!.scale.x).toBe(-1);
    expect([left!.x, left!.y, right!.x, right!.y]).toEqual([0, 800, 1080, 800]);
    expect(rightArc!.scale.x).toBe(-1);
    expect(dot!.scale.x).toBeCloseTo(7 + 1.6 * 4, 9);
    for (const c of [left, right, leftArc, rightArc, dot]) expect(c!.tint).toBe(0x123456);
    d.destroy();
  });
});
