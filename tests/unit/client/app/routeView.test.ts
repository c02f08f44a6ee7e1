// @vitest-environment jsdom
/** The guards applied to the real router: redirects replace history and remember the intended URL. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../machines/fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  vi.resetModules();
});

async function load(path: string) {
  history.replaceState(null, '', path);
  const view = await import('../../../../src/client/app/routeView');
  const session = await import('../../../../src/client/stores/session');
  const router = await import('../../../../src/client/stores/router');
  const intended = await import('../../../../src/client/stores/intended');
  const stop = view.startGuards();
  return { view, session, router, intended, stop };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('routeView', () => {
  it('waits while the session is unknown, then sends a guest to /hello remembering the URL', async () => {
    const { view, session, intended, stop } = await load('/forum');
    expect(view.$view.get()).toEqual({ kind: 'wait' });
    session.setGuest();
    await tick();
    expect(location.pathname).toBe('/hello');
    expect(view.$view.get()).toMatchObject({ kind: 'show', route: 'hello' });
    expect(intended.takeIntended()).toBe('/forum');
    stop();
  });

  it('sends a logged-in player away from /login, to onboarding until it is completed', async () => {
    const { view, session, stop } = await load('/login');
    session.setUser(makeUser({ completed_onboarding: false, email_confirmed: true }));
    await tick();
    expect(location.pathname).toBe('/onboarding');
    session.setUser(makeUser({ completed_onboarding: true }));
    await tick();
    expect(location.pathname).toBe('/onboarding');
    expect(view.$view.get()).toMatchObject({ kind: 'show', route: 'onboarding' });
    stop();
  });

  it('shows the verify-email page with its params even before the session is known', async () => {
    const { view, stop } = await load('/verify-email/tok/Welcome%20aboard');
    expect(view.$view.get()).toMatchObject({ kind: 'show', route: 'verifyEmail', params: { message: 'tok', message2: 'Welcome aboard' } });
    stop();
  });

  it('does not keep a redirect that a later navigation made moot', async () => {
    const { session, router, stop } = await load('/');
    session.setUser(makeUser());
    await tick();
    session.setGuest();
    router.navigate('/login');
    await tick();
    expect(location.pathname).toBe('/login');
    stop();
  });
});
