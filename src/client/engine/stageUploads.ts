/**
 * The texture uploaders of the stage's renderer (Pixi extensions, taken by a renderer when it is made): label
 * pages by the rectangles drawn (dirtyRectSource.ts); sheets and other images go up as Pixi sends them.
 */
import { registerDirtyRectUploads } from './dirtyRectSource';

/** Registers the stage's uploaders; call before its renderer is made (PixiStage.tsx, the frames bench page). */
export function registerStageUploads(): void {
  registerDirtyRectUploads();
}
