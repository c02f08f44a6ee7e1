/** Registration's bad input, the referral landing and the desktop invitation, on the real server. */
import { expect, test } from '@playwright/test';
import { newPlayer, register } from './support/player';

test('bad registration input shows every field error joined with semicolons and creates nothing', async ({ page }) => {
  const taken = newPlayer();
  await register(page, taken);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  const p = newPlayer();
  await page.goto('/register');
  await page.getByLabel('Nickname').fill(p.name);
  await page.getByLabel('E-mail').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Repeat Password').fill(`${p.password}x`);
  await page.getByTestId('register-submit').click();
  const line = page.getByTestId('register-error');
  await expect(line).toHaveText('The email has already been taken.; The password field confirmation does not match.');
  await expect(page.getByTestId('register-submit')).toHaveText(/The email has already been taken\.; /);
  // Each refused field is marked as well, and described by its own text.
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(/The email has already been taken\./);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nickname')).not.toHaveAttribute('aria-invalid', 'true');

  // Nothing was written: the same nickname is still free for a corrected attempt.
  await page.getByTestId('register-submit').click();
  await expect(page.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByLabel('Repeat Password').fill(p.password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/$/);
});

test('a referral link shows the referrer and registers the newcomer under them', async ({ page, request }) => {
  const referrer = newPlayer();
  await register(page, referrer);
  const me = await (await page.request.get('/api/auth/status')).json();
  const code: string = me.data.ref_code;
  expect(me.data.ref_link).toMatch(new RegExp(`/register/code/${code}$`));
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/register/code/${code}`);
  await expect(page.getByTestId('referral-name')).toContainText(referrer.name);
  await expect(page.getByText('The Gamified Basic Income')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/register/ref/${code}$`));
  const newcomer = newPlayer();
  await page.getByLabel('Nickname').fill(newcomer.name);
  await page.getByLabel('E-mail').fill(newcomer.email);
  await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await page.getByLabel('Repeat Password').fill(newcomer.password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/$/);

  // The referrer now counts one referred player.
  const csrf = await request.get('/sanctum/csrf-cookie');
  expect(csrf.status()).toBe(204);
  const token = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await request.post('/api/auth/login', {
    data: { username: referrer.email, password: referrer.password },
    headers: { 'X-XSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect((await login.json()).data.ref_count).toBe(1);
});

test('a referral link with an unknown code says so and leads on without it', async ({ page }) => {
  await page.goto('/register/code/nosuchcode');
  await expect(page.getByTestId('referral-unknown')).toContainText('The invitation code “nosuchcode” is not known');
  await expect(page.getByTestId('referral-name')).toHaveCount(0);
  await page.goto('/register/ref/nosuchcode');
  await expect(page.getByTestId('referral-unknown')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account without invitation' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('referral-unknown')).toHaveCount(0);
});

test('a desktop browser is invited to open the product on a phone and may continue', async ({ browser }) => {
  const ctx = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  });
  const page = await ctx.newPage();
  await page.goto('/hello');
  const invite = page.getByTestId('qr-invite');
  await expect(invite).toBeVisible();
  await expect(invite.locator('img, canvas, svg').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue on desktop' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await ctx.close();
});
