// @vitest-environment jsdom
/**
 * The Forum charts: candles per hour (open = the hour's first sample, close = the next hour's first), the
 * chart modes 1–4, and the refresh every 60 s while shown (a refresh bringing the same samples changes nothing).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forumCandles } from '../../../../../src/client/game/world/forumCandles';
import { chartLook, ForumCharts, MUTED_ALPHA } from '../../../../../src/client/game/world/forumChartDrawing';
import {
  $forumChartSamples,
  $forumNumberSamples,
  CHART_REFRESH_MS,
  sameSamples,
  startForumChartData,
} from '../../../../../src/client/game/world/forumChartData';

const H = 3_600_000;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const hourOf = (ms: number) => Math.floor(ms / H) * H;

describe('forumCandles', () => {
  const t0 = Date.UTC(2026, 10, 25, 10);
  // Newest first, as the server sends them.
  const samples = [
    { amount: '7', created_at: utc(t0 + 2 * H + 60_000) },
    { amount: '4', created_at: utc(t0 + H + 50 * 60_000) },
    { amount: '9', created_at: utc(t0 + H + 10 * 60_000) },
    { amount: '5', created_at: utc(t0 + 40 * 60_000) },
    { amount: '3', created_at: utc(t0 + 20 * 60_000) },
    { amount: '2', created_at: utc(t0 + 1000) },
    { amount: 'x', created_at: utc(t0 + 2000) },
  ];

  it('opens at the hour’s first sample and closes at the next hour’s first', () => {
    const c = forumCandles(samples, 24, t0 + 2 * H + 120_000, hourOf);
    expect(c.map((k) => [k.hour - t0, k.open, k.close, k.high, k.low, k.rising])).toEqual([
      [0, 2, 9, 9, 2, true],
      [H, 9, 7, 9, 4, false],
      [2 * H, 7, 7, 7, 7, true],
    ]);
  });

  it('keeps only the window’s hours', () => {
    const c = forumCandles(samples, 2, t0 + 2 * H + 120_000, hourOf);
    expect(c.map((k) => k.hour - t0)).toEqual([H, 2 * H]);
    expect(forumCandles([], 24, t0)).toEqual([]);
  });
});

describe('chart modes', () => {
  it('1 numbers shown, 2 numbers muted, 3 candles muted, 4 candles shown', () => {
    expect(chartLook(1)).toEqual({ kind: 'numbers', alpha: 1 });
    expect(chartLook(2)).toEqual({ kind: 'numbers', alpha: MUTED_ALPHA });
    expect(chartLook(3)).toEqual({ kind: 'candles', alpha: MUTED_ALPHA });
    expect(chartLook(4)).toEqual({ kind: 'candles', alpha: 1 });
  });

  it('draws the charts into a cached texture, drawn again with each draw', () => {
    const charts = new ForumCharts();
    const band = { top: 0, height: 300 };
    const now = Date.UTC(2026, 10, 25, 13);
    const samples = [0, 1, 2].map((i) => ({ amount: String(5 + i), created_at: utc(now - i * H - 60_000) }));
    const group = () => (charts.view as unknown as { renderGroup: { textureNeedsUpdate: boolean } }).renderGroup;
    expect(charts.view.isCachedAsTexture).toBe(true);
    group().textureNeedsUpdate = false;
    charts.draw(band, 4, 24, now, samples, []);
    expect(charts.view.visible).toBe(true);
    expect(group().textureNeedsUpdate).toBe(true);
    charts.destroy();
  });
});

describe('startForumChartData', () => {
  afterEach(() => vi.useRealTimers());

  it('fetches at once and every 60 s until stopped; a failure keeps the last samples', async () => {
    vi.useFakeTimers();
    const chart = vi.fn();
    const numbers = vi.fn();
    let n = 0;
    const api = {
      chart: async () => (
        chart(),
        ++n === 2
          ? { ok: false as const, status: 500, message: 'down', errors: {} }
          : { ok: true as const, data: [{ amount: String(n), created_at: '2026-11-25 10:00:00' }], message: '' }
      ),
      numbers: async () => (numbers(), { ok: true as const, data: [{ amount: '0.5', created_at: '2026-11-25 10:00:00' }], message: '' }),
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = startForumChartData(api as never);
    await vi.advanceTimersByTimeAsync(0);
    expect($forumChartSamples.get()[0]?.amount).toBe('1');
    expect($forumNumberSamples.get()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CHART_REFRESH_MS);
    expect(chart).toHaveBeenCalledTimes(2);
    expect($forumChartSamples.get()[0]?.amount).toBe('1');
    stop();
    await vi.advanceTimersByTimeAsync(CHART_REFRESH_MS * 3);
    expect(chart).toHaveBeenCalledTimes(2);
    expect(numbers).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('a refresh with the same samples leaves the stores (and the drawn charts) alone; new samples replace them', async () => {
    vi.useFakeTimers();
    let chartData = [{ amount: '5', created_at: '2026-11-25 10:00:00' }];
    const api = {
      chart: async () => ({ ok: true as const, data: chartData.map((s) => ({ ...s })), message: '' }),
      numbers: async () => ({ ok: true as const, data: [{ amount: 0.5, created_at: '2026-11-25 10:00:00' }], message: '' }),
    };
    const stop = startForumChartData(api as never);
    await vi.advanceTimersByTimeAsync(0);
    const chartSets = vi.fn();
    const numberSets = vi.fn();
    const off = [$forumChartSamples.listen(chartSets), $forumNumberSamples.listen(numberSets)];
    await vi.advanceTimersByTimeAsync(CHART_REFRESH_MS);
    expect(chartSets).not.toHaveBeenCalled();
    expect(numberSets).not.toHaveBeenCalled();
    chartData = [{ amount: '6', created_at: '2026-11-25 11:00:00' }, ...chartData];
    await vi.advanceTimersByTimeAsync(CHART_REFRESH_MS);
    expect(chartSets).toHaveBeenCalledTimes(1);
    expect($forumChartSamples.get().map((s) => s.amount)).toEqual(['6', '5']);
    expect(numberSets).not.toHaveBeenCalled();
    off.forEach((f) => f());
    stop();
  });
});

describe('sameSamples', () => {
  it('compares amount and time of each sample, in order', () => {
    const a = [
      { amount: '1', created_at: 't1' },
      { amount: 2, created_at: 't2' },
    ];
    expect(
      sameSamples(
        a,
        a.map((s) => ({ ...s })),
      ),
    ).toBe(true);
    expect(sameSamples(a, [a[0]!])).toBe(false);
    expect(sameSamples(a, [a[1]!, a[0]!])).toBe(false);
    expect(sameSamples(a, [a[0]!, { amount: '2', created_at: 't2' }])).toBe(false);
    expect(sameSamples(a, [a[0]!, { amount: 2, created_at: 't3' }])).toBe(false);
    expect(sameSamples([], [])).toBe(true);
  });
});
