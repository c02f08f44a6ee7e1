/**
 * The swipe law: velocity from drag travel over time, clamped to ±13.5 per 30 fps step, × 0.9 per 40 ms
 * after release, stopping under 0.1; walls stop the avatar; the same drag walks the same distance at any
 * frame rate.
 */
import { describe, expect, it } from 'vitest';
import { DECAY, Inertia, MAX_VELOCITY, STEP_MS } from '../../../../../src/client/game/world/inertia';
import { DITCH, FORUM, ROOM_MAX, SENATE_GATE, type Walker } from '../../../../../src/shared/rules/world';

const plain: Walker = { titled: false, puff: false };
const puff: Walker = { titled: false, puff: true };

/** A swipe: finger down at t=0, `moves` moves of `delta` each 10 ms, release; then `frameMs` frames. */
function swipe(frameMs: number, delta = 20, moves = 5, totalMs = 4000, walker: Walker = puff, start = 15000) {
  const i = new Inertia(FORUM, () => walker);
  i.place(FORUM, start, false);
  let t = 0;
  i.dragStart(0);
  for (let k = 1; k <= moves; k++) {
    const at = k * 10;
    i.update(at - t);
    t = at;
    i.dragBy(delta, at);
  }
  i.dragEnd();
  while (t < totalMs) {
    i.update(frameMs);
    t += frameMs;
  }
  return i;
}

describe('Inertia', () => {
  it('adds travel over time to the velocity, clamped to ±13.5', () => {
    const i = new Inertia(FORUM, () => puff);
    i.place(FORUM, 15000, false);
    i.dragStart(0);
    i.dragBy(30, 10);
    expect(i.velocity).toBe(3);
    i.dragBy(-10, 20);
    expect(i.velocity).toBe(2);
    i.dragBy(1000, 21);
    expect(i.velocity).toBe(MAX_VELOCITY);
    i.dragBy(-10_000, 22);
    expect(i.velocity).toBe(-MAX_VELOCITY);
    expect(i.flip).toBe(true);
  });

  it('walks the velocity each 30 fps step while dragging, without decay', () => {
    const i = new Inertia(FORUM, () => puff);
    i.place(FORUM, 15000, false);
    i.dragStart(0);
    i.dragBy(50, 10); // 5 per step
    i.update(STEP_MS * 10 + 0.001);
    expect(i.coordinate).toBeCloseTo(15050, 6);
    expect(i.velocity).toBe(5);
    expect(i.moving).toBe(true);
  });

  it('decays × 0.9 per 40 ms tick after release and stops under 0.1', () => {
    const i = new Inertia(FORUM, () => puff);
    i.place(FORUM, 15000, false);
    i.dragStart(0);
    i.dragBy(100, 10);
    i.dragEnd();
    i.update(40);
    expect(i.velocity).toBeCloseTo(10 * DECAY, 9);
    i.update(40);
    expect(i.velocity).toBeCloseTo(10 * DECAY ** 2, 9);
    // 10 × 0.9^n < 0.1 from n = 44.
    for (let k = 0; k < 41; k++) i.update(40);
    expect(i.velocity).toBeGreaterThan(0);
    i.update(40);
    expect(i.velocity).toBe(0);
    expect(i.moving).toBe(false);
    const at = i.coordinate;
    expect(i.update(1000)).toBe(false);
    expect(i.coordinate).toBe(at);
  });

  it('is frame-rate independent', () => {
    const at60 = swipe(1000 / 60);
    const at30 = swipe(1000 / 30);
    const at144 = swipe(1000 / 144);
    const at17 = swipe(17);
    expect(at60.velocity).toBe(0);
    expect(Math.abs(at60.coordinate - at30.coordinate)).toBeLessThan(1e-6);
    expect(Math.abs(at60.coordinate - at144.coordinate)).toBeLessThan(1e-6);
    expect(Math.abs(at60.coordinate - at17.coordinate)).toBeLessThan(1e-6);
    expect(at60.coordinate).toBeGreaterThan(15000);
  });

  it('stops at the walker limits and the room end', () => {
    const back = swipe(16, -1000, 5, 60_000, plain, 10700);
    expect(back.coordinate).toBe(SENATE_GATE);
    expect(back.velocity).toBe(0);
    expect(back.flip).toBe(true);
    const on = swipe(16, 1000, 5, 60_000, puff, 22500);
    expect(on.coordinate).toBe(ROOM_MAX[FORUM]);
    const withPuff = swipe(16, -1000, 5, 60_000, puff, 100);
    expect(withPuff.coordinate).toBe(0);
  });

  it('places and reports integer wire coordinates clamped for the room', () => {
    const i = new Inertia(FORUM, () => plain);
    i.place(FORUM, 100, false);
    expect(i.coordinate).toBe(SENATE_GATE);
    i.place(DITCH, 9999.4, true);
    expect(i.coordinate).toBe(ROOM_MAX[DITCH]);
    expect(i.flip).toBe(true);
    i.place(FORUM, 12000.6, false);
    expect(i.wireCoordinate).toBe(12001);
  });

  it('does not replay more than a second after a long pause', () => {
    const i = new Inertia(FORUM, () => puff);
    i.place(FORUM, 1000, false);
    i.dragStart(0);
    i.dragBy(135, 10);
    i.update(60_000);
    // One second of 30 fps steps (29 or 30 by float rounding), not a minute's.
    expect(i.coordinate).toBeGreaterThanOrEqual(1000 + 29 * MAX_VELOCITY);
    expect(i.coordinate).toBeLessThanOrEqual(1000 + 30 * MAX_VELOCITY);
  });
});
