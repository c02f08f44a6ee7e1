// @vitest-environment jsdom
/** Boot's session handling: 401 is a plain guest; a failed status call forces /login except on entry paths. */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../../src/client/net/api';
import { failed, makeUser, ok } from '../machines/fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});

// A store read with get() unmounts a second later (nanostores' STORE_UNMOUNT_DELAY); the router's unmount
// touches document, so the file waits for it before jsdom goes away.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 1_100)));

function fakeApi(status: Awaited<ReturnType<Api['authStatus']>>): Api {
  return {
    authStatus: async () => status,
    config: async () => ok({ product_name: 'Brand', admin_name: 'Admin', round_open_seconds: 600, round_locked_seconds: 60 }),
  } as unknown as Api;
}

async function run(path: string, status: Awaited<ReturnType<Api['authStatus']>>) {
  history.replaceState(null, '', path);
  const boot = await import('../../../../src/client/app/boot');
  const session = await import('../../../../src/client/stores/session');
  const intended = await import('../../../../src/client/stores/intended');
  await boot.refreshSession(fakeApi(status));
  return { session: session.$session.get(), intended: intended.takeIntended() };
}

describe('refreshSession', () => {
  it('records the user', async () => {
    const r = await run('/forum', ok(makeUser({ name: 'Ada' })));
    expect(r.session).toMatchObject({ status: 'user', user: { name: 'Ada' } });
    expect(location.pathname).toBe('/forum');
  });

  it('treats 401 as a guest without forcing /login (the guard sends to /hello)', async () => {
    const r = await run('/forum', failed('Unauthenticated.', undefined, 401));
    expect(r.session).toMatchObject({ status: 'guest', authError: false });
    expect(location.pathname).toBe('/forum');
  });

  it('sends a failed status call to /login, remembering the URL', async () => {
    const r = await run('/forum?x=1', failed('Something went wrong', undefined, 0));
    expect(r.session).toMatchObject({ status: 'guest', authError: true });
    expect(location.pathname).toBe('/login');
    expect(r.intended).toBe('/forum?x=1');
  });

  it('leaves entry paths alone when the status call fails', async () => {
    for (const path of ['/register/code/AB', '/hello', '/login', '/register']) {
      vi.resetModules();
      await run(path, failed('Server Error', undefined, 500));
      expect(location.pathname).toBe(path);
    }
  });
});

describe('boot', () => {
  it("loads config and session, then ends the splash (the atlases are the scenes' to load, not boot's)", async () => {
    history.replaceState(null, '', '/hello');
    const boot = await import('../../../../src/client/app/boot');
    const { $config } = await import('../../../../src/client/stores/config');
    expect(boot.$booting.get()).toBe(true);
    await boot.boot(fakeApi(failed('Unauthenticated.', undefined, 401)));
    expect(boot.$booting.get()).toBe(false);
    expect($config.get()?.product_name).toBe('Brand');
    expect(document.title).toBe('Brand');
  });
});
