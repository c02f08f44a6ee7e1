/**
 * The single Pixi canvas, created by @pixi/react once for the whole app; it never re-renders. It sits in the
 * stage's lazy chunk (StageHost), so neither Pixi nor the reconciler weighs on the HUD's first paint.
 */
import { memo, useState } from 'react';
import { Application } from '@pixi/react';
import { attachStage, stageOptions } from '../engine/stage';

/** @pixi/react re-applies its props on every render, so the options are fixed at first render. */
export const PixiStage = memo(function PixiStage() {
  const [options] = useState(stageOptions);
  return <Application {...options} className="stage-canvas" onInit={attachStage} />;
});
