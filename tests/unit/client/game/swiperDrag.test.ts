// @vitest-environment jsdom
/** Pointer drags on the band drive the swiper: horizontal drags move and snap, vertical ones scroll, a second finger cancels. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachSwiperDrag } from '../../../../src/client/game/home/swiperDrag';
import { SwiperModel } from '../../../../src/client/game/home/swiperModel';
import { SLIDE_SPACING } from '../../../../src/client/game/home/slideLook';

const WIDTH = 400;

function pointer(type: string, id: number, x: number, y: number, target: Element): void {
  const e = new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 });
  Object.assign(e, { pointerId: id, pointerType: 'touch' });
  target.dispatchEvent(e);
}

describe('attachSwiperDrag', () => {
  let el: HTMLDivElement;
  let model: SwiperModel;
  let detach: () => void;

  beforeEach(() => {
    el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: WIDTH });
    document.body.appendChild(el);
    model = new SwiperModel();
    model.setCount(4);
    detach = attachSwiperDrag(el, model);
  });
  afterEach(() => {
    detach();
    el.remove();
  });

  it('follows a horizontal drag in slide widths and snaps to the next slide', () => {
    pointer('pointerdown', 1, 300, 100, el);
    pointer('pointermove', 1, 300 - WIDTH * SLIDE_SPACING * 0.5, 104, el);
    expect(model.position).toBeCloseTo(0.5);
    pointer('pointerup', 1, 300 - WIDTH * SLIDE_SPACING * 0.5, 104, el);
    expect(model.index).toBe(1);
  });

  it('leaves a vertical drag to the page', () => {
    pointer('pointerdown', 1, 200, 100, el);
    pointer('pointermove', 1, 190, 200, el);
    pointer('pointermove', 1, 50, 210, el);
    pointer('pointerup', 1, 50, 210, el);
    expect(model.index).toBe(0);
    expect(model.dragging).toBe(false);
  });

  it('cancels on a second finger, and ignores drags that start on a button', () => {
    pointer('pointerdown', 1, 300, 100, el);
    pointer('pointerdown', 2, 100, 100, el);
    pointer('pointermove', 1, 50, 100, el);
    pointer('pointerup', 1, 50, 100, el);
    expect(model.index).toBe(0);
    const button = document.createElement('button');
    el.appendChild(button);
    pointer('pointerdown', 3, 300, 100, button);
    expect(model.dragging).toBe(false);
  });
});
