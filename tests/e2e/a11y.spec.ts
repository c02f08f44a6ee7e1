/**
 * Accessibility of the front door on a phone: axe-core (WCAG 2.x A/AA and best practices) finds nothing on
 * /hello, /login, /register, a referral landing, the verification page and home after login, with and
 * without a confirmed e-mail; the page may be zoomed.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './support/outbox';
import { finishOnboarding, logIn, newPlayer, register } from './support/player';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe on what the page shows now and fails with every violation's rule, target and summary. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
  expect.soft(found, `axe on ${where}`).toEqual([]);
}

test('pinch-zoom is allowed: the viewport sets no maximum scale and does not forbid scaling', async ({ page }) => {
  await page.goto('/hello');
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*(no|0)/);
});

test('axe finds nothing on the entry screens, the verification page and home', async ({ page }) => {
  await page.goto('/hello');
  await expect(page.getByTestId('screen-hello')).toBeVisible();
  await expectNoViolations(page, '/hello');

  await page.goto('/login');
  await expect(page.getByTestId('screen-login')).toBeVisible();
  await expectNoViolations(page, '/login');
  // A failed login marks the form as a player would see it.
  await logIn(page, 'nobody@example.test', 'wrong-password-1');
  await expect(page.getByTestId('login-error')).not.toBeEmpty();
  await expectNoViolations(page, '/login with an error');

  await page.goto('/register');
  await expect(page.getByTestId('screen-register')).toBeVisible();
  await expectNoViolations(page, '/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('register-error')).not.toBeEmpty();
  await expectNoViolations(page, '/register with field errors');

  await page.goto('/register/code/nosuchcode');
  await expect(page.getByTestId('referral-unknown')).toBeVisible();
  await expectNoViolations(page, 'a referral landing with an unknown code');

  // A new player with a 32-character nickname in two scripts, not yet confirmed: home with the reminder.
  const base = newPlayer();
  const p = { ...base, name: `Zoë-李_${base.name.slice(2)}`.padEnd(32, 'ë') };
  expect([...p.name]).toHaveLength(32);
  await register(page, p);
  await expect(page.getByTestId('screen-home')).toBeVisible();
  await expect(page.getByTestId('confirm-reminder')).toBeVisible();
  await expectNoViolations(page, 'home with the tutorial and the e-mail reminder');
  // The purse title fits its panel: the long name wraps instead of running out of it.
  await expect(page.getByTestId('wallet-name')).toHaveText(`${p.name} Purse`);
  const overflow = await page.getByTestId('wallet-panel').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const mail = await waitForMail(p.email, /confirm|verif/i);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/(login|hello)$/);
  await page.goto(linkIn(mail, '/verify-email/'));
  await expect(page.getByRole('button', { name: 'Apply KYC' })).toBeVisible();
  await expectNoViolations(page, 'the verification page');
  await page.getByRole('button', { name: 'Apply KYC' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await expect(page.getByTestId('login-confirmed')).toBeVisible();
  await expectNoViolations(page, '/login after confirming');

  // The same link again: the page says so, its button says what it does, and the token is never shown.
  const link = linkIn(mail, '/verify-email/');
  await page.goto(link);
  await expect(page.getByTestId('verify-already')).toBeVisible();
  const token = new URL(link).pathname.split('/')[2]!;
  expect(await page.locator('body').innerText()).not.toContain(token);
  await expectNoViolations(page, 'the verification page of a confirmed e-mail');
  await page.getByRole('button', { name: 'Go to Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-confirmed')).toBeVisible();

  // Confirmed: the first login opens onboarding (once), then home without the reminder.
  await logIn(page, p.email, p.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await finishOnboarding(page);
  await expect(page.getByTestId('screen-home')).toBeVisible();
  await expect(page.getByTestId('confirm-reminder')).toHaveCount(0);
  await expectNoViolations(page, 'home after login');
  // The stage is a picture: every control is the HUD's, none is the renderer's (Pixi's touch hook).
  await expect(page.getByTestId('stage')).toBeAttached();
  await expect(page.getByRole('button', { name: /accessibility/i })).toHaveCount(0);
});
