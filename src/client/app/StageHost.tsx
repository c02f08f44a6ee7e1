/** Hosts the single Pixi stage behind the HUD and shows the scene of the current route. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { showScene } from '../engine/stage';
import { sceneForRoute } from '../game/sceneForRoute';
import { $view } from './routeView';
import { $booting } from './boot';
import { PixiStage } from './PixiStage';

/** The stage host element. */
export function StageHost() {
  const view = useStore($view);
  const booting = useStore($booting);
  // Scenes appear with their screen, after boot (atlases included) has finished.
  const route = view.kind === 'show' && !booting ? view.route : null;

  useEffect(() => {
    showScene(sceneForRoute(route));
  }, [route]);

  return (
    // The canvas only draws: every word and action of a scene is also in the HUD's DOM (real buttons,
    // labelled controls), so assistive technology skips the picture.
    <div className="stage-host" aria-hidden="true">
      <PixiStage />
    </div>
  );
}
