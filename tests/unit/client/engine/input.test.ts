// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { attachSwipe, SwipeTracker, SWIPE_MIN_PX, type SwipeDirection } from '../../../../src/client/engine/input';

describe('SwipeTracker', () => {
  it('reads a horizontal drag past the threshold as a swipe', () => {
    const t = new SwipeTracker();
    t.down(1, 200, 100);
    t.move(1, 120, 110);
    expect(t.up(1)).toBe('left');
    t.down(1, 100, 100);
    expect(t.up(1, 100 + SWIPE_MIN_PX, 100)).toBe('right');
  });

  it('ignores short drags, vertical drags, other fingers and multi-touch starts', () => {
    const t = new SwipeTracker();
    t.down(1, 100, 100);
    expect(t.up(1, 100 + SWIPE_MIN_PX - 1, 100)).toBeNull();
    t.down(1, 100, 100);
    expect(t.up(1, 160, 200)).toBeNull();
    t.down(1, 100, 100);
    t.move(2, 0, 100);
    expect(t.up(2, 0, 100)).toBeNull();
    expect(t.up(1, 300, 100)).toBe('right');
    t.down(1, 100, 100);
    t.down(2, 100, 100);
    expect(t.active).toBe(false);
    expect(t.up(1, 300, 100)).toBeNull();
  });
});

function touch(el: Element, type: string, id: number, x: number, y: number, touches = 1) {
  const e = new Event(type, { bubbles: true });
  const point = { identifier: id, clientX: x, clientY: y };
  Object.defineProperty(e, 'changedTouches', { value: [point] });
  Object.defineProperty(e, 'touches', { value: Array.from({ length: type === 'touchend' ? touches - 1 : touches }, () => point) });
  el.dispatchEvent(e);
}

describe('attachSwipe', () => {
  it('recognises touch swipes and mouse drags, and stops listening on teardown', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    const seen: SwipeDirection[] = [];
    const stop = attachSwipe(el, (d) => seen.push(d));

    touch(el, 'touchstart', 0, 300, 50);
    touch(el, 'touchmove', 0, 200, 52);
    touch(el, 'touchend', 0, 180, 52);
    expect(seen).toEqual(['left']);

    // The mouse events a browser emulates right after a touch are not a second swipe.
    el.dispatchEvent(new MouseEvent('mousedown', { button: 0, clientX: 300, clientY: 50, bubbles: true }));
    window.dispatchEvent(new MouseEvent('mouseup', { clientX: 100, clientY: 50 }));
    expect(seen).toEqual(['left']);

    stop();
    touch(el, 'touchstart', 0, 300, 50);
    touch(el, 'touchend', 0, 100, 50);
    expect(seen).toEqual(['left']);
  });

  it('recognises a mouse drag', async () => {
    const el = document.createElement('div');
    const seen: SwipeDirection[] = [];
    const stop = attachSwipe(el, (d) => seen.push(d));
    el.dispatchEvent(new MouseEvent('mousedown', { button: 0, clientX: 100, clientY: 50 }));
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: 180, clientY: 55 }));
    window.dispatchEvent(new MouseEvent('mouseup', { clientX: 190, clientY: 55 }));
    expect(seen).toEqual(['right']);
    stop();
  });
});
