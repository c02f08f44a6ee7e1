/** $options: preferences persisted on the device (chart size, chart mode, forum size, tutorial flags). */
import { atom } from 'nanostores';
import { deviceStorage, readJson, writeJson } from './deviceStorage';
import { nextChartSize, DEFAULT_CHART_SIZE, type ChartSize } from '../../shared/rules/chartSize';

/** Storage key of the options. */
export const OPTIONS_KEY = 'options';

/** The device options. */
export interface Options {
  chart_size: ChartSize;
  /** Spec 3 §4: 1 numeric chart shown, 2 numeric muted, 3 candles muted, 4 candles shown. */
  chart_mode: ChartMode;
  /** 1 normal, 2 zoomed out. */
  forum_size: ForumSize;
  /** Tutorial overlays already shown, by name ('tutorial-done', 'tutorial2-done', …). */
  tutorials: Record<string, boolean>;
}

/** A chart mode (spec 3 §4). */
export type ChartMode = 1 | 2 | 3 | 4;
/** A forum size. */
export type ForumSize = 1 | 2;

/** Options of a device that never saved any. */
export const DEFAULT_OPTIONS: Options = { chart_size: DEFAULT_CHART_SIZE, chart_mode: 1, forum_size: 1, tutorials: {} };

/**
 * Stored options made valid: unknown values fall back to the defaults, and the names older versions stored
 * ('candles'/'line', 'small'/'large') map onto the numbered modes.
 */
export function normaliseOptions(stored: Record<string, unknown>): Options {
  const o = { ...DEFAULT_OPTIONS, ...stored } as Record<string, unknown>;
  const mode = o.chart_mode === 'candles' ? 4 : o.chart_mode === 'line' ? 1 : o.chart_mode;
  const size = o.forum_size === 'large' ? 2 : o.forum_size === 'small' ? 1 : o.forum_size;
  return {
    ...(o as unknown as Options),
    chart_mode: mode === 1 || mode === 2 || mode === 3 || mode === 4 ? mode : DEFAULT_OPTIONS.chart_mode,
    forum_size: size === 2 ? 2 : 1,
  };
}

const stored = readJson<unknown>(deviceStorage(), OPTIONS_KEY, {});
/** The options, read once from the device and written back on every change. */
export const $options = atom<Options>(normaliseOptions(stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {}));

$options.listen((value) => writeJson(deviceStorage(), OPTIONS_KEY, value));

/** Sets one option. */
export function setOption<K extends keyof Options>(key: K, value: Options[K]): void {
  $options.set({ ...$options.get(), [key]: value });
}

/** Chart size cycles 24 → 48 → 168 → 24 hours. */
export function cycleChartSize(): void {
  setOption('chart_size', nextChartSize($options.get().chart_size));
}

/** Chart mode cycles 1 → 2 → 3 → 4 → 1. */
export function cycleChartMode(): void {
  setOption('chart_mode', (($options.get().chart_mode % 4) + 1) as ChartMode);
}

/** Forum size toggles between 1 and 2. */
export function toggleForumSize(): void {
  setOption('forum_size', $options.get().forum_size === 2 ? 1 : 2);
}

/** Remembers that a tutorial overlay was shown. */
export function markTutorialDone(name: string): void {
  setOption('tutorials', { ...$options.get().tutorials, [name]: true });
}
