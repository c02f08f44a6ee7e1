// @vitest-environment jsdom
/** The login screen in the DOM: three button states, the red line, click-to-idle, and where success goes. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import type { User } from '../../../../src/shared/api/user';
import { deferred, type Deferred } from '../machines/deferred';
import { failed, makeUser, ok } from '../machines/fixtures';
import { render, settle, typeInto, type Mounted } from './render';

const net = vi.hoisted(() => ({ pending: null as null | Deferred<ApiResult<User>>, bodies: [] as unknown[] }));
vi.mock('../../../../src/client/net/api', () => ({
  api: {
    login: (body: unknown) => {
      net.bodies.push(body);
      return net.pending!.promise;
    },
  },
}));

import LoginScreen from '../../../../src/client/hud/screens/LoginScreen';
import { rememberIntended } from '../../../../src/client/stores/intended';
import { $session } from '../../../../src/client/stores/session';
import { $loginNotice, EMAIL_CONFIRMED_NOTICE } from '../../../../src/client/stores/loginNotice';

let mounted: Mounted | undefined;
beforeEach(() => {
  net.pending = deferred();
  net.bodies = [];
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/login');
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

const type = (id: string, value: string) => typeInto(q(id) as HTMLInputElement, value);

describe('LoginScreen', () => {
  it('shows the title and sends e-mail and password as username and password', async () => {
    mounted = await render(<LoginScreen />);
    expect(mounted.container.querySelector('h1')?.textContent).toBe('The Gamified Basic Income');
    type('login-email', 'ada@example.test');
    type('login-password', 'secret');
    await settle(() => q('login-submit').click());
    expect(q('login-submit').textContent).toBe('Fetching data...');
    expect(net.bodies).toEqual([{ username: 'ada@example.test', password: 'secret' }]);
  });

  it('says the error once, in the red line (the field marked and described by it, the button "Try again"); a click returns to idle', async () => {
    mounted = await render(<LoginScreen />);
    await settle(() => q('login-submit').click());
    await settle(() => net.pending!.resolve(failed('Wrong.', { username: ['Unknown e-mail.'] })));
    expect(q('login-submit').textContent).toBe('Try again');
    expect(q('login-error').textContent).toBe('Wrong.; Unknown e-mail.');
    expect(q('login-email').getAttribute('aria-invalid')).toBe('true');
    expect(q('login-email').getAttribute('aria-describedby')).toBe(q('login-error').id);
    expect(mounted.container.querySelector('[data-testid="login-email-error"]')).toBeNull();
    // The text is on the screen exactly once.
    expect(mounted.container.textContent!.split('Unknown e-mail.').length - 1).toBe(1);
    expect(q('login-password').hasAttribute('aria-invalid')).toBe(false);
    await settle(() => q('login-submit').click());
    expect(q('login-email').hasAttribute('aria-invalid')).toBe(false);
    expect(q('login-submit').textContent).toBe('Log In');
    expect(q('login-error').textContent).toBe('');
    expect(net.bodies).toHaveLength(1);
  });

  it('goes to the remembered URL after success and records the user', async () => {
    rememberIntended('/exchange');
    mounted = await render(<LoginScreen />);
    await settle(() => q('login-submit').click());
    await settle(() => net.pending!.resolve(ok(makeUser({ name: 'Ada' }))));
    expect(location.pathname).toBe('/exchange');
    expect($session.get()).toMatchObject({ status: 'user', user: { name: 'Ada' } });
  });

  it('goes to onboarding after success when it is due (e-mail confirmed, not completed)', async () => {
    mounted = await render(<LoginScreen />);
    await settle(() => q('login-submit').click());
    await settle(() => net.pending!.resolve(ok(makeUser({ completed_onboarding: false, email_confirmed: true }))));
    expect(location.pathname).toBe('/onboarding');
  });

  it('says once that the e-mail is confirmed when the verification page sent the player here', async () => {
    $loginNotice.set(EMAIL_CONFIRMED_NOTICE);
    mounted = await render(<LoginScreen />);
    expect(q('login-confirmed').textContent).toBe(EMAIL_CONFIRMED_NOTICE);
    expect($loginNotice.get()).toBeNull();
    mounted.unmount();
    mounted = await render(<LoginScreen />);
    expect(q('login-confirmed')).toBeNull();
  });
});
