/**
 * The home tutorial overlays 1–3 (spec 1 §2): each shows once per device and is remembered under its flag
 * (`tutorial-done`, `tutorial2-done`, `tutorial3-done`); overlay 3 hides by itself after 5 s (spec 1 §9).
 */
import { deviceStorage, type KeyValueStorage } from './deviceStorage';

/** A tutorial overlay. */
export type TutorialStep = 1 | 2 | 3;

/** The device flag of each overlay. */
export const TUTORIAL_FLAGS: Readonly<Record<TutorialStep, string>> = { 1: 'tutorial-done', 2: 'tutorial2-done', 3: 'tutorial3-done' };

/** How long overlay 3 stays. */
export const TUTORIAL3_MS = 5000;

/** The first overlay not yet seen on this device, or null when all were. */
export function nextTutorial(storage: KeyValueStorage = deviceStorage()): TutorialStep | null {
  for (const step of [1, 2, 3] as const) if (storage.getItem(TUTORIAL_FLAGS[step]) === null) return step;
  return null;
}

/** Remembers that an overlay was seen (quota errors just mean it may show again). */
export function markTutorialDone(step: TutorialStep, storage: KeyValueStorage = deviceStorage()): void {
  try {
    storage.setItem(TUTORIAL_FLAGS[step], 'true');
  } catch {
    // private mode or quota: harmless
  }
}
