/**
 * Horizontal swipes from touch and mouse drags. The tracker is headless (tests feed it points); attachSwipe
 * wires it to an element's touch and mouse events. Only the finger that started counts, and a second finger
 * cancels, so pinches never read as swipes.
 */

/** Horizontal travel (CSS px) that makes a swipe. */
export const SWIPE_MIN_PX = 40;
/** A drag more vertical than this ratio (|dy| / |dx|) is a scroll, not a swipe. */
export const SWIPE_MAX_SLOPE = 1;

/** Direction of a swipe: `left` means the finger moved left (show the next choice). */
export type SwipeDirection = 'left' | 'right';

/** Headless swipe recogniser. */
export class SwipeTracker {
  private start: { id: number; x: number; y: number } | null = null;
  private last: { x: number; y: number } | null = null;

  /** A pointer went down; a second pointer while one is down cancels the gesture. */
  down(id: number, x: number, y: number): void {
    if (this.start) {
      this.cancel();
      return;
    }
    this.start = { id, x, y };
    this.last = { x, y };
  }

  /** A pointer moved; other pointers than the starting one are ignored. */
  move(id: number, x: number, y: number): void {
    if (this.start?.id === id) this.last = { x, y };
  }

  /** The pointer went up; returns the swipe it made, if any. */
  up(id: number, x?: number, y?: number): SwipeDirection | null {
    if (!this.start || this.start.id !== id) return null;
    const end = x !== undefined && y !== undefined ? { x, y } : this.last!;
    const dx = end.x - this.start.x;
    const dy = end.y - this.start.y;
    this.cancel();
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx) * SWIPE_MAX_SLOPE) return null;
    return dx < 0 ? 'left' : 'right';
  }

  /** Forgets the gesture. */
  cancel(): void {
    this.start = null;
    this.last = null;
  }

  /** Whether a gesture is in progress. */
  get active(): boolean {
    return this.start !== null;
  }
}

/** Mouse id used by the tracker (touch identifiers are small non-negative integers). */
const MOUSE_ID = -1;
/** Mouse events this soon after a touch are the browser's emulation of that touch: ignore them. */
const EMULATED_MOUSE_MS = 800;

/** Listens for swipes on `el` by touch and by mouse drag; returns the teardown. */
export function attachSwipe(el: HTMLElement, onSwipe: (dir: SwipeDirection) => void): () => void {
  const tracker = new SwipeTracker();
  let lastTouch = -Infinity;
  const emit = (dir: SwipeDirection | null) => dir && onSwipe(dir);

  const touchStart = (e: TouchEvent) => {
    lastTouch = e.timeStamp;
    if (e.touches.length > 1) return tracker.cancel();
    const t = e.changedTouches[0];
    if (t) tracker.down(t.identifier, t.clientX, t.clientY);
  };
  const touchMove = (e: TouchEvent) => {
    for (const t of Array.from(e.changedTouches)) tracker.move(t.identifier, t.clientX, t.clientY);
  };
  const touchEnd = (e: TouchEvent) => {
    lastTouch = e.timeStamp;
    for (const t of Array.from(e.changedTouches)) emit(tracker.up(t.identifier, t.clientX, t.clientY));
  };
  const mouseDown = (e: MouseEvent) => {
    if (e.button !== 0 || e.timeStamp - lastTouch < EMULATED_MOUSE_MS) return;
    tracker.down(MOUSE_ID, e.clientX, e.clientY);
    window.addEventListener('mousemove', mouseMove);
    window.addEventListener('mouseup', mouseUp);
  };
  const mouseMove = (e: MouseEvent) => tracker.move(MOUSE_ID, e.clientX, e.clientY);
  const mouseUp = (e: MouseEvent) => {
    window.removeEventListener('mousemove', mouseMove);
    window.removeEventListener('mouseup', mouseUp);
    emit(tracker.up(MOUSE_ID, e.clientX, e.clientY));
  };
  const touchCancel = () => tracker.cancel();

  el.addEventListener('touchstart', touchStart, { passive: true });
  el.addEventListener('touchmove', touchMove, { passive: true });
  el.addEventListener('touchend', touchEnd);
  el.addEventListener('touchcancel', touchCancel);
  el.addEventListener('mousedown', mouseDown);
  return () => {
    el.removeEventListener('touchstart', touchStart);
    el.removeEventListener('touchmove', touchMove);
    el.removeEventListener('touchend', touchEnd);
    el.removeEventListener('touchcancel', touchCancel);
    el.removeEventListener('mousedown', mouseDown);
    window.removeEventListener('mousemove', mouseMove);
    window.removeEventListener('mouseup', mouseUp);
  };
}
