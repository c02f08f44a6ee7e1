// @vitest-environment jsdom
/** The register screen in the DOM: master choice by arrows and swipes, the payload, Sending data..., joined errors. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../src/client/net/http';
import { deferred, type Deferred } from '../machines/deferred';
import { failed, ok } from '../machines/fixtures';
import { render, settle, typeInto, type Mounted } from './render';
import { NICKNAME_CHARACTERS } from '../../../../src/shared/rules/nickname';

const net = vi.hoisted(() => ({
  pending: null as null | Deferred<ApiResult<unknown>>,
  bodies: [] as unknown[],
  referrer: null as unknown,
}));
vi.mock('../../../../src/client/net/api', () => ({
  api: {
    register: (body: unknown) => {
      net.bodies.push(body);
      return net.pending!.promise;
    },
    referrer: async () => net.referrer,
  },
}));

import RegisterScreen from '../../../../src/client/hud/screens/RegisterScreen';
import { $registerChoice } from '../../../../src/client/game/stageStores';

let mounted: Mounted | undefined;
beforeEach(() => {
  net.pending = deferred();
  net.bodies = [];
  net.referrer = failed('Referrer not found.', undefined, 404);
  $registerChoice.set({ skinId: 1, from: 0 });
  history.replaceState(null, '', '/register');
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

const type = (id: string, value: string) => typeInto(q(id) as HTMLInputElement, value);

function swipe(el: HTMLElement, fromX: number, toX: number) {
  for (const [type, x] of [
    ['touchstart', fromX],
    ['touchend', toX],
  ] as const) {
    const e = new Event(type, { bubbles: true });
    Object.defineProperty(e, 'changedTouches', { value: [{ identifier: 0, clientX: x, clientY: 10 }] });
    Object.defineProperty(e, 'touches', { value: type === 'touchstart' ? [{}] : [] });
    act(() => void el.dispatchEvent(e));
  }
}

describe('RegisterScreen', () => {
  it('chooses among six masters with arrows and swipes, wrapping', async () => {
    mounted = await render(<RegisterScreen />);
    await settle(() => mounted!.button('Previous master').click());
    expect(q('master-swipe').dataset.skin).toBe('6');
    await settle(() => mounted!.button('Next master').click());
    await settle(() => mounted!.button('Next master').click());
    expect(q('master-swipe').dataset.skin).toBe('2');
    swipe(q('master-swipe'), 300, 100);
    expect(q('master-swipe').dataset.skin).toBe('3');
    swipe(q('master-swipe'), 100, 300);
    expect(q('master-swipe').dataset.skin).toBe('2');
    expect(q('master-caption').textContent).toBe('Master 2 of 6 · swipe to choose');
  });

  it('sends the form with the chosen skin, reads Sending data..., then shows joined errors', async () => {
    mounted = await render(<RegisterScreen />);
    expect(q('register-warning').textContent).toMatch(/cannot be restored/);
    expect(q('register-password-hint').textContent).toMatch(/^At least 8 characters; a passphrase/);
    await settle(() => mounted!.button('Next master').click());
    type('register-name', 'Ada');
    type('register-email', 'ada@example.test');
    type('register-password', 'pw1');
    type('register-password-confirmation', 'pw2');
    await settle(() => q('register-submit').click());
    expect(q('register-submit').textContent).toBe('Sending data...');
    expect(net.bodies).toEqual([{ name: 'Ada', email: 'ada@example.test', password: 'pw1', password_confirmation: 'pw2', skin_id: 2 }]);
    await settle(() => net.pending!.resolve(failed('Invalid.', { password: ['The password confirmation does not match.'] })));
    expect(q('register-submit').textContent).toBe('Invalid.; The password confirmation does not match.');
    expect(q('register-error').textContent).toBe('Invalid.; The password confirmation does not match.');
    // The refused field is marked too: aria-invalid, described by its own text; the others stay plain.
    const password = q('register-password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(password.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('⚠ The password confirmation does not match.');
    expect(q('register-password-error')).toBe(described);
    expect(q('register-email').hasAttribute('aria-invalid')).toBe(false);
    // A click on the error clears the marks with the error.
    await settle(() => q('register-submit').click());
    expect(password.hasAttribute('aria-invalid')).toBe(false);
  });

  it('checks the nickname with the shared rule when the player leaves the field', async () => {
    mounted = await render(<RegisterScreen />);
    const name = q('register-name') as HTMLInputElement;
    type('register-name', 'a b');
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    await settle(() => name.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(q('register-name-error').textContent).toBe(`⚠ ${NICKNAME_CHARACTERS}`);
    type('register-name', 'Zoë-李_42');
    expect(name.hasAttribute('aria-invalid')).toBe(false);
  });

  it('says an unknown referral code is unknown and offers to go on without it', async () => {
    mounted = await render(<RegisterScreen refCode="nosuch" />);
    await settle(() => {});
    expect(q('referral-unknown').textContent).toMatch(/invitation code “nosuch” is not known/);
    await settle(() => q('referral-without').click());
    expect(location.pathname).toBe('/register');
  });

  it('carries the referral code and the referrer id from the route', async () => {
    net.referrer = ok({ id: 42, name: 'Mentor', investor_skin_id: 5 });
    mounted = await render(<RegisterScreen refCode="MENTOR" />);
    await settle(() => {});
    expect(q('register-referrer').textContent).toBe('Invited by Mentor');
    await settle(() => q('register-submit').click());
    expect(net.bodies[0]).toMatchObject({ ref_code: 'MENTOR', ref_user_id: 42, skin_id: 1 });
  });
});
