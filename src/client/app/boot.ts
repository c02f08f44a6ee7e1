/**
 * Boot: the public config and the auth status load in parallel behind the splash (the atlases are not
 * boot's: each scene loads the sheets it draws from, with Pixi, after the HUD has painted). A failed
 * status call (no answer or a server error, not a plain 401) sends the visitor to /login unless the
 * path is an entry page (spec 1 §2).
 */
import { atom } from 'nanostores';
import { api, type Api } from '../net/api';
import { $config } from '../stores/config';
import { $session, setGuest, setUser } from '../stores/session';
import { $router, currentUrl, navigate } from '../stores/router';
import { ROUTE_RULES, type RouteName } from '../../shared/routes';
import { rememberIntended } from '../stores/intended';
import { authFailureRedirect } from './guards';
import { preloadChunksOf } from './preloadChunks';

/** True while the boot requests run (the splash shows). */
export const $booting = atom(true);

/** Asks the server who is logged in and records the answer. */
export async function refreshSession(client: Api = api): Promise<void> {
  const status = await client.authStatus();
  if (status.ok) return setUser(status.data);
  const serverFailed = status.status === 0 || status.status >= 500;
  setGuest(serverFailed);
  const route = $router.get()?.route as RouteName | undefined;
  // The dev-only gallery needs no server at all; a public page (/fairness) needs no login.
  const devRoute = route !== undefined && (ROUTE_RULES[route].access === 'dev' || ROUTE_RULES[route].access === 'public');
  if (serverFailed && !devRoute && authFailureRedirect(location.pathname)) {
    rememberIntended(currentUrl());
    navigate('/login', true);
  }
}

let servicesLoading = false;

/**
 * Loads and starts the logged-in player's services (sessionServices.ts: socket, game sync, transaction
 * updates, notices) once a user is known: at boot for a returning player, at login or register for a
 * guest. They follow $session from then on (a logout stops the socket, a new login starts it again).
 */
function startSessionServicesForUser(client: Api): void {
  const load = () => {
    if (servicesLoading) return;
    servicesLoading = true;
    preloadChunksOf('sessionServices')
      .then(() => import('./sessionServices'))
      .then(
        (m) => void m.startSessionServices(() => void refreshSession(client)),
        (error: unknown) => {
          // A dropped connection: the next change of session tries again.
          servicesLoading = false;
          console.error('the session services did not load', error);
        },
      );
  };
  $session.subscribe((session) => {
    if (session.status === 'user') load();
  });
}

/** Runs the boot requests once; the splash hides when config and status have settled, whatever their outcome. */
export async function boot(client: Api = api): Promise<void> {
  startSessionServicesForUser(client);
  await Promise.all([
    client.config().then((r) => {
      if (r.ok) {
        $config.set(r.data);
        if (r.data.product_name) document.title = r.data.product_name;
      } else console.warn('config unavailable:', r.text);
    }),
    refreshSession(client),
  ]);
  $booting.set(false);
}
