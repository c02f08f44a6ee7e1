/** The headless swiper: steps without wrapping, drag and snap, rubber band at the ends, the settle animation. */
import { describe, expect, it } from 'vitest';
import { RUBBER, SNAP_FRACTION, SwiperModel } from '../../../../src/client/game/home/swiperModel';

function model(count: number, index = 0) {
  const m = new SwiperModel();
  m.setCount(count);
  m.goTo(index, false);
  return m;
}

describe('SwiperModel', () => {
  it('steps with the arrows and stops at both ends', () => {
    const m = model(3);
    const seen: number[] = [];
    m.onIndex((i) => seen.push(i));
    m.step(-1);
    expect(m.index).toBe(0);
    m.step(1);
    m.step(1);
    m.step(1);
    expect(m.index).toBe(2);
    expect(seen).toEqual([1, 2]);
  });

  it('follows the finger and snaps to the next slide past the threshold', () => {
    const m = model(5, 1);
    m.dragStart();
    m.dragTo(-0.4);
    expect(m.position).toBeCloseTo(1.4);
    m.dragEnd();
    expect(m.index).toBe(2);
  });

  it('snaps back after a short drag', () => {
    const m = model(5, 2);
    m.dragStart();
    m.dragTo(SNAP_FRACTION * 0.9);
    m.dragEnd();
    expect(m.index).toBe(2);
  });

  it('moves several slides after a long drag, and goes back to the previous one on a right drag', () => {
    const m = model(6, 1);
    m.dragStart();
    m.dragTo(-2.2);
    m.dragEnd();
    expect(m.index).toBe(3);
    m.dragStart();
    m.dragTo(0.3);
    m.dragEnd();
    expect(m.index).toBe(2);
  });

  it('rubber-bands past either end and stays in range', () => {
    const m = model(3, 0);
    m.dragStart();
    m.dragTo(1);
    expect(m.position).toBeCloseTo(-RUBBER);
    m.dragEnd();
    expect(m.index).toBe(0);
    m.goTo(2, false);
    m.dragStart();
    m.dragTo(-1);
    expect(m.position).toBeCloseTo(2 + RUBBER);
    m.dragEnd();
    expect(m.index).toBe(2);
  });

  it('settles the drawn position onto the chosen slide over a few frames, not while dragging', () => {
    const m = model(4);
    m.step(1);
    expect(m.position).toBe(0);
    m.update(16);
    expect(m.position).toBeGreaterThan(0);
    expect(m.position).toBeLessThan(1);
    for (let i = 0; i < 60; i++) m.update(16);
    expect(m.position).toBe(1);
    m.dragStart();
    m.dragTo(-0.5);
    m.update(1000);
    expect(m.position).toBeCloseTo(1.5);
    m.dragCancel();
    expect(m.index).toBe(1);
  });

  it('clamps the index when slides disappear, and handles none', () => {
    const m = model(5, 4);
    m.setCount(2);
    expect(m.index).toBe(1);
    m.setCount(0);
    expect(m.index).toBe(0);
    m.step(1);
    expect(m.index).toBe(0);
  });
});
