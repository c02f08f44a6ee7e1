/** Mounts the single Pixi stage once behind the HUD and shows the scene of the current route. */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { mountStage, showScene } from '../engine/stage';
import { sceneForRoute } from '../game/sceneForRoute';
import { $view } from './routeView';
import { $booting } from './boot';

/** The stage host element. */
export function StageHost() {
  const host = useRef<HTMLDivElement>(null);
  const view = useStore($view);
  const booting = useStore($booting);
  // Scenes appear with their screen, after boot (atlases included) has finished.
  const route = view.kind === 'show' && !booting ? view.route : null;

  useEffect(() => {
    if (host.current) void mountStage(host.current);
  }, []);

  useEffect(() => {
    showScene(sceneForRoute(route));
  }, [route]);

  return <div className="stage-host" ref={host} />;
}
