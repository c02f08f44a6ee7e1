/**
 * The second factor on a phone: TOTP enabled from /security (codes computed here with otplib from the key
 * the screen shows), a login that asks for the code, a withdrawal that needs one, turning it off with one;
 * and a passkey registered and used to log in with Chromium's virtual authenticator (CDP WebAuthn), on
 * `localhost` (an IP address cannot be a passkey's site).
 */
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/env';
import { logIn, newPlayer, register } from './support/player';
import { enableTotp, openSecurity } from './support/security';

const shots = process.env.PHONE_SHOTS;

test('TOTP: enable with a code, log in with one, a withdrawal asks for one, new recovery codes and turning it off take one', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const p = newPlayer();
  await register(page, p);
  const { codes, recovery } = await enableTotp(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('security-totp')).toHaveAttribute('data-on', 'true');
  if (shots) await page.screenshot({ path: `${shots}/security-totp-on.png`, fullPage: true });

  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await logIn(phone, p.email, p.password);
  await expect(phone.getByTestId('login-factor')).toBeVisible();
  if (shots) await phone.screenshot({ path: `${shots}/login-second-step.png`, fullPage: true });
  expect((await phone.request.get('/api/auth/status')).status()).toBe(401);
  await phone.getByTestId('login-factor-code').fill(await codes.next());
  await phone.getByTestId('login-factor-submit').click();
  await expect(phone).not.toHaveURL(/\/login$/);
  expect((await phone.request.get('/api/auth/status')).status()).toBe(200);
  await other.close();

  // A withdrawal to an outside address without the code is refused naming it; the code field is offered.
  await page.goto('/withdraw');
  await expect(page.getByTestId('send-factor-code')).toBeVisible();

  // New recovery codes take a fresh proof (here a recovery code); they are shown once and replace the old ones.
  await openSecurity(page);
  await page.getByTestId('recovery-renew').click();
  await expect(page.getByTestId('recovery-renew-error')).toHaveText(/code/i);
  await page.getByTestId('security-proof').fill(recovery[0]!);
  await page.getByTestId('recovery-renew').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  const renewed = await page.getByTestId('recovery-code').allTextContents();
  expect(renewed.filter((c) => recovery.includes(c))).toEqual([]);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('security-recovery')).toContainText('10 recovery codes left.');

  // Turning it off takes a fresh code, typed into the same proof field (emptied after each use).
  await expect(page.getByTestId('security-totp')).toHaveAttribute('data-on', 'true');
  await expect(page.getByTestId('security-proof')).toHaveValue('');
  await page.getByTestId('security-proof').fill(await codes.next());
  await page.getByTestId('totp-disable').click();
  await expect(page.getByTestId('security-totp')).not.toHaveAttribute('data-on', 'true');
});

test('a passkey registers and logs in (usernameless) with a virtual authenticator', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const p = newPlayer();
  await register(page, p);
  await openSecurity(page);
  await page.getByTestId('passkey-add').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await page.goto('/sessions');
  await expect(page.getByTestId('passkey-device')).toHaveCount(1);

  await page.request.post('/api/auth/logout', {
    headers: { 'x-xsrf-token': decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') },
  });
  await page.goto('/login');
  await page.getByTestId('login-passkey').click();
  await expect(page).not.toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/status')).status()).toBe(200);
  await context.close();
});
