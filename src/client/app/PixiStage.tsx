/**
 * The single Pixi canvas, created once for the whole app and kept for its lifetime (route changes reuse
 * it). Pixi's own Application is enough here: scenes draw through engine/stage.ts, never through React, so
 * no Pixi reconciler ships.
 */
import { memo, useEffect, useRef } from 'react';
import { Application } from 'pixi.js';
import { attachStage, stageOptions } from '../engine/stage';

let created: Promise<Application> | null = null;

/** Creates the application once (StrictMode's second mount and later hosts get the same one). */
function theApplication(): Promise<Application> {
  created ??= (async () => {
    const app = new Application();
    await app.init(stageOptions());
    app.canvas.classList.add('stage-canvas');
    attachStage(app);
    return app;
  })();
  return created;
}

/** The element the canvas is placed in; it never re-renders. */
export const PixiStage = memo(function PixiStage() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    theApplication().then(
      (app) => {
        if (live && host.current && app.canvas.parentElement !== host.current) host.current.appendChild(app.canvas);
      },
      (err: unknown) => console.warn('the stage could not start; the HUD works without it', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return <div ref={host} className="stage-canvas-host" />;
});
