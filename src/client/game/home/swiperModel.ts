/**
 * The home swiper, headless: which slide is chosen (`index`), where the row is drawn (`position`, in slide
 * widths, fractional while dragging or settling), the finger drag with a rubber band past either end, and
 * the snap when the finger lifts. The Pixi scene draws `position`; the HUD shows the caption of `index`.
 */
import { reducedMotion } from '../../engine/motion';

/** A drag shorter than this fraction of a slide snaps back. */
export const SNAP_FRACTION = 0.15;
/** Past either end the row follows the finger only this much (rubber band). */
export const RUBBER = 0.3;
/** Time constant of the settle animation (ms): after ~3× this the row rests on the slide. */
export const SETTLE_MS = 90;

/** The swiper model. */
export class SwiperModel {
  private countValue = 0;
  private indexValue = 0;
  private positionValue = 0;
  private drag: { from: number } | null = null;
  private readonly listeners = new Set<(index: number) => void>();

  /** Number of slides. */
  get count(): number {
    return this.countValue;
  }

  /** The chosen slide (0-based; 0 when there are none). */
  get index(): number {
    return this.indexValue;
  }

  /** Where the row is drawn, in slide widths: slide i sits at (i − position) widths from the centre. */
  get position(): number {
    return this.positionValue;
  }

  /** Whether a finger is dragging the row. */
  get dragging(): boolean {
    return this.drag !== null;
  }

  /** Calls `listener` whenever the chosen slide changes; returns the unsubscribe. */
  onIndex(listener: (index: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sets the number of slides, keeping the chosen one within range. */
  setCount(count: number): void {
    this.countValue = Math.max(0, Math.floor(count));
    this.goTo(this.indexValue, false);
  }

  /** Chooses slide `i` (clamped); the row settles there, or jumps when `animate` is false. */
  goTo(i: number, animate = true): void {
    const next = this.clamp(Math.round(i));
    if (!animate && !this.drag) this.positionValue = next;
    if (next === this.indexValue) return;
    this.indexValue = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  /** Steps by `delta` slides (arrow buttons); the ends do not wrap. */
  step(delta: number): void {
    this.goTo(this.indexValue + delta);
  }

  /** A finger went down on the row. */
  dragStart(): void {
    this.drag = { from: this.positionValue };
  }

  /**
   * The finger has moved `fraction` slide widths from where it went down (positive: to the right, which
   * brings the previous slide in). Past either end the row follows only RUBBER of the way.
   */
  dragTo(fraction: number): void {
    if (!this.drag) return;
    const raw = this.drag.from - fraction;
    const max = Math.max(0, this.countValue - 1);
    if (raw < 0) this.positionValue = raw * RUBBER;
    else if (raw > max) this.positionValue = max + (raw - max) * RUBBER;
    else this.positionValue = raw;
  }

  /** The finger lifted: a short drag snaps back, a longer one moves at least one slide, in its direction. */
  dragEnd(): void {
    if (!this.drag) return;
    const start = this.indexValue;
    // Measured from where the finger went down, so a drag that starts while the row still settles counts whole.
    const moved = this.positionValue - this.drag.from;
    this.drag = null;
    if (Math.abs(moved) < SNAP_FRACTION) return;
    const slides = Math.max(1, Math.round(Math.abs(moved)));
    this.goTo(start + Math.sign(moved) * slides);
  }

  /** The drag was interrupted (a second finger, a cancelled touch): settle back on the chosen slide. */
  dragCancel(): void {
    this.drag = null;
  }

  /** Advances the settle animation by `deltaMs` (called every frame by the scene). */
  update(deltaMs: number): void {
    if (this.drag) return;
    const gap = this.indexValue - this.positionValue;
    // Reduced motion: the chosen slide is there at once instead of gliding in.
    if (Math.abs(gap) < 0.001 || reducedMotion()) {
      this.positionValue = this.indexValue;
      return;
    }
    this.positionValue += gap * (1 - Math.exp(-Math.max(0, deltaMs) / SETTLE_MS));
  }

  private clamp(i: number): number {
    if (this.countValue === 0) return 0;
    return Math.min(this.countValue - 1, Math.max(0, i));
  }
}
