import { describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  authFailureRedirect,
  guardRoute,
  homeFor,
  onboardingDue,
  type GuardSession,
} from '../../../../src/client/app/guards';
import { ROUTE_NAMES, ROUTE_RULES, type RouteName } from '../../../../src/shared/routes';

const guest: GuardSession = { status: 'guest', user: null };
const unknown: GuardSession = { status: 'unknown', user: null };
const player: GuardSession = { status: 'user', user: { completed_onboarding: true, email_confirmed: true, is_admin: false } };
const newbie: GuardSession = { status: 'user', user: { completed_onboarding: false, email_confirmed: true, is_admin: false } };
/** Registered, e-mail not confirmed yet: onboarding is not due. */
const unconfirmed: GuardSession = { status: 'user', user: { completed_onboarding: false, email_confirmed: false, is_admin: false } };

const GUEST_ONLY: RouteName[] = ['hello', 'login', 'register', 'registerCode', 'registerRef'];
const MAIL_LINKS: RouteName[] = ['resetPassword', 'resetPasswordToken', 'verifyEmail'];
const AUTH = ROUTE_NAMES.filter((r) => ROUTE_RULES[r].access === 'auth');

describe('guardRoute', () => {
  it('shows guest-only and mail-link routes to guests', () => {
    for (const r of [...GUEST_ONLY, ...MAIL_LINKS]) expect(guardRoute(r, '/x', guest, false)).toEqual({ kind: 'show' });
  });

  it('sends a logged-in player on /login, /hello and /register* home (or to onboarding)', () => {
    for (const r of GUEST_ONLY) {
      expect(guardRoute(r, '/x', player, false)).toEqual({ kind: 'redirect', to: '/' });
      expect(guardRoute(r, '/x', newbie, false)).toEqual({ kind: 'redirect', to: '/onboarding' });
    }
  });

  it('keeps /verify-email and /reset-password* reachable when logged in, even before onboarding and before the session is known', () => {
    for (const r of MAIL_LINKS) {
      expect(guardRoute(r, '/x', player, false)).toEqual({ kind: 'show' });
      expect(guardRoute(r, '/x', newbie, false)).toEqual({ kind: 'show' });
      expect(guardRoute(r, '/x', unknown, false)).toEqual({ kind: 'show' });
    }
  });

  it('redirects a guest on every other route to /hello, remembering the URL', () => {
    expect(AUTH.length).toBeGreaterThan(25);
    for (const r of AUTH)
      expect(guardRoute(r, '/send/0xabc?x=1', guest, false)).toEqual({ kind: 'redirect', to: '/hello', remember: '/send/0xabc?x=1' });
  });

  it('shows /fairness to everyone: guests, players, players before onboarding, and before the session is known', () => {
    for (const s of [guest, player, newbie, unknown])
      expect(guardRoute('fairness', '/fairness?round=3', s, false)).toEqual({ kind: 'show' });
    expect(ROUTE_NAMES.filter((r) => ROUTE_RULES[r].access === 'public')).toEqual(['freeze', 'fairness', 'solvency']);
  });

  it('shows /solvency to everyone: guests, players, players before onboarding, and before the session is known', () => {
    for (const s of [guest, player, newbie, unknown]) expect(guardRoute('solvency', '/solvency', s, false)).toEqual({ kind: 'show' });
  });

  it('waits while the session is unknown', () => {
    expect(guardRoute('home', '/', unknown, false)).toEqual({ kind: 'wait' });
    expect(guardRoute('login', '/login', unknown, false)).toEqual({ kind: 'wait' });
  });

  it('sends a player who has not completed onboarding to /onboarding, except on the onboarding carousels', () => {
    expect(guardRoute('home', '/', newbie, false)).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(guardRoute('forum', '/forum', newbie, false)).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(guardRoute('onboarding', '/onboarding', newbie, false)).toEqual({ kind: 'show' });
    expect(guardRoute('onboardingEcto', '/onboardingecto', newbie, false)).toEqual({ kind: 'show' });
    for (const r of AUTH) expect(guardRoute(r, '/x', player, false)).toEqual({ kind: 'show' });
  });

  it('does not run onboarding before the e-mail is confirmed: the player stays home, and a guest page sends them home', () => {
    expect(guardRoute('home', '/', unconfirmed, false)).toEqual({ kind: 'show' });
    expect(guardRoute('forum', '/forum', unconfirmed, false)).toEqual({ kind: 'show' });
    for (const r of GUEST_ONLY) expect(guardRoute(r, '/x', unconfirmed, false)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('flags no route admin-only, and an admin-only route sends non-admins home', () => {
    expect(ROUTE_NAMES.filter((r) => ROUTE_RULES[r].adminOnly)).toEqual([]);
    const original = ROUTE_RULES.forum;
    ROUTE_RULES.forum = { access: 'auth', adminOnly: true };
    try {
      expect(guardRoute('forum', '/forum', player, false)).toEqual({ kind: 'redirect', to: '/' });
      const admin: GuardSession = { status: 'user', user: { completed_onboarding: true, email_confirmed: true, is_admin: true } };
      expect(guardRoute('forum', '/forum', admin, false)).toEqual({ kind: 'show' });
    } finally {
      ROUTE_RULES.forum = original;
    }
  });

  it('sends unknown paths home and hides the gallery outside development', () => {
    expect(guardRoute(null, '/nope', guest, false)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('gallery', '/gallery', guest, false)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('gallery', '/gallery', guest, true)).toEqual({ kind: 'show' });
  });
});

describe('authFailureRedirect', () => {
  it('sends to /login except on paths containing ref, /register, /hello or /login', () => {
    expect(authFailureRedirect('/')).toBe('/login');
    expect(authFailureRedirect('/forum')).toBe('/login');
    expect(authFailureRedirect('/verify-email/a/b')).toBe('/login');
    for (const p of ['/register', '/register/code/AB', '/register/ref/AB', '/hello', '/login', '/coop/referral']) {
      expect(authFailureRedirect(p)).toBeNull();
    }
  });
});

describe('after login', () => {
  it('restores the intended URL, else home; onboarding first when not completed', () => {
    const done = { completed_onboarding: true, email_confirmed: true };
    expect(afterLoginTarget('/send/0xabc', done)).toBe('/send/0xabc');
    expect(afterLoginTarget(null, done)).toBe('/');
    expect(afterLoginTarget('/login', done)).toBe('/');
    expect(afterLoginTarget('//evil.example', done)).toBe('/');
    expect(afterLoginTarget('/forum', { completed_onboarding: false, email_confirmed: true })).toBe('/onboarding');
    expect(homeFor(done)).toBe('/');
  });

  it('runs onboarding once, after confirmation: not at registration, not again once completed', () => {
    const registered = { completed_onboarding: false, email_confirmed: false };
    expect(onboardingDue(registered)).toBe(false);
    expect(homeFor(registered)).toBe('/');
    expect(afterLoginTarget('/forum', registered)).toBe('/forum');
    const confirmed = { ...registered, email_confirmed: true };
    expect(homeFor(confirmed)).toBe('/onboarding');
    expect(afterLoginTarget(null, confirmed)).toBe('/onboarding');
    expect(homeFor({ ...confirmed, completed_onboarding: true })).toBe('/');
  });
});
