/** Chart window sizes in hours (spec 1 §3, §9): 24, 48, 168 (shown as 7d), default 48, cycling. */

/** The chart sizes in cycle order. */
export const CHART_SIZES = [24, 48, 168] as const;
/** A chart size in hours. */
export type ChartSize = (typeof CHART_SIZES)[number];
/** Default chart size. */
export const DEFAULT_CHART_SIZE: ChartSize = 48;

/** The next size in the cycle; an unknown value restarts at 24. */
export function nextChartSize(current: number): ChartSize {
  const i = CHART_SIZES.indexOf(current as ChartSize);
  return CHART_SIZES[(i + 1) % CHART_SIZES.length] ?? 24;
}

/** Label of a chart size ("24h", "48h", "7d"). */
export function chartSizeLabel(size: number): string {
  return size === 168 ? '7d' : `${size}h`;
}
