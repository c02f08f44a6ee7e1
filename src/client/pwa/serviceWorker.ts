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

/** What the worker glue uses from the browser; tests pass stand-ins. */
export interface WorkerEnv {
  clientBuild: string;
  /** navigator.serviceWorker, undefined where there is none. */
  container: ServiceWorkerContainer | undefined;
  reload: () => void;
}

const browserEnv = (): WorkerEnv => ({
  clientBuild: CLIENT_BUILD,
  container: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  reload: () => location.reload(),
});

let env: WorkerEnv = { clientBuild: CLIENT_BUILD, container: undefined, reload: () => undefined };
let registration: ServiceWorkerRegistration | undefined;
let reloading = false;
let checkedFor: string | null = null;
/** A lazy chunk failed to load while online: this client is older than the server's files. */
let chunkMissing = false;

function readReloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

function facts(): UpdateFacts {
  return {
    clientBuild: env.clientBuild,
    serverBuild: $serverBuild.get(),
    workerWaiting: $workerWaiting.get(),
    controlled: !!env.container?.controller,
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
  env.reload();
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
    registration.waiting.postMessage({ type: 'SKIP_WAITING' });
  } else if (action === 'reload') {
    reloadOnce();
  }
}

function watchWaiting(reg: ServiceWorkerRegistration): void {
  const mark = () => {
    // A first install (no controller yet) is not an update.
    if (!reg.waiting || !env.container?.controller) return;
    $workerWaiting.set(true);
    // A screen could not load its chunk: move on now rather than at the next safe moment.
    considerUpdate(chunkMissing ? 'button' : 'answer');
  };
  mark();
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') mark();
    });
  });
}

/** A lazy chunk of an older build is gone from the server: fetch the new worker, or reload without one. */
function onChunkMissing(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  chunkMissing = true;
  if (registration && env.container?.controller) void registration.update().catch(() => undefined);
  else if (readReloadedFor() !== `chunk:${env.clientBuild}`) {
    try {
      sessionStorage.setItem(RELOADED_FOR_KEY, `chunk:${env.clientBuild}`);
    } catch {
      return;
    }
    whenIdle(() => env.reload());
  }
}

/** Registers /sw.js (production builds only) and starts the update checks; returns a stop function. */
export function startServiceWorker(given: Partial<WorkerEnv> = {}): () => void {
  env = { ...browserEnv(), ...given };
  reloading = false;
  checkedFor = null;
  chunkMissing = false;
  registration = undefined;
  const stops: (() => void)[] = [];
  // Safe moments: the player moved to another screen, or left the tab.
  stops.push($router.listen(() => considerUpdate('route')));
  const onHidden = () => {
    if (document.visibilityState === 'hidden') considerUpdate('hidden');
  };
  document.addEventListener('visibilitychange', onHidden);
  stops.push(() => document.removeEventListener('visibilitychange', onHidden));
  stops.push($serverBuild.subscribe(() => considerUpdate('answer')));
  window.addEventListener('vite:preloadError', onChunkMissing);
  stops.push(() => window.removeEventListener('vite:preloadError', onChunkMissing));

  const sw = env.container;
  if (env.clientBuild !== DEV_BUILD && sw) {
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
        // An answer may have told a newer build before the registration existed.
        considerUpdate('answer');
      },
      (err: unknown) => console.warn('service worker not registered', err),
    );
  }
  return () => stops.forEach((s) => s());
}
