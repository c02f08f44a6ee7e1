/**
 * Applies the guards to the router: $view is what the shell renders (a page, or the splash while the
 * session is unknown), and every redirect decision is carried out with history replaced.
 */
import { computed } from 'nanostores';
import type { RouteName } from '../../shared/routes';
import { $router, navigate } from '../stores/router';
import { $session } from '../stores/session';
import { rememberIntended } from '../stores/intended';
import { guardRoute, type GuardDecision } from './guards';

/** The page the shell shows, or `wait` (splash). */
export type View =
  | { kind: 'wait' }
  | { kind: 'show'; route: RouteName; params: Record<string, string | undefined>; search: Record<string, string>; path: string };

/** The guard decision for the current URL and session. */
export const $decision = computed([$router, $session], (page, session): GuardDecision => {
  const url = page ? page.path + (Object.keys(page.search).length ? `?${new URLSearchParams(page.search)}` : '') : '/';
  return guardRoute((page?.route as RouteName | undefined) ?? null, url, session, import.meta.env.DEV);
});

/** What the shell renders. */
export const $view = computed([$router, $decision], (page, decision): View => {
  if (!page || decision.kind !== 'show') return { kind: 'wait' };
  return {
    kind: 'show',
    route: page.route as RouteName,
    params: page.params as Record<string, string | undefined>,
    search: page.search,
    path: page.path,
  };
});

/** Starts carrying out redirects; returns the teardown. */
export function startGuards(): () => void {
  let scheduled = false;
  return $decision.subscribe((decision) => {
    if (decision.kind !== 'redirect' || scheduled) return;
    // Redirect after the router finished its own navigation, so our replaceState wins over its pushState.
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      const now = $decision.get();
      if (now.kind !== 'redirect') return;
      if (now.remember) rememberIntended(now.remember);
      navigate(now.to, true);
    });
  });
}
