import { describe, expect, it } from 'vitest';
import { createRouter } from '@nanostores/router';
import { ROUTE_PATHS, ROUTE_RULES } from '../../../src/shared/routes';

describe('route table', () => {
  it('has every path of the three specs', () => {
    const paths = Object.values(ROUTE_PATHS);
    const wanted = [
      '/',
      '/hello',
      '/login',
      '/register',
      '/register/code/:code',
      '/register/ref/:code',
      '/reset-password',
      '/reset-password/:token',
      '/verify-email/:message/:message2',
      '/onboarding',
      '/onboardingecto',
      '/eidol',
      '/send/:sendto?',
      '/exchange',
      '/deposit',
      '/withdraw',
      '/startergas',
      '/starterbuy',
      '/mageshop',
      '/eggshop',
      '/gdaoshop',
      '/gdaochest',
      '/gdaoledger',
      '/pop',
      '/transmute',
      '/transmuteecto',
      '/ecto',
      '/extract',
      '/feed',
      '/apple',
      '/coop',
      '/tax',
      '/ogle',
      '/popeidol',
      '/traineidol',
      '/forum',
      '/ditch',
      '/gallery',
      // Not in the specs: the session list of the home menu.
      '/sessions',
      // Not in the specs: the second factor's settings, reached from /sessions.
      '/security',
      // Not in the specs: the pages of the withdrawal mail's freeze link and the unfreeze mail's link.
      '/freeze/:token',
      '/unfreeze/:token',
      // Not in the specs: the public fairness record (ECONOMY.md).
      '/fairness',
      // Not in the specs: the public solvency report (ECONOMY.md).
      '/solvency',
    ];
    expect([...paths].sort()).toEqual([...wanted].sort());
    expect(Object.keys(ROUTE_RULES).sort()).toEqual(Object.keys(ROUTE_PATHS).sort());
  });

  it('parses params with the nanostores router', () => {
    const router = createRouter(ROUTE_PATHS);
    router.open('/verify-email/tok123/Please%20confirm');
    expect(router.get()).toMatchObject({ route: 'verifyEmail', params: { message: 'tok123', message2: 'Please confirm' } });
    router.open('/send');
    expect(router.get()).toMatchObject({ route: 'send', params: { sendto: '' } });
    router.open('/send/0xabc');
    expect(router.get()).toMatchObject({ route: 'send', params: { sendto: '0xabc' } });
    router.open('/reset-password/t0k?email=a%40b.c');
    expect(router.get()).toMatchObject({ route: 'resetPasswordToken', params: { token: 't0k' }, search: { email: 'a@b.c' } });
    router.open('/register/code/ADA7');
    expect(router.get()).toMatchObject({ route: 'registerCode', params: { code: 'ADA7' } });
    router.open('/nowhere');
    expect(router.get()).toBeUndefined();
  });
});
