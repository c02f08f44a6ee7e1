/**
 * What the HTTP client learns in passing, for the PWA layer (src/client/pwa): whether the last call got an
 * answer (offline banner), the build id the server reports (update check), and how many state-changing
 * calls are in flight (a reload never cuts one off). Tiny on purpose: it is part of the first paint.
 */
import { atom } from 'nanostores';

/** The response header with the server's client-build id (src/server/http/buildId.ts). */
export const BUILD_HEADER = 'x-app-build';

/** True after a call got no answer at all, until one does. */
export const $noAnswer = atom(false);
/** The build id the server last reported (null: none yet, or a server without a build). */
export const $serverBuild = atom<string | null>(null);
/** State-changing calls (POST…) in flight. */
export const $mutationsInFlight = atom(0);

/** Records an answer: the server is reachable, and tells its build. */
export function noteAnswer(headers: Pick<Headers, 'get'> | undefined): void {
  if ($noAnswer.get()) $noAnswer.set(false);
  const build = headers?.get(BUILD_HEADER);
  if (build && build !== $serverBuild.get()) $serverBuild.set(build);
}

/** Records a call that got no answer (network down, server unreachable). */
export function noteNoAnswer(): void {
  if (!$noAnswer.get()) $noAnswer.set(true);
}

/** Counts a state-changing call until the returned function is called. */
export function trackMutation(): () => void {
  $mutationsInFlight.set($mutationsInFlight.get() + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    $mutationsInFlight.set(Math.max(0, $mutationsInFlight.get() - 1));
  };
}
