/**
 * Route guards (spec 1 §2 access rules), as pure functions of the route, the session and the build mode.
 * The shell applies the decision; tests call these directly.
 */
import { ROUTE_RULES, type RouteName } from '../../shared/routes';

/** The session facts the guards read. */
export interface GuardSession {
  status: 'unknown' | 'guest' | 'user';
  user: (OnboardingFacts & { is_admin?: boolean }) | null;
}

/** What decides whether the onboarding carousel is due. */
export interface OnboardingFacts {
  completed_onboarding: boolean;
  email_confirmed: boolean;
}

/**
 * Onboarding runs once, after the e-mail is confirmed: it ran at registration and again from slide 1 after
 * the first login (the confirmation ends the session), so a new player saw it twice. Before confirming, the
 * player is at home, where the confirm reminder is the next step.
 */
export function onboardingDue(user: OnboardingFacts): boolean {
  return user.email_confirmed && !user.completed_onboarding;
}

/** What the shell should do with a navigation. */
export type GuardDecision =
  | { kind: 'show' }
  /** The session is not known yet: keep the splash. */
  | { kind: 'wait' }
  /** Go elsewhere (history replaced); `remember` is the URL to restore after login. */
  | { kind: 'redirect'; to: string; remember?: string };

/** Where a logged-in player lands: home, or onboarding while it is due. */
export function homeFor(user: OnboardingFacts): '/' | '/onboarding' {
  return onboardingDue(user) ? '/onboarding' : '/';
}

/**
 * Decides a navigation. `route` is null when no route matches `url` (pathname + search). `dev` is true in a
 * development build (the gallery exists only there).
 */
export function guardRoute(route: RouteName | null, url: string, session: GuardSession, dev: boolean): GuardDecision {
  if (route === null) return { kind: 'redirect', to: '/' };
  const rule = ROUTE_RULES[route];
  if (rule.access === 'dev') return dev ? { kind: 'show' } : { kind: 'redirect', to: '/' };
  if (rule.access === 'guestStay' || rule.access === 'public') return { kind: 'show' };
  if (session.status === 'unknown') return { kind: 'wait' };
  const user = session.status === 'user' ? session.user : null;
  if (rule.access === 'guest') return user ? { kind: 'redirect', to: homeFor(user) } : { kind: 'show' };
  if (!user) return { kind: 'redirect', to: '/hello', remember: url };
  if (rule.adminOnly && !user.is_admin) return { kind: 'redirect', to: '/' };
  if (onboardingDue(user) && !rule.onboarding) return { kind: 'redirect', to: '/onboarding' };
  return { kind: 'show' };
}

/** Path fragments on which a failed auth-status call does not force /login (spec 1 §2). */
export const AUTH_FAILURE_ALLOWED = ['ref', '/register', '/hello', '/login'] as const;

/**
 * Where a failed auth-status call (no answer, or a server error: not a plain 401, which just means
 * "guest") sends the visitor: /login, unless the path contains one of AUTH_FAILURE_ALLOWED.
 */
export function authFailureRedirect(path: string): '/login' | null {
  return AUTH_FAILURE_ALLOWED.some((part) => path.includes(part)) ? null : '/login';
}

/** Where a fresh login goes: onboarding while due, else the remembered URL (unless it is an entry page), else home. */
export function afterLoginTarget(intended: string | null, user: OnboardingFacts): string {
  if (onboardingDue(user)) return '/onboarding';
  if (intended && intended.startsWith('/') && !intended.startsWith('//') && !/^\/(login|hello|register)/.test(intended)) {
    return intended;
  }
  return '/';
}
