/**
 * The second factor on a phone: TOTP enabled from /security (codes computed here with otplib from the key
 * the screen shows), a login that asks for the code, a withdrawal that needs one, turning it off with one;
 * and a passkey registered and used to log in with Chromium's virtual authenticator (CDP WebAuthn), on
 * `localhost` (an IP address cannot be a passkey's site).
 */
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_PORT } from './support/env';
import { logIn, newPlayer, register } from './support/player';

/** A code of `secret` for the next 30-second step, so no code is ever used twice (the server refuses replays). */
async function freshCode(secret: string, used: Set<number>): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  while (used.has(step)) {
    await new Promise((r) => setTimeout(r, 1000));
    step = Math.floor(Date.now() / 30_000);
  }
  used.add(step);
  return generate({ secret, epoch: step * 30 });
}

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/sessions');
  await page.getByTestId('sessions-security').click();
  await expect(page.getByTestId('screen-security')).toBeVisible();
}

test('TOTP: enable with a code, log in with one, a withdrawal asks for one, turning it off takes one', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const used = new Set<number>();
  const p = newPlayer();
  await register(page, p);
  await openSecurity(page);
  await page.getByTestId('totp-enable').click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/security-totp-qr.png`, fullPage: true });
  await page.getByTestId('totp-code').fill(await freshCode(secret, used));
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);

  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await logIn(phone, p.email, p.password);
  await expect(phone.getByTestId('login-factor')).toBeVisible();
  expect((await phone.request.get('/api/auth/status')).status()).toBe(401);
  await phone.getByTestId('login-factor-code').fill(await freshCode(secret, used));
  await phone.getByTestId('login-factor-submit').click();
  await expect(phone).not.toHaveURL(/\/login$/);
  expect((await phone.request.get('/api/auth/status')).status()).toBe(200);
  await other.close();

  // A withdrawal to an outside address without the code is refused naming it; the code field is offered.
  await page.goto('/withdraw');
  await expect(page.getByTestId('send-factor-code')).toBeVisible();

  // Turning it off takes a fresh code, typed into the same field.
  await openSecurity(page);
  await expect(page.getByTestId('security-totp')).toHaveAttribute('data-on', 'true');
  await page.getByTestId('totp-code').fill(await freshCode(secret, used));
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
