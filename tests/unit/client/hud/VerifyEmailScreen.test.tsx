// @vitest-environment jsdom
/** The verification page in the DOM: the notice without the token, Apply KYC, and Go to Log In when already confirmed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import { render, settle, type Mounted } from './render';

const TOKEN = 'tok_SecretVerificationToken_0123456789abcdef';
const net = vi.hoisted(() => ({ confirmed: false, posts: [] as string[] }));
vi.mock('../../../../src/client/net/api', () => ({
  api: {
    verifyStatus: async (): Promise<ApiResult<{ email_confirmed: boolean }>> => ({
      ok: true,
      status: 200,
      data: { email_confirmed: net.confirmed },
      message: '',
    }),
    verifyEmail: async (token: string) => {
      net.posts.push(token);
      return { ok: true, status: 200, data: { email_confirmed: true }, message: 'E-mail confirmed.' };
    },
  },
}));

import VerifyEmailScreen, { GO_TO_LOGIN_LABEL } from '../../../../src/client/hud/screens/VerifyEmailScreen';
import { $loginNotice, EMAIL_CONFIRMED_NOTICE } from '../../../../src/client/stores/loginNotice';

let mounted: Mounted | undefined;
beforeEach(() => {
  net.confirmed = false;
  net.posts = [];
  $loginNotice.set(null);
  history.replaceState(null, '', `/verify-email/${TOKEN}/x`);
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('VerifyEmailScreen', () => {
  it('shows the notice but never the token, and Apply KYC confirms with it', async () => {
    mounted = await render(<VerifyEmailScreen message={TOKEN} message2="Confirm your e-mail to apply KYC" />);
    await settle(() => {});
    expect(q('verify-notice')!.textContent).toBe('Confirm your e-mail to apply KYC');
    expect(mounted.container.textContent).not.toContain(TOKEN);
    expect(q('verify-submit')!.textContent).toBe('Apply KYC');
    await settle(() => q('verify-submit')!.click());
    expect(net.posts).toEqual([TOKEN]);
    expect(q('verify-success')).not.toBeNull();
  });

  it('says Go to Log In when the e-mail is already confirmed, and the login screen is told', async () => {
    net.confirmed = true;
    mounted = await render(<VerifyEmailScreen message={TOKEN} message2="Confirm your e-mail to apply KYC" />);
    await settle(() => {});
    expect(q('verify-already')!.textContent).toBe('This e-mail is already confirmed.');
    expect(q('verify-submit')!.textContent).toBe(GO_TO_LOGIN_LABEL);
    await settle(() => q('verify-submit')!.click());
    expect(net.posts).toEqual([]);
    expect(location.pathname).toBe('/login');
    expect($loginNotice.get()).toBe(EMAIL_CONFIRMED_NOTICE);
  });
});
