/**
 * Hosts the single Pixi stage behind the HUD and shows the scene of the current route. Loaded lazily by
 * App.tsx: Pixi and the scenes are not needed for the HUD's first paint.
 */
// Pixi's eval-free shader and uniform code: the server's CSP has no 'unsafe-eval' (without it the renderer
// refuses to start). Imported before anything creates the renderer.
import 'pixi.js/unsafe-eval';
// Nothing draws Pixi text (the worlds' names are sprites of label pages). A scene that starts to must have
// 'pixi.js/text' imported here: a renderer knows only the pipes registered before it started (`npm run size`
// fails on a scene's chunk that registers one).
import { useEffect } from 'react';
// The worlds draw their crowd as particles (game/world/crowdLayer.ts): the particle pipe is registered here,
// before the renderer starts, for the same reason; the WebGL one only (the stage is WebGL: `pixi.js/particle-
// container` would add the WebGPU and canvas pipes, ~11 KB gzip on home's path).
import { extensions, GlParticleContainerPipe } from 'pixi.js';
import { useStore } from '@nanostores/react';
import { showScene } from '../engine/stage';
import { sceneForRoute } from '../game/sceneForRoute';
import { $view } from './routeView';
import { $booting } from './boot';
import { PixiStage } from './PixiStage';

extensions.add(GlParticleContainerPipe);

/** The stage host element. */
export function StageHost() {
  const view = useStore($view);
  const booting = useStore($booting);
  // Scenes appear with their screen, after boot; each loads the atlas sheets it draws from as it prepares.
  const route = view.kind === 'show' && !booting ? view.route : null;

  useEffect(() => {
    // A scene that loads after the player moved on is not shown.
    let current = true;
    sceneForRoute(route).then(
      (scene) => current && showScene(scene),
      (error: unknown) => console.error('the scene did not load', error),
    );
    return () => {
      current = false;
    };
  }, [route]);

  return (
    // The canvas only draws: every word and action of a scene is also in the HUD's DOM (real buttons,
    // labelled controls), so assistive technology skips the picture.
    <div className="stage-host" aria-hidden="true">
      <PixiStage />
    </div>
  );
}
