/**
 * The routes whose screen has a scene on the Pixi stage (sceneForRoute.ts draws them). Every other screen
 * stands on the CSS backdrop (app/Backdrop.tsx), so a visitor who only sees those never starts WebGL: every
 * entry screen (register's master is drawn in the DOM, hud/components/BandArtView.tsx) is one of them. Kept
 * apart from sceneForRoute so the first-paint chunk can ask without loading the stage.
 */
import type { RouteName } from '../../shared/routes';

const SCENE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'onboarding',
  'onboardingEcto',
  'eidol',
  'home',
  'forum',
  'ditch',
  'mageShop',
  'eggShop',
  'gdaoShop',
]);

/** Whether the route's screen has a scene on the stage. */
export function routeHasScene(route: RouteName | null): boolean {
  return route !== null && SCENE_ROUTES.has(route);
}

// Register's and the referral landing's band is drawn in the DOM (hud/components/BandArtView.tsx): they stood
// on the stage before and keep its still look, without the backdrop's drifting motes.
const DOM_BAND_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['register', 'registerRef', 'registerCode']);

/** Whether the route's screen shows the backdrop's drifting motes (the plain entry screens do; band and scene screens do not). */
export function routeHasMotes(route: RouteName | null): boolean {
  return !routeHasScene(route) && !(route !== null && DOM_BAND_ROUTES.has(route));
}
