/**
 * The candle chart's value axis: a single candle or a flat series draws as a normal candle (not a bar over
 * the whole band), a real range keeps off the band's edges, and nothing to draw is null.
 */
import { describe, expect, it } from 'vitest';
import { candleDomain, MIN_SPAN_SHARE } from '../../../../../src/client/game/eidol/chartDrawing';
import type { Candle } from '../../../../../src/client/game/eidol/eidolCandles';

const candle = (open: number, close: number, hour = 0): Candle => ({
  hour,
  open,
  close,
  high: Math.max(open, close),
  low: Math.min(open, close),
  rising: close >= open,
});
/** The share of the axis a candle's body takes. */
const bodyShare = (c: Candle, [lo, hi]: [number, number]) => Math.abs(c.close - c.open) / (hi - lo);

describe('candleDomain', () => {
  it('a single candle that moves 1 % takes half the band, not all of it', () => {
    const c = candle(1000, 1010);
    const d = candleDomain([c], [])!;
    expect(bodyShare(c, d)).toBeLessThan(0.6);
    expect(d[0]).toBeLessThan(1000);
    expect(d[1]).toBeGreaterThan(1010);
  });

  it('a flat or nearly flat series draws a thin candle in the middle', () => {
    for (const c of [candle(1000, 1000), candle(1000, 1000.000001), candle(0, 0)]) {
      const d = candleDomain([c, { ...c, hour: 3_600_000 }], [])!;
      expect(bodyShare(c, d)).toBeLessThan(0.001);
      expect((d[0] + d[1]) / 2).toBeCloseTo((c.open + c.close) / 2, 3);
    }
  });

  it('a range wider than the least span is drawn with a margin, lines included', () => {
    const d = candleDomain([candle(100, 200), candle(200, 150, 3_600_000)], [{ value: 250, colour: 0 }])!;
    expect(d[0]).toBeLessThan(100);
    expect(d[1]).toBeGreaterThan(250);
    expect(d[1] - d[0]).toBeGreaterThan(150);
    expect(d[1] - d[0]).toBeGreaterThan(MIN_SPAN_SHARE * 250);
  });

  it('nothing to draw is null', () => {
    expect(candleDomain([], [])).toBeNull();
  });
});
