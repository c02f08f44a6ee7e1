/**
 * The texture uploaders of the stage's renderer (Pixi extensions, taken by a renderer when it is made): sheets
 * and other images in strips (stripUploads.ts), label pages by the rectangles drawn (dirtyRectSource.ts).
 */
import { registerDirtyRectUploads } from './dirtyRectSource';
import { registerStripUploads } from './pixi-internals/stripUploads';

/** Registers the stage's uploaders; call before its renderer is made (PixiStage.tsx, the frames bench page). */
export function registerStageUploads(): void {
  registerStripUploads();
  registerDirtyRectUploads();
}
