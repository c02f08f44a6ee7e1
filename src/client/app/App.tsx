/** The shell: the backdrop and the stage behind, the HUD screen of the route, the splash while booting, toasts and the QR invite. */
import { Fragment, Suspense, lazy, useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $view } from './routeView';
import { $booting } from './boot';
import { $stageStarted, startStageAfterScreen } from './stageStart';
import { screenFor } from './screenFor';
import { Splash } from '../hud/components/Splash';
import { ToastLayer } from '../hud/components/ToastLayer';
import { QrInvite } from '../hud/components/QrInvite';
import { $hudScrollY } from '../game/stageStores';
import { routeHasScene } from '../game/sceneRoutes';
import { Backdrop } from './Backdrop';

// The stage (Pixi, its reconciler, the scenes) loads once the first screen has painted and the page is idle
// (stageStart.ts): the HUD never waits for it.
const StageHost = lazy(() => import('./StageHost').then((m) => ({ default: m.StageHost })));
// Offline banner, update reloads, the iOS install hint and the service worker: after the first paint too.
const PwaLayer = lazy(() => import('../pwa/PwaLayer'));

/** The app. */
export function App() {
  const view = useStore($view);
  const booting = useStore($booting);
  const stageStarted = useStore($stageStarted);
  const hud = useRef<HTMLDivElement>(null);
  const path = view.kind === 'show' ? view.path : '';
  const scene = view.kind === 'show' && !booting && routeHasScene(view.route);
  // A new screen starts at the top, and the stage's scroll offset with it.
  useLayoutEffect(() => {
    hud.current?.scrollTo(0, 0);
    $hudScrollY.set(0);
  }, [path]);
  // The stage starts with the first screen that has a scene, once that screen has painted, and stays.
  useEffect(() => (scene ? startStageAfterScreen() : undefined), [scene]);
  return (
    <>
      <Backdrop motes={!scene} />
      {stageStarted && (
        <Suspense fallback={null}>
          <StageHost />
        </Suspense>
      )}
      <div className="hud" ref={hud} onScroll={(e) => $hudScrollY.set(e.currentTarget.scrollTop)}>
        {view.kind === 'show' && !booting && (
          <Suspense fallback={null}>
            {/* Keyed by path so a new route (or new params) starts its screen fresh. */}
            <Fragment key={view.path}>{screenFor(view)}</Fragment>
          </Suspense>
        )}
      </div>
      {(booting || view.kind === 'wait') && <Splash />}
      <ToastLayer />
      <QrInvite />
      <Suspense fallback={null}>
        <PwaLayer />
      </Suspense>
    </>
  );
}
