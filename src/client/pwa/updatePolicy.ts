/**
 * When an old client moves to the new build (README "Installable app"). The client is old when the
 * server reports another build id (X-App-Build) or a new service worker is waiting. It then reloads at a
 * safe moment only: a route change, the tab going to the background, or the player's tap on "Reload";
 * never while a state-changing call is in flight (a purchase, a withdrawal), and never twice for the same
 * server build (if the reload did not help, a banner stays instead of a loop).
 */

/** The client's build id when the build did not define one (dev server, tests): never out of date. */
export const DEV_BUILD = 'dev';

/** What the update decision looks at. */
export interface UpdateFacts {
  clientBuild: string;
  /** The build the server reports, null until known. */
  serverBuild: string | null;
  /** A new service worker is installed and waiting to take over. */
  workerWaiting: boolean;
  /** This page is controlled by a service worker (its reload would be served by the worker). */
  controlled: boolean;
  mutationsInFlight: number;
  /** The server build this tab already reloaded for (sessionStorage), null if none. */
  reloadedFor: string | null;
}

/** What prompted the decision. */
export type UpdateMoment = 'route' | 'hidden' | 'button' | 'answer';

/** What to do now. */
export type UpdateAction =
  | 'none'
  /** Out of date, but not now: wait for the next safe moment. */
  | 'wait'
  /** Ask the new worker to take over (SKIP_WAITING), then reload when it controls the page. */
  | 'activate'
  /** Ask the worker registration to look for the new worker (it is not downloaded yet). */
  | 'check'
  | 'reload';

/** True when the server serves another build than this client's. */
export function serverIsNewer(f: Pick<UpdateFacts, 'clientBuild' | 'serverBuild'>): boolean {
  return f.clientBuild !== DEV_BUILD && f.serverBuild !== null && f.serverBuild !== f.clientBuild;
}

/**
 * True when a reload would bring the new build (the "new version" banner shows): a new worker waits, or
 * no worker serves this page and the server has another build. A page served by the old worker must
 * wait for the new one first, else the reload would get the old shell from the cache.
 */
export function updateAvailable(f: UpdateFacts): boolean {
  return f.workerWaiting || (serverIsNewer(f) && !f.controlled && f.reloadedFor !== f.serverBuild);
}

/** The action for `f` at `moment`. */
export function decideUpdate(f: UpdateFacts, moment: UpdateMoment): UpdateAction {
  // Newer server, old worker: fetch the new worker; its arrival makes the update available.
  if (!f.workerWaiting && f.controlled && serverIsNewer(f)) return 'check';
  if (!updateAvailable(f)) return 'none';
  if (moment === 'answer') return 'wait';
  if (f.mutationsInFlight > 0) return 'wait';
  return f.workerWaiting ? 'activate' : 'reload';
}
