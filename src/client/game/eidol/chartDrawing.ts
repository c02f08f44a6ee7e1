/**
 * Draws the eidol's candles and the number chart into reused Graphics with d3-scale (FACTS.md "Eidol
 * candles", "Number chart"): x is time over the chart window, y the value; rising candles gold, falling
 * pink; the top_value and no_loss_value lines pink while the value is below them, else gold.
 */
import type { Graphics } from 'pixi.js';
import { scaleLinear } from 'd3-scale';
import type { Candle } from './eidolCandles';
import type { NumberPoint } from './numberChart';
import { RISK_GOLD, RISK_PINK } from './riskAngle';

/** Inner margin of a chart band (design px). */
const PAD = 24;
const HOUR_MS = 3_600_000;

/** Where a chart draws and which hours it spans. */
export interface ChartFrame {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Start of the window's first hour and of the hour after its last (epoch ms). */
  from: number;
  to: number;
}

/** A horizontal reference line with its colour. */
export interface RefLine {
  value: number;
  colour: number;
}

function frameBox(g: Graphics, f: ChartFrame): void {
  g.rect(f.left, f.top, f.width, f.height).fill({ color: 0x000000, alpha: 0.25 });
}

/** The least share of the values' level the candle chart's value axis spans. */
export const MIN_SPAN_SHARE = 0.02;
/** The value axis spans the values' range and this much more (half above, half below). */
const RANGE_MARGIN = 1.25;

/**
 * The value axis of a candle chart: the candles' and lines' range with a margin, widened about its middle to
 * at least MIN_SPAN_SHARE of the level (±1 around 0). Fitted to the range alone, a single candle, or a series
 * that barely moves, filled the whole band as a bar at the edge; now a move is drawn at its size against the
 * level, and the extremes keep off the band's edges. Null: nothing to draw.
 */
export function candleDomain(candles: readonly Candle[], lines: readonly RefLine[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of candles) {
    lo = Math.min(lo, c.low);
    hi = Math.max(hi, c.high);
  }
  for (const l of lines) {
    lo = Math.min(lo, l.value);
    hi = Math.max(hi, l.value);
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  const span = Math.max((hi - lo) * RANGE_MARGIN, MIN_SPAN_SHARE * Math.max(Math.abs(lo), Math.abs(hi))) || 2;
  const mid = (lo + hi) / 2;
  return [mid - span / 2, mid + span / 2];
}

/** Redraws the candle chart (one candle per hour) with its reference lines. */
export function drawCandles(g: Graphics, f: ChartFrame, candles: readonly Candle[], lines: readonly RefLine[]): void {
  g.clear();
  frameBox(g, f);
  const domain = candleDomain(candles, lines);
  if (!domain) return;
  const [lo, hi] = domain;
  const x = scaleLinear()
    .domain([f.from, f.to])
    .range([f.left + PAD, f.left + f.width - PAD]);
  const y = scaleLinear()
    .domain([lo, hi])
    .range([f.top + f.height - PAD, f.top + PAD]);
  for (const l of lines) {
    g.moveTo(f.left + PAD, y(l.value))
      .lineTo(f.left + f.width - PAD, y(l.value))
      .stroke({ width: 3, color: l.colour, alpha: 0.8 });
  }
  const slot = x(f.from + HOUR_MS) - x(f.from);
  const body = Math.max(2, slot * 0.7);
  for (const c of candles) {
    const cx = x(c.hour + HOUR_MS / 2);
    const colour = c.rising ? RISK_GOLD : RISK_PINK;
    g.moveTo(cx, y(c.high))
      .lineTo(cx, y(c.low))
      .stroke({ width: Math.max(1, body / 6), color: colour });
    const top = y(Math.max(c.open, c.close));
    const h = Math.max(2, Math.abs(y(c.open) - y(c.close)));
    g.rect(cx - body / 2, top, body, h).fill({ color: colour });
  }
}

/** Redraws the number chart: the hourly averages of T × 100 as a line with dots, on a 0–100 scale. */
export function drawNumbers(g: Graphics, f: ChartFrame, points: readonly NumberPoint[]): void {
  g.clear();
  frameBox(g, f);
  const x = scaleLinear()
    .domain([f.from, f.to])
    .range([f.left + PAD, f.left + f.width - PAD]);
  const y = scaleLinear()
    .domain([0, 100])
    .range([f.top + f.height - PAD, f.top + PAD]);
  g.moveTo(f.left + PAD, y(50))
    .lineTo(f.left + f.width - PAD, y(50))
    .stroke({ width: 2, color: 0xffffff, alpha: 0.2 });
  if (points.length === 0) return;
  points.forEach((p, i) => {
    const px = x(p.hour + HOUR_MS / 2);
    if (i === 0) g.moveTo(px, y(p.value));
    else g.lineTo(px, y(p.value));
  });
  g.stroke({ width: 4, color: RISK_GOLD });
  for (const p of points) g.circle(x(p.hour + HOUR_MS / 2), y(p.value), 6).fill({ color: RISK_PINK });
}
