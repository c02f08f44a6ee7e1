/** Which HUD screen renders for a route; routes without their screen yet get the "not built yet" panel. */
import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteName } from '../../shared/routes';
import type { View } from './routeView';
import HelloScreen from '../hud/screens/HelloScreen';
import LoginScreen from '../hud/screens/LoginScreen';
import RegisterScreen from '../hud/screens/RegisterScreen';
import ReferralScreen from '../hud/screens/ReferralScreen';
import ResetRequestScreen from '../hud/screens/ResetRequestScreen';
import NewPasswordScreen from '../hud/screens/NewPasswordScreen';
import VerifyEmailScreen from '../hud/screens/VerifyEmailScreen';
import NotBuiltScreen from '../hud/screens/NotBuiltScreen';
import { walletRouteNames, walletScreenFor } from '../hud/screens/wallet/walletScreens';
import { shopRouteNames, shopScreenFor } from '../hud/screens/shop/shopScreens';
import { itemRouteNames, itemScreenFor } from '../hud/screens/items/itemScreens';

// The entry screens above are in the first-paint chunk; every screen behind login loads with its route
// (App's Suspense shows nothing meanwhile), so the first paint does not carry them.
const OnboardingScreen = lazy(() => import('../hud/screens/OnboardingScreen'));
const HomeScreen = lazy(() => import('../hud/screens/HomeScreen'));
const EidolScreen = lazy(() => import('../hud/screens/EidolScreen'));
const SessionsScreen = lazy(() => import('../hud/screens/SessionsScreen'));
const FairnessScreen = lazy(() => import('../hud/screens/FairnessScreen'));
const SolvencyScreen = lazy(() => import('../hud/screens/SolvencyScreen'));
const CoopScreen = lazy(() => import('../hud/screens/coop/CoopScreen'));
const GdaoLedgerScreen = lazy(() => import('../hud/screens/coop/GdaoLedgerScreen'));
const TaxScreen = lazy(() => import('../hud/screens/coop/TaxScreen'));
const ForumScreen = lazy(() => import('../hud/screens/world/ForumScreen'));

/** The art gallery, only in development builds (the import vanishes from production bundles). */
const GalleryScreen: ComponentType | null = import.meta.env.DEV ? lazy(() => import('../hud/screens/GalleryScreen')) : null;

/** Routes that have their real screen in this build. */
export const BUILT_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'home',
  'eidol',
  'hello',
  'login',
  'register',
  'registerCode',
  'registerRef',
  'resetPassword',
  'resetPasswordToken',
  'verifyEmail',
  'onboarding',
  'onboardingEcto',
  'gallery',
  'sessions',
  'fairness',
  'solvency',
  'coop',
  'gdaoLedger',
  'tax',
  'forum',
  'ditch',
  ...walletRouteNames,
  ...shopRouteNames,
  ...itemRouteNames,
]);

/** The element for a shown view. */
export function screenFor(view: Extract<View, { kind: 'show' }>): ReactElement {
  const p = view.params;
  switch (view.route) {
    case 'home':
      return <HomeScreen />;
    case 'eidol':
      return <EidolScreen />;
    case 'hello':
      return <HelloScreen />;
    case 'login':
      return <LoginScreen />;
    case 'register':
      return <RegisterScreen />;
    case 'registerRef':
      return <RegisterScreen refCode={p.code ?? ''} />;
    case 'registerCode':
      return <ReferralScreen code={p.code ?? ''} />;
    case 'resetPassword':
      return <ResetRequestScreen />;
    case 'resetPasswordToken':
      return <NewPasswordScreen token={p.token ?? ''} email={view.search.email ?? ''} />;
    case 'verifyEmail':
      return <VerifyEmailScreen message={p.message ?? ''} message2={p.message2 ?? ''} />;
    case 'onboarding':
      return <OnboardingScreen />;
    case 'onboardingEcto':
      return <OnboardingScreen variant="ecto" />;
    case 'sessions':
      return <SessionsScreen />;
    case 'fairness':
      // `/fairness?round=<id>` opens that round's recomputation: the link to share for one round.
      return <FairnessScreen round={view.search.round ? Number(view.search.round) : undefined} />;
    case 'solvency':
      return <SolvencyScreen />;
    case 'coop':
      return <CoopScreen />;
    case 'gdaoLedger':
      return <GdaoLedgerScreen />;
    case 'tax':
      return <TaxScreen />;
    case 'forum':
      return <ForumScreen key="forum" room={1} />;
    case 'ditch':
      return <ForumScreen key="ditch" room={2} />;
    case 'gallery':
      return GalleryScreen ? <GalleryScreen /> : <NotBuiltScreen path={view.path} />;
    default:
      return walletScreenFor(view) ?? shopScreenFor(view) ?? itemScreenFor(view) ?? <NotBuiltScreen path={view.path} />;
  }
}
