/**
 * The service worker's registration and the update moves of updatePolicy.ts: registered after the first
 * paint (the PWA layer is a lazy chunk), it reports a waiting worker, asks for the new one when the server
 * reports a newer build, and reloads at safe moments (route change, tab hidden, the player's tap).
 */
import { atom } from 'nanostores';
import { $router } from '../stores/router';
import { $mutationsInFlight, $serverBuild } from '../net/netWatch';
import { decideUpdate, DEV_BUILD, updateAvailable, type UpdateFacts, type UpdateMoment } from './updatePolicy';

declare const __APP_BUILD__: string | undefined;

/** This client's build id (defined by the build; 'dev' otherwise). */
export const CLIENT_BUILD: string = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : DEV_BUILD;
/** sessionStorage key: the server build this tab last reloaded for (stops reload loops). */
export const RELOADED_FOR_KEY = 'aeon.reloadedFor';

/** A new service worker is installed and waiting. */
export const $workerWaiting = atom(false);
/** The client should move to a new build (the banner shows). */
export const $updateAvailable = atom(false);

let registration: ServiceWorkerRegistration | undefined;
let reloading = false;
let checkedFor: string | null = null;

function readReloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

function facts(): UpdateFacts {
  return {
    clientBuild: CLIENT_BUILD,
    serverBuild: $serverBuild.get(),
    workerWaiting: $workerWaiting.get(),
    controlled: typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
    mutationsInFlight: $mutationsInFlight.get(),
    reloadedFor: readReloadedFor(),
  };
}

function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  try {
    const server = $serverBuild.get();
    if (server) sessionStorage.setItem(RELOADED_FOR_KEY, server);
  } catch {
    // no sessionStorage: the loop guard is off, the reload still happens once per page
  }
  location.reload();
}

/** Applies the policy at `moment`. */
export function considerUpdate(moment: UpdateMoment): void {
  const f = facts();
  $updateAvailable.set(updateAvailable(f));
  const action = decideUpdate(f, moment);
  if (action === 'check' && registration && checkedFor !== f.serverBuild) {
    checkedFor = f.serverBuild;
    void registration.update().catch(() => undefined);
  } else if (action === 'activate' && registration?.waiting) {
    // The reload follows on controllerchange, once the new worker serves this page.
    reloading = false;
    registration.waiting.postMessage({ type: 'SKIP_WAITING' });
  } else if (action === 'reload') {
    reloadOnce();
  }
}

/** Runs `fn` once no state-changing call is in flight. */
function whenIdle(fn: () => void): void {
  if ($mutationsInFlight.get() === 0) return fn();
  const stop = $mutationsInFlight.listen((n) => {
    if (n > 0) return;
    stop();
    fn();
  });
}

function watchWaiting(reg: ServiceWorkerRegistration): void {
  const mark = () => {
    // A first install (no controller yet) is not an update.
    if (reg.waiting && navigator.serviceWorker.controller) {
      $workerWaiting.set(true);
      considerUpdate('answer');
    }
  };
  mark();
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') mark();
    });
  });
}

/** Registers /sw.js (production builds only) and starts the update checks; returns a stop function. */
export function startServiceWorker(): () => void {
  const stops: (() => void)[] = [];
  // Safe moments: the player moved to another screen, or left the tab.
  stops.push($router.listen(() => considerUpdate('route')));
  const onHidden = () => {
    if (document.visibilityState === 'hidden') considerUpdate('hidden');
  };
  document.addEventListener('visibilitychange', onHidden);
  stops.push(() => document.removeEventListener('visibilitychange', onHidden));
  stops.push($serverBuild.subscribe(() => considerUpdate('answer')));
  // A lazy chunk of a build the server no longer has: the client is old, whatever the header said.
  const onPreloadError = () => {
    if (!navigator.onLine || readReloadedFor() === `chunk:${CLIENT_BUILD}`) return;
    try {
      sessionStorage.setItem(RELOADED_FOR_KEY, `chunk:${CLIENT_BUILD}`);
    } catch {
      return;
    }
    whenIdle(() => location.reload());
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  stops.push(() => window.removeEventListener('vite:preloadError', onPreloadError));

  if (CLIENT_BUILD !== DEV_BUILD && 'serviceWorker' in navigator) {
    const sw = navigator.serviceWorker;
    const onControllerChange = () => {
      // The new worker took over (after our SKIP_WAITING, or another tab's): load the new shell.
      if ($workerWaiting.get()) whenIdle(reloadOnce);
    };
    sw.addEventListener('controllerchange', onControllerChange);
    stops.push(() => sw.removeEventListener('controllerchange', onControllerChange));
    sw.register('/sw.js', { scope: '/' }).then(
      (reg) => {
        registration = reg;
        watchWaiting(reg);
      },
      (err: unknown) => console.warn('service worker not registered', err),
    );
  }
  return () => stops.forEach((s) => s());
}
