/** $router: the URL as a nanostores page over the route table of src/shared/routes.ts. */
import { createRouter } from '@nanostores/router';
import { ROUTE_PATHS } from '../../shared/routes';

/** The current page (undefined when no route matches). */
export const $router = createRouter(ROUTE_PATHS, { links: true });

/** Opens a path in the app; `replace` keeps the history entry (redirects). */
export function navigate(path: string, replace = false): void {
  $router.open(path, replace);
}

/** The current path with its query, as remembered for after login. */
export function currentUrl(): string {
  if (typeof location === 'undefined') return '/';
  return location.pathname + location.search;
}
