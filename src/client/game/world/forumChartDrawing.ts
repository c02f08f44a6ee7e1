/**
 * The Forum's charts on the stage, in a band above the lane: the number chart (modes 1 shown, 2 muted) or
 * the candles (3 muted, 4 shown), spec 3 §4. Drawing is the eidol screen's (chartDrawing.ts); this picks
 * the series and the window and redraws only when asked.
 */
import { Container, Graphics } from 'pixi.js';
import { DESIGN_WIDTH } from '../../engine/resize';
import type { ChartMode } from '../../stores/options';
import { drawCandles, drawNumbers } from '../eidol/chartDrawing';
import { localHourStart } from '../eidol/eidolCandles';
import { numberSeries } from '../eidol/numberChart';
import { forumCandles } from './forumCandles';
import type { Sample } from './forumChartData';

const HOUR_MS = 3_600_000;
/** Alpha of a muted chart. */
export const MUTED_ALPHA = 0.35;

/** Which chart a mode shows and how strongly. */
export function chartLook(mode: ChartMode): { kind: 'numbers' | 'candles'; alpha: number } {
  return { kind: mode <= 2 ? 'numbers' : 'candles', alpha: mode === 2 || mode === 3 ? MUTED_ALPHA : 1 };
}

/** The charts' display objects. */
export class ForumCharts {
  /**
   * Its own render group, cached as a texture: walking moves the world every frame and must not re-batch the
   * chart shapes, and drawn as a texture the charts are one quad of the backdrop's batch instead of a draw
   * (and a shader switch) of their own every frame. Redrawn only when `draw` is called.
   */
  readonly view = new Container();
  private readonly g = new Graphics();

  constructor() {
    this.view.addChild(this.g);
    this.view.cacheAsTexture(true);
  }

  /** Redraws in the band (top, height) for `hours` up to the hour of `nowMs`. */
  draw(
    band: { top: number; height: number },
    mode: ChartMode,
    hours: number,
    nowMs: number,
    chart: readonly Sample[],
    nums: readonly Sample[],
  ): void {
    const to = localHourStart(nowMs) + HOUR_MS;
    const frame = { left: 24, top: band.top, width: DESIGN_WIDTH - 48, height: band.height, from: to - hours * HOUR_MS, to };
    const look = chartLook(mode);
    this.g.alpha = look.alpha;
    if (look.kind === 'numbers') drawNumbers(this.g, frame, numberSeries(nums, hours, nowMs));
    else drawCandles(this.g, frame, forumCandles(chart, hours, nowMs), []);
    // Nothing drawn (no samples yet): no texture of no size; else the cached texture is drawn again.
    const b = this.g.getLocalBounds();
    this.view.visible = b.width > 0 && b.height > 0;
    if (this.view.visible) this.view.updateCacheTexture();
  }

  /** Releases the drawing. */
  destroy(): void {
    this.view.destroy({ children: true });
  }
}
