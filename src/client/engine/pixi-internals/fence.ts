/**
 * The fence around this folder: every patch here reaches into pixi.js's non-public fields or prototypes, so
 * each runs only on the exact pixi.js it was written and tested for. On any other version it is skipped and
 * says so once (a console warning), and Pixi runs as it ships: an upgrade costs the gain, never a frame.
 */
import { VERSION } from 'pixi.js';
import { PIXI_WRITTEN_FOR } from './version';

export { PIXI_WRITTEN_FOR };

/** The patches of this folder, by name (the names the build-time switch below takes). */
export type PixiPatch = 'renderOnDemand';

// Build-time switch for same-run A/B benches: `VITE_PIXI_INTERNALS_OFF=all` or a comma list of patch names.
const switchedOff = new Set((import.meta.env?.VITE_PIXI_INTERNALS_OFF ?? '').split(',').map((s: string) => s.trim()));

let warned = false;

/**
 * Whether `patch` may run: pixi.js is the version it was written for (`installed`, Pixi's own `VERSION`
 * unless a test passes another string) and the build did not switch it off. The first refusal warns once.
 */
export function pixiPatchEnabled(patch: PixiPatch, installed: string = VERSION): boolean {
  if (switchedOff.has('all') || switchedOff.has(patch)) return false;
  if (installed === PIXI_WRITTEN_FOR) return true;
  if (!warned) {
    warned = true;
    console.warn(
      `pixi.js ${installed} is not ${PIXI_WRITTEN_FOR}: the stage's patches of Pixi internals are off (src/client/engine/pixi-internals)`,
    );
  }
  return false;
}

/** Forgets the warning (tests only). */
export function resetPixiFenceWarning(): void {
  warned = false;
}
