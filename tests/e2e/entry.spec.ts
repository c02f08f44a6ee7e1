/** The entry flows of spec 1 on a phone, against the real server (SQLite + mail outbox). */
import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from './support/outbox';
import { finishOnboarding, logIn, newPlayer, register } from './support/player';
import { nextSocketEvent } from './support/socket';

test('register → home with the reminder → verify from the mailed link → log in → onboarding once → home', async ({ page }) => {
  const p = newPlayer();
  // The stage starts with the build's slim Pixi (no browserAll, renderers apart): a missing part shows as an error.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && /scene|pixi|renderer/i.test(m.text()) && errors.push(m.text()));
  await page.goto('/hello');
  await expect(page.getByTestId('screen-hello')).toBeVisible();
  // The entry screens have no scene: no stage until a logged-in screen with one (onboarding) shows.
  const stage = page.getByTestId('stage');
  await expect(stage).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  // Register's master is drawn in the DOM, cut from the masters' atlas sheet.
  const master = page.getByTestId('band-art').locator('.band-sprite');
  await expect(master).toHaveAttribute('data-frame', 'master-1');
  await expect(master).toHaveAttribute('data-image', /\/atlases\/(full|half)\/masters\.png$/);
  await expect(master).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('master-next').click();
  await expect(master).toHaveAttribute('data-frame', 'master-2');
  await page.getByTestId('master-prev').click();
  await expect(stage).toHaveCount(0);
  await register(page, p);

  const mail = await waitForMail(p.email, /confirm|verif/i);
  await page.goto(linkIn(mail, '/verify-email/'));
  await expect(page.getByText('Confirm your e-mail to apply KYC')).toBeVisible();
  await page.getByRole('button', { name: 'Apply KYC' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // After login the live socket subscribes with the player's token and session.
  const subscribed = nextSocketEvent(page, 'subscribe');
  await logIn(page, p.email, p.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await subscribed).toContain('"success":true');
  // One Pixi stage for the whole app: the canvas onboarding starts is the one home draws on.
  await expect(stage).toHaveCount(1, { timeout: 15_000 });
  // Hidden only until its first scene's first frame is drawn (engine/stage.ts).
  await expect(stage).toBeVisible({ timeout: 15_000 });
  await stage.evaluate((c) => ((window as unknown as { firstStage: Element }).firstStage = c));
  await finishOnboarding(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(stage).toHaveCount(1);
  expect(await stage.evaluate((c) => (window as unknown as { firstStage: Element }).firstStage === c)).toBe(true);
  await expect(page.getByText(`${p.name} Purse`)).toBeVisible();

  // Onboarding is remembered by the server: a reload stays home, and so does the next login.
  await page.reload();
  await expect(page.getByText(`${p.name} Purse`)).toBeVisible();
  await page.context().clearCookies();
  await page.goto('/login');
  await logIn(page, p.email, p.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`${p.name} Purse`)).toBeVisible();

  // An already used link now says the e-mail is confirmed and leads to /login.
  await page.goto(linkIn(mail, '/verify-email/'));
  await page.getByRole('button', { name: /Log In|Apply KYC/ }).click();
  await expect(page).toHaveURL(/\/(login|)$/);
  expect(errors).toEqual([]);
});

test('login errors show the server message in the button and a red line; a click clears it', async ({ page }) => {
  const p = newPlayer();
  await register(page, p);
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByText('The Gamified Basic Income')).toBeVisible();
  await logIn(page, p.email, 'wrong-password-1');
  const button = page.getByTestId('login-submit');
  await expect(button).toHaveAttribute('data-state', 'error');
  // The refusal is said once, in the red line; the button offers to try again.
  await expect(button).toHaveText('Try again');
  await expect(page.getByTestId('login-error')).toHaveText(/These credentials do not match our records\./);
  await expect(page.getByText('These credentials do not match our records.')).toHaveCount(1);
  await button.click();
  await expect(button).toHaveAttribute('data-state', 'idle');
  await expect(button).toHaveText('Log In');
  await logIn(page, p.email, p.password);
  // Not confirmed yet: home, not onboarding.
  await expect(page).toHaveURL(/\/$/);
});

test('reset password end to end: request, mailed link, new password, old one refused', async ({ page }) => {
  const p = newPlayer();
  await register(page, p);
  await page.context().clearCookies();

  await page.goto('/reset-password');
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('reset-success')).toBeVisible();
  const mail = await waitForMail(p.email, /reset/i);
  const link = linkIn(mail, '/reset-password/');
  expect(new URL(link).searchParams.get('email')).toBe(p.email);

  await page.goto(link);
  const fresh = `${p.password}-new`;
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByLabel('Password Confirmation').fill(fresh);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, p.email, p.password);
  await expect(page.getByTestId('login-error')).toHaveText(/These credentials do not match our records\./);
  await page.getByTestId('login-submit').click();
  await logIn(page, p.email, fresh);
  await expect(page).toHaveURL(/\/$/);

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(`${fresh}-again`);
  await page.getByLabel('Password Confirmation').fill(`${fresh}-again`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('newpw-error')).toHaveText(/This password reset token is invalid\./);
});

test('guards: a guest is sent to /hello and, after login, back to the intended route', async ({ page }) => {
  const p = newPlayer();
  await register(page, p);
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto('/exchange');
  await expect(page).toHaveURL(/\/hello$/);
  await page.getByRole('button', { name: 'Log In' }).click();
  await logIn(page, p.email, p.password);
  await expect(page).toHaveURL(/\/exchange$/);

  // A logged-in player has nothing to do on the guest pages.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});
