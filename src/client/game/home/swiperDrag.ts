/**
 * Wires finger and mouse drags on the home band to the swiper model: the row follows the pointer and snaps
 * when it lifts. A mostly vertical drag is left to the page's scroll; a second finger cancels.
 */
import type { SwiperModel } from './swiperModel';
import { SLIDE_SPACING } from './slideLook';

/** Travel (CSS px) before a drag's direction is decided. */
const DECIDE_PX = 8;

/** Listens for drags on `el`; returns the teardown. */
export function attachSwiperDrag(el: HTMLElement, model: SwiperModel): () => void {
  let active: { id: number; x: number; y: number; horizontal: boolean | null } | null = null;

  const down = (e: PointerEvent) => {
    if (active) {
      // A second pointer: a pinch or a stray touch, never a swipe.
      active = null;
      model.dragCancel();
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // Buttons on the band (arrows, dots) take their own clicks.
    if ((e.target as Element | null)?.closest?.('button')) return;
    active = { id: e.pointerId, x: e.clientX, y: e.clientY, horizontal: null };
    model.dragStart();
  };
  const move = (e: PointerEvent) => {
    if (!active || e.pointerId !== active.id) return;
    const dx = e.clientX - active.x;
    const dy = e.clientY - active.y;
    if (active.horizontal === null && Math.max(Math.abs(dx), Math.abs(dy)) >= DECIDE_PX) {
      active.horizontal = Math.abs(dx) >= Math.abs(dy);
      if (!active.horizontal) {
        active = null;
        model.dragCancel();
        return;
      }
      el.setPointerCapture?.(e.pointerId);
    }
    if (active.horizontal) model.dragTo(dx / Math.max(1, el.clientWidth * SLIDE_SPACING));
  };
  const up = (e: PointerEvent) => {
    if (!active || e.pointerId !== active.id) return;
    move(e);
    active = null;
    model.dragEnd();
  };
  const cancel = (e: PointerEvent) => {
    if (!active || e.pointerId !== active.id) return;
    active = null;
    model.dragCancel();
  };

  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', cancel);
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
  };
}
