/**
 * The single Pixi canvas, created once for the whole app with Pixi's own `Application` (home's stage is
 * imperative: a React reconciler here would only ever render nothing, ~60 KB of home's JS); it never
 * re-renders. It sits in the stage's lazy chunk (StageHost), so Pixi does not weigh on the HUD's first
 * paint. Its WebGL context is made first, a piece a task (engine/stageContext.ts), and Pixi starts on it in
 * a task after; the stage's wiring
 * (attachStage) comes a task later again.
 */
import { memo, useEffect, useRef } from 'react';
import { Application } from 'pixi.js';
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
      const started = new Application();
      await started.init(context ? { ...options, context, canvas } : { ...options, canvas });
      // Unmounted while Pixi started: nothing else holds this application.
      if (!live) return started.destroy();
      app = started;
      await nextTask();
      if (live) attachStage(started);
    });
    return () => {
      live = false;
      app?.destroy();
    };
  }, []);
  return <canvas ref={canvasRef} className="stage-canvas" style={HIDDEN} />;
});
