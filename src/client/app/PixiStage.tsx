/**
 * The single Pixi canvas, created once for the whole app through @pixi/react's root (`createRoot`); it never
 * re-renders. It sits in the stage's lazy chunk (StageHost), so neither Pixi nor the reconciler weighs on the
 * HUD's first paint. Its WebGL context is made first, a piece a task (engine/stageContext.ts), and Pixi
 * starts on it in a task after; the stage's wiring
 * (attachStage) comes a task later again.
 */
import { memo, useEffect, useRef } from 'react';
import { createRoot } from '@pixi/react';
import type { Application } from 'pixi.js';
import { attachStage, stageOptions } from '../engine/stage';
import { prepareStageContext } from '../engine/stageContext';
import { registerStageUploads } from '../engine/stageUploads';
import { nextTask } from '../engine/nextTask';

// Hidden until attachStage reveals it with its first scene drawn (engine/stage.ts).
const HIDDEN = { visibility: 'hidden' } as const;

/** The stage's canvas. */
export const PixiStage = memo(function PixiStage() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let live = true;
    let app: Application | undefined;
    const options = stageOptions();
    // Before the renderer is made: it takes the uploaders registered by then.
    registerStageUploads();
    void prepareStageContext(canvas, options).then(async (context) => {
      await nextTask();
      if (!live) return;
      const onInit = (started: Application) => {
        app = started;
        void nextTask().then(() => live && attachStage(started));
      };
      createRoot(canvas, { onInit }).render(null, context ? { ...options, context } : options);
    });
    return () => {
      live = false;
      app?.destroy();
    };
  }, []);
  return <canvas ref={canvasRef} className="stage-canvas" style={HIDDEN} />;
});
