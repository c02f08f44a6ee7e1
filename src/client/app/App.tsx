/** The shell: the backdrop and the stage behind, the HUD screen of the route, the splash while booting, toasts and the QR invite. */
import { Fragment, Suspense, lazy, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $view } from './routeView';
import { $booting } from './boot';
import { $stageStarted, startStageAfterScreen, whenPaintedAndIdle } from './stageStart';
import { markScreenUsable } from './screenUsable';
import { screenFor } from './screenFor';
import { Splash } from '../hud/components/Splash';
import { ToastLayer } from '../hud/components/ToastLayer';
import { QrInvite } from '../hud/components/QrInvite';
import { $hudScrollY } from '../game/stageStores';
import { routeHasMotes, routeHasScene } from '../game/sceneRoutes';
import { Backdrop } from './Backdrop';
import { preloadChunksOf } from './preloadChunks';

// The stage (Pixi, its reconciler, the scenes) loads once the first screen has painted and the page is idle
// (stageStart.ts): the HUD never waits for it.
const StageHost = lazy(() =>
  preloadChunksOf('StageHost')
    .then(() => import('./StageHost'))
    .then((m) => ({ default: m.StageHost })),
);
// Offline banner, update reloads, the iOS install hint and the service worker: once the first screen has
// painted and the page is idle.
const PwaLayer = lazy(() => import('../pwa/PwaLayer'));

/** The app. */
export function App() {
  const view = useStore($view);
  // The first screen after boot renders as a transition (deferred): React renders it in slices behind the
  // splash instead of in one long task; later route changes render at once as before.
  const booting = useDeferredValue(useStore($booting), true);
  const hud = useRef<HTMLDivElement>(null);
  const path = view.kind === 'show' ? view.path : '';
  const scene = view.kind === 'show' && !booting && routeHasScene(view.route);
  // A new screen starts at the top, and the stage's scroll offset with it. Not at mount: the HUD is new and at
  // the top, and scrollTo would force the page's first layout inside React's commit (~25 ms observed at start).
  const mounted = useRef(false);
  useLayoutEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    hud.current?.scrollTo(0, 0);
    $hudScrollY.set(0);
  }, [path]);
  // The stage starts with the first screen that has a scene, once that screen has painted, and stays.
  useEffect(() => (scene ? startStageAfterScreen() : undefined), [scene]);
  const shown = view.kind === 'show' && !booting;
  useEffect(() => {
    if (shown) markScreenUsable();
  }, [shown]);
  // The same element while the view is the same: React then skips the screen when App renders for anything else.
  const screen = useMemo(() => (view.kind === 'show' ? screenFor(view) : null), [view]);
  return (
    <>
      <Backdrop motes={!(view.kind === 'show' && !booting) || routeHasMotes(view.route)} />
      <StageSlot />
      <div className="hud" ref={hud} onScroll={(e) => $hudScrollY.set(e.currentTarget.scrollTop)}>
        {view.kind === 'show' && !booting && (
          <Suspense fallback={null}>
            {/* Keyed by path so a new route (or new params) starts its screen fresh. */}
            <Fragment key={view.path}>{screen}</Fragment>
          </Suspense>
        )}
      </div>
      {(booting || view.kind === 'wait') && <Splash />}
      <ToastLayer />
      <QrInvite />
      <PwaSlot booting={booting} />
    </>
  );
}

// The stage and the PWA layer each follow their own flag in a component of their own: a flag flipping
// re-renders that slot, not App and the screen under it (home's whole HUD, again, in one task at start).

/** Where the stage mounts once it may start (stageStart.ts). */
function StageSlot() {
  const started = useStore($stageStarted);
  return started ? (
    <Suspense fallback={null}>
      <StageHost />
    </Suspense>
  ) : null;
}

/** Where the PWA layer mounts, once the first screen after boot has painted and the page is idle. */
function PwaSlot({ booting }: { booting: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => (!booting && !shown ? whenPaintedAndIdle(() => setShown(true)) : undefined), [booting, shown]);
  return shown ? (
    <Suspense fallback={null}>
      <PwaLayer />
    </Suspense>
  ) : null;
}
