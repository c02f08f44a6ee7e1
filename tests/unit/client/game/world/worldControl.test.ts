/** Pointers drive the walk; a press that never travelled is a tap; a second finger is ignored. */
import { describe, expect, it } from 'vitest';
import { WorldControl } from '../../../../../src/client/game/world/worldControl';
import { FORUM } from '../../../../../src/shared/rules/world';

const control = () => {
  const c = new WorldControl(() => ({ titled: false, puff: true }));
  c.inertia.place(FORUM, 15000, false);
  return c;
};

describe('WorldControl', () => {
  it('turns a finger moving left into a walk toward the end (facing right), scaled by the zoom', () => {
    const c = control();
    c.zoom = 0.5;
    c.pointerDown(1, 600, 1200, 0);
    c.pointerMove(1, 580, 1200, 10);
    expect(c.inertia.velocity).toBe(4); // 20 px / 0.5 zoom over 10 ms
    expect(c.inertia.flip).toBe(false);
    c.pointerMove(1, 700, 1200, 20);
    expect(c.inertia.flip).toBe(true);
    c.pointerUp(1, 700, 1200, 30);
    expect(c.takeTap()).toBeNull();
  });

  it('reports a press without travel as a tap, once', () => {
    const c = control();
    c.pointerDown(1, 300, 1100, 0);
    c.pointerMove(1, 305, 1102, 50);
    c.pointerUp(1, 305, 1102, 100);
    expect(c.takeTap()).toEqual({ x: 300, y: 1100 });
    expect(c.takeTap()).toBeNull();
  });

  it('ignores a second finger and gives no tap on cancel', () => {
    const c = control();
    c.pointerDown(1, 300, 1100, 0);
    c.pointerDown(2, 900, 1100, 5);
    c.pointerMove(2, 100, 1100, 10);
    expect(c.inertia.velocity).toBe(0);
    c.pointerUp(2, 100, 1100, 20);
    c.pointerCancel(1);
    expect(c.takeTap()).toBeNull();
    c.pointerDown(2, 500, 1100, 30);
    c.pointerUp(2, 500, 1100, 40);
    expect(c.takeTap()).toEqual({ x: 500, y: 1100 });
  });
});
