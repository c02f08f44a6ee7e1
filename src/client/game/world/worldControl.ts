/**
 * The world's input, headless: pointers (in design px) drive the own avatar's inertia, and a press that
 * never travelled is a tap the scene resolves against what it draws. One finger at a time: a second
 * finger is ignored. `attachWorldInput` wires it to the HUD's element over the stage.
 */
import { computeLayout } from '../../engine/resize';
import { $game } from '../../stores/game';
import { $session } from '../../stores/session';
import { FORUM, type Walker } from '../../../shared/rules/world';
import { Inertia } from './inertia';
import { walkerOf } from './worldWalker';

/** Travel (design px) under which a press is a tap. */
export const TAP_SLOP = 24;

/** A tap waiting for the scene, in design px. */
export interface Tap {
  x: number;
  y: number;
}

/** The own avatar's walk and the pending tap. */
export class WorldControl {
  /** The swipe law. */
  readonly inertia: Inertia;
  /** Design px per coordinate (the scene sets it from the forum size). */
  zoom = 1;
  private pointer: { id: number; startX: number; startY: number; x: number; dragged: boolean } | null = null;
  private tap: Tap | null = null;

  constructor(walker: () => Walker) {
    this.inertia = new Inertia(FORUM, walker);
  }

  /** A pointer went down; ignored while another is down. */
  pointerDown(id: number, x: number, y: number, atMs: number): void {
    if (this.pointer) return;
    this.pointer = { id, startX: x, startY: y, x, dragged: false };
    this.inertia.dragStart(atMs);
  }

  /** A pointer moved: once past the slop, its travel feeds the velocity (a finger moving left walks on). */
  pointerMove(id: number, x: number, y: number, atMs: number): void {
    const p = this.pointer;
    if (!p || p.id !== id) return;
    if (!p.dragged && Math.hypot(x - p.startX, y - p.startY) >= TAP_SLOP) p.dragged = true;
    this.inertia.dragBy(-(x - p.x) / this.zoom, atMs);
    p.x = x;
  }

  /** The pointer lifted: the walk decays; without travel it was a tap. */
  pointerUp(id: number, x: number, y: number, atMs: number): void {
    const p = this.pointer;
    if (!p || p.id !== id) return;
    this.pointerMove(id, x, y, atMs);
    this.pointer = null;
    this.inertia.dragEnd();
    if (!p.dragged) this.tap = { x: p.startX, y: p.startY };
  }

  /** The gesture was taken away (the browser scrolled, the tab hid): no tap. */
  pointerCancel(id: number): void {
    if (this.pointer?.id !== id) return;
    this.pointer = null;
    this.inertia.dragEnd();
  }

  /** The tap since the last call, once. */
  takeTap(): Tap | null {
    const t = this.tap;
    this.tap = null;
    return t;
  }
}

/** The app's one control (the HUD's input element and the scene share it). */
export const worldControl = new WorldControl(() => walkerOf($game.get().game, $session.get().user, Date.now() + $game.get().clockOffsetMs));

/** Feeds pointer events on `el` (an element over the stage) to `control`; returns the teardown. */
export function attachWorldInput(el: HTMLElement, control: WorldControl = worldControl): () => void {
  const at = (e: PointerEvent) => {
    const l = computeLayout(window.innerWidth, window.innerHeight);
    return { x: (e.clientX - l.left) / l.scale, y: e.clientY / l.scale };
  };
  const down = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if ((e.target as Element | null)?.closest?.('button')) return;
    const p = at(e);
    el.setPointerCapture?.(e.pointerId);
    control.pointerDown(e.pointerId, p.x, p.y, e.timeStamp);
  };
  const move = (e: PointerEvent) => {
    const p = at(e);
    control.pointerMove(e.pointerId, p.x, p.y, e.timeStamp);
  };
  const up = (e: PointerEvent) => {
    const p = at(e);
    control.pointerUp(e.pointerId, p.x, p.y, e.timeStamp);
  };
  const cancel = (e: PointerEvent) => control.pointerCancel(e.pointerId);
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
