/** Which HUD screen renders for a route. */
import { lazy, type ComponentType, type ReactElement } from 'react';
import { preloadChunksOf } from './preloadChunks';
import type { RouteName } from '../../shared/routes';
import type { ScreenTable, ShownView } from './screenTable';
import HelloScreen from '../hud/screens/HelloScreen';
import LoginScreen from '../hud/screens/LoginScreen';
import RegisterScreen from '../hud/screens/RegisterScreen';
import ReferralScreen from '../hud/screens/ReferralScreen';
import ResetRequestScreen from '../hud/screens/ResetRequestScreen';
import NewPasswordScreen from '../hud/screens/NewPasswordScreen';
import VerifyEmailScreen from '../hud/screens/VerifyEmailScreen';
import { walletScreens } from '../hud/screens/wallet/walletScreens';
import { shopScreens } from '../hud/screens/shop/shopScreens';
import { itemScreens } from '../hud/screens/items/itemScreens';

// The entry screens above are in the first-paint chunk; every screen behind login loads with its route
// (App's Suspense shows nothing meanwhile), so the first paint does not carry them.
const OnboardingScreen = lazy(() => import('../hud/screens/OnboardingScreen'));
// Home's chunks are linked a few per task first (preloadChunks.ts): it is where a returning player lands.
const HomeScreen = lazy(() => preloadChunksOf('HomeScreen').then(() => import('../hud/screens/HomeScreen')));
const EidolScreen = lazy(() => import('../hud/screens/EidolScreen'));
const SessionsScreen = lazy(() => import('../hud/screens/SessionsScreen'));
const SecurityScreen = lazy(() => import('../hud/screens/security/SecurityScreen'));
const FreezeLinkScreen = lazy(() => import('../hud/screens/security/FreezeLinkScreen'));
const UnfreezeLinkScreen = lazy(() => import('../hud/screens/security/UnfreezeLinkScreen'));
const FairnessScreen = lazy(() => import('../hud/screens/FairnessScreen'));
const SolvencyScreen = lazy(() => import('../hud/screens/SolvencyScreen'));
const CoopScreen = lazy(() => import('../hud/screens/coop/CoopScreen'));
const GdaoLedgerScreen = lazy(() => import('../hud/screens/coop/GdaoLedgerScreen'));
const TaxScreen = lazy(() => import('../hud/screens/coop/TaxScreen'));
const ForumScreen = lazy(() => import('../hud/screens/world/ForumScreen'));

/** The art gallery, only in development builds (the import vanishes from production bundles). */
const GalleryScreen: ComponentType | null = import.meta.env.DEV ? lazy(() => import('../hud/screens/GalleryScreen')) : null;

/** Every route's screen: a Record over all route names, so a route without a screen does not compile. */
const SCREENS: ScreenTable<RouteName> = {
  home: () => <HomeScreen />,
  eidol: () => <EidolScreen />,
  hello: () => <HelloScreen />,
  login: () => <LoginScreen />,
  register: () => <RegisterScreen />,
  registerRef: ({ params }) => <RegisterScreen refCode={params.code ?? ''} />,
  registerCode: ({ params }) => <ReferralScreen code={params.code ?? ''} />,
  resetPassword: () => <ResetRequestScreen />,
  resetPasswordToken: ({ params, search }) => <NewPasswordScreen token={params.token ?? ''} email={search.email ?? ''} />,
  verifyEmail: ({ params }) => <VerifyEmailScreen message={params.message ?? ''} message2={params.message2 ?? ''} />,
  onboarding: () => <OnboardingScreen />,
  onboardingEcto: () => <OnboardingScreen variant="ecto" />,
  sessions: () => <SessionsScreen />,
  security: () => <SecurityScreen />,
  freeze: ({ params }) => <FreezeLinkScreen token={params.token ?? ''} />,
  unfreeze: ({ params }) => <UnfreezeLinkScreen token={params.token ?? ''} />,
  // `/fairness?round=<id>` opens that round's recomputation: the link to share for one round.
  fairness: ({ search }) => <FairnessScreen round={search.round ? Number(search.round) : undefined} />,
  solvency: () => <SolvencyScreen />,
  coop: () => <CoopScreen />,
  gdaoLedger: () => <GdaoLedgerScreen />,
  tax: () => <TaxScreen />,
  forum: () => <ForumScreen key="forum" room={1} />,
  ditch: () => <ForumScreen key="ditch" room={2} />,
  // Production builds have no gallery; their guard sends /gallery to / before any screen renders.
  gallery: () => (GalleryScreen ? <GalleryScreen /> : <></>),
  ...walletScreens,
  ...shopScreens,
  ...itemScreens,
};

/** The element for a shown view. */
export function screenFor(view: ShownView): ReactElement {
  return SCREENS[view.route](view);
}
