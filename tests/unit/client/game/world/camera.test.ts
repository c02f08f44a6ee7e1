/** The world camera: the own avatar at the centre, zoom by forum size, tiles, culling and tap picking. */
import { describe, expect, it } from 'vitest';
import { coordinateAt, inView, pickAt, screenX, tileXs, zoomOf, type Camera } from '../../../../../src/client/game/world/camera';

const cam = (own: number, zoom = 1): Camera => ({ centreX: 540, own, zoom, viewWidth: 1080 });

describe('camera', () => {
  it('puts the own coordinate at the centre and scrolls the world by −coordinate × zoom', () => {
    expect(screenX(cam(5000), 5000)).toBe(540);
    expect(screenX(cam(5000), 5100)).toBe(640);
    expect(screenX(cam(5000, zoomOf(2)), 5100)).toBe(590);
    expect(coordinateAt(cam(5000, 0.5), 590)).toBe(5100);
    expect(zoomOf(1)).toBe(1);
  });

  it('culls what is off screen, with its half width', () => {
    expect(inView(cam(5000), 5000 + 540 + 50, 100)).toBe(true);
    expect(inView(cam(5000), 5000 + 540 + 150, 100)).toBe(false);
    expect(inView(cam(5000), 5000 - 640, 100)).toBe(true);
    expect(inView(cam(5000, 0.5), 5000 + 1150, 100)).toBe(true);
  });

  it('tiles a layer across the screen at its parallax factor', () => {
    const xs = tileXs(cam(0), 1, 1024);
    expect(xs[0]).toBeLessThanOrEqual(0);
    expect(xs[xs.length - 1]! + 1024).toBeGreaterThanOrEqual(1080);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBe(1024);
    // Walking 100 scrolls a half-speed layer by 50.
    const a = tileXs(cam(300), 0.5, 1024)[0]!;
    const b = tileXs(cam(400), 0.5, 1024)[0]!;
    expect((((a - b) % 1024) + 1024) % 1024).toBeCloseTo(50, 9);
    expect(tileXs(cam(12345, 0.5), 0.3, 1024).length).toBeGreaterThanOrEqual(3);
    // A kept array is refilled, not grown.
    const out = [1, 2, 3, 4, 5, 6, 7];
    expect(tileXs(cam(300), 0.5, 1024, out)).toBe(out);
    expect(out).toEqual(tileXs(cam(300), 0.5, 1024));
  });

  it('picks the nearest thing under a tap, or null on empty ground', () => {
    const things = [
      { id: 1, coordinate: 5000, halfWidth: 90, height: 260 },
      { id: 2, coordinate: 5100, halfWidth: 90, height: 260 },
    ];
    const ground = 1300;
    expect(pickAt(cam(5000), ground, 560, 1200, things)).toBe(1);
    expect(pickAt(cam(5000), ground, 600, 1200, things)).toBe(2);
    expect(pickAt(cam(5000), ground, 560, 900, things)).toBeNull();
    expect(pickAt(cam(5000), ground, 900, 1200, things)).toBeNull();
    expect(pickAt(cam(5000, 0.5), ground, 540 + 50 + 40, 1200, things)).toBe(2);
  });
});
