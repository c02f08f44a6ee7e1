/**
 * The routes whose screen has a scene on the Pixi stage (sceneForRoute.ts draws them). Every other screen
 * stands on the CSS backdrop (app/Backdrop.tsx), so a visitor who only sees those never starts WebGL. Kept
 * apart from sceneForRoute so the first-paint chunk can ask without loading the stage.
 */
import type { RouteName } from '../../shared/routes';

const SCENE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['register', 'registerRef', 'registerCode', 'onboarding', 'onboardingEcto', 'eidol', 'home', 'forum', 'ditch', 'mageShop', 'eggShop', 'gdaoShop']);

/** Whether the route's screen has a scene on the stage. */
export function routeHasScene(route: RouteName | null): boolean {
  return route !== null && SCENE_ROUTES.has(route);
}
