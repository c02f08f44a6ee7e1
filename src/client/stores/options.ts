/** $options: preferences persisted on the device (chart size, chart mode, forum size, tutorial flags). */
import { atom } from 'nanostores';
import { deviceStorage, readJson, writeJson } from './deviceStorage';
import { nextChartSize, DEFAULT_CHART_SIZE, type ChartSize } from '../../shared/rules/chartSize';

/** Storage key of the options. */
export const OPTIONS_KEY = 'options';

/** The device options. */
export interface Options {
  chart_size: ChartSize;
  /** 1 numeric chart shown, 2 numeric muted, 3 candle muted, 4 candle visible (spec 3 §4). */
  chart_mode: 1 | 2 | 3 | 4;
  /** The world's zoom: 1 or 2 (spec 3 §4). */
  forum_size: 1 | 2;
  /** Tutorial overlays already shown, by name ('tutorial-done', 'tutorial2-done', …). */
  tutorials: Record<string, boolean>;
}

/** Options of a device that never saved any. */
export const DEFAULT_OPTIONS: Options = { chart_size: DEFAULT_CHART_SIZE, chart_mode: 1, forum_size: 1, tutorials: {} };

/** The options, read once from the device and written back on every change. */
export const $options = atom<Options>({ ...DEFAULT_OPTIONS, ...readJson<Partial<Options>>(deviceStorage(), OPTIONS_KEY, {}) });

$options.listen((value) => writeJson(deviceStorage(), OPTIONS_KEY, value));

/** Sets one option. */
export function setOption<K extends keyof Options>(key: K, value: Options[K]): void {
  $options.set({ ...$options.get(), [key]: value });
}

/** Chart size cycles 24 → 48 → 168 → 24 hours. */
export function cycleChartSize(): void {
  setOption('chart_size', nextChartSize($options.get().chart_size));
}

/** Remembers that a tutorial overlay was shown. */
export function markTutorialDone(name: string): void {
  setOption('tutorials', { ...$options.get().tutorials, [name]: true });
}

/** Chart mode cycles 1 → 2 → 3 → 4 → 1 (spec 3 §4). */
export function cycleChartMode(): void {
  const mode = $options.get().chart_mode;
  setOption('chart_mode', mode >= 1 && mode < 4 ? ((mode + 1) as 2 | 3 | 4) : 1);
}

/** Forum size toggles between 1 and 2 (spec 3 §4). */
export function toggleForumSize(): void {
  setOption('forum_size', $options.get().forum_size === 2 ? 1 : 2);
}
