/**
 * The route table of all three specs: every path the client knows, with who may open it. The client's
 * router is built from ROUTE_PATHS; its guards read ROUTE_RULES. Pure data, shared so the server and the
 * e2e tests can list the same paths.
 */

/** Path pattern of every route (nanostores router syntax: `:param`, `:param?` optional). */
export const ROUTE_PATHS = {
  home: '/',
  hello: '/hello',
  login: '/login',
  register: '/register',
  registerCode: '/register/code/:code',
  registerRef: '/register/ref/:code',
  resetPassword: '/reset-password',
  resetPasswordToken: '/reset-password/:token',
  verifyEmail: '/verify-email/:message/:message2',
  onboarding: '/onboarding',
  onboardingEcto: '/onboardingecto',
  eidol: '/eidol',
  send: '/send/:sendto?',
  exchange: '/exchange',
  deposit: '/deposit',
  withdraw: '/withdraw',
  starterGas: '/startergas',
  starterBuy: '/starterbuy',
  mageShop: '/mageshop',
  eggShop: '/eggshop',
  gdaoShop: '/gdaoshop',
  gdaoChest: '/gdaochest',
  gdaoLedger: '/gdaoledger',
  pop: '/pop',
  transmute: '/transmute',
  transmuteEcto: '/transmuteecto',
  ecto: '/ecto',
  extract: '/extract',
  feed: '/feed',
  apple: '/apple',
  coop: '/coop',
  tax: '/tax',
  ogle: '/ogle',
  popEidol: '/popeidol',
  trainEidol: '/traineidol',
  forum: '/forum',
  ditch: '/ditch',
  gallery: '/gallery',
  /** Not in the specs: the player's own sessions (list, end), reached from the home menu. */
  sessions: '/sessions',
  /** Not in the specs: the second factor (authenticator app, passkeys, recovery codes), reached from /sessions. */
  security: '/security',
  /** Not in the specs: the withdrawal mail's freeze link, a page whose button freezes withdrawals (no login needed). */
  freeze: '/freeze/:token',
  /** Not in the specs: the unfreeze mail's link, a page whose button unfreezes withdrawals (logged in as the owner). */
  unfreeze: '/unfreeze/:token',
  /** Not in the specs: the public fairness record (ECONOMY.md "What must be shown"), open to everyone. */
  fairness: '/fairness',
  /** Not in the specs: the public solvency report (ECONOMY.md "What must be shown"), open to everyone. */
  solvency: '/solvency',
} as const;

/** Name of a route. */
export type RouteName = keyof typeof ROUTE_PATHS;

/**
 * Who may open a route:
 * - `guest`: guest-only; a logged-in player is sent to `/` (login, landing, registration);
 * - `guestStay`: guest-only in the spec but still reachable when logged in, because mail links open there;
 * - `auth`: needs a logged-in player (and completed onboarding, except on the onboarding routes);
 * - `dev`: exists only in development builds and needs no login (the art gallery);
 * - `public`: anyone, guest or player, before or after onboarding, even while the session is unknown.
 */
export type RouteAccess = 'guest' | 'guestStay' | 'auth' | 'dev' | 'public';

/** Access rule of one route. */
export interface RouteRule {
  access: RouteAccess;
  /** Only admins may open it; others go to `/`. The spec keeps the flag but flags no route. */
  adminOnly?: boolean;
  /** Reachable while onboarding is not completed (the onboarding carousels themselves). */
  onboarding?: boolean;
}

const auth: RouteRule = { access: 'auth' };

/** Access rule of every route. */
export const ROUTE_RULES: Record<RouteName, RouteRule> = {
  home: auth,
  hello: { access: 'guest' },
  login: { access: 'guest' },
  register: { access: 'guest' },
  registerCode: { access: 'guest' },
  registerRef: { access: 'guest' },
  resetPassword: { access: 'guestStay' },
  resetPasswordToken: { access: 'guestStay' },
  verifyEmail: { access: 'guestStay' },
  onboarding: { access: 'auth', onboarding: true },
  onboardingEcto: { access: 'auth', onboarding: true },
  eidol: auth,
  send: auth,
  exchange: auth,
  deposit: auth,
  withdraw: auth,
  starterGas: auth,
  starterBuy: auth,
  mageShop: auth,
  eggShop: auth,
  gdaoShop: auth,
  gdaoChest: auth,
  gdaoLedger: auth,
  pop: auth,
  transmute: auth,
  transmuteEcto: auth,
  ecto: auth,
  extract: auth,
  feed: auth,
  apple: auth,
  coop: auth,
  tax: auth,
  ogle: auth,
  popEidol: auth,
  trainEidol: auth,
  forum: auth,
  ditch: auth,
  gallery: { access: 'dev' },
  sessions: auth,
  security: auth,
  freeze: { access: 'public' },
  unfreeze: auth,
  fairness: { access: 'public' },
  solvency: { access: 'public' },
};

/** Every route name, in table order. */
export const ROUTE_NAMES = Object.keys(ROUTE_PATHS) as RouteName[];
