/** $options: preferences persisted on the device (chart size, chart mode, forum size, tutorial flags). */
import { atom } from 'nanostores';
import { deviceStorage, readJson, writeJson } from './deviceStorage';
import { nextChartSize, DEFAULT_CHART_SIZE, type ChartSize } from '../../shared/rules/chartSize';

/** Storage key of the options. */
export const OPTIONS_KEY = 'options';

/** The device options. */
export interface Options {
  chart_size: ChartSize;
  chart_mode: 'candles' | 'line';
  forum_size: 'small' | 'large';
  /** Tutorial overlays already shown, by name ('tutorial-done', 'tutorial2-done', …). */
  tutorials: Record<string, boolean>;
}

/** Options of a device that never saved any. */
export const DEFAULT_OPTIONS: Options = { chart_size: DEFAULT_CHART_SIZE, chart_mode: 'candles', forum_size: 'small', tutorials: {} };

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
