/**
 * The app runs under its Content-Security-Policy (and a Permissions-Policy the browser reads without error): no violation from the landing page through
 * registration, onboarding, the home screen (Pixi stage, atlases, socket, QR code) and the session list,
 * where this device is marked and another session can be ended.
 */
import { expect, test, type Page } from '@playwright/test';
import { logIn, newPlayer, register } from './support/player';

/** Collects CSP violations the page reports (console and the DOM event), errors in the security headers themselves, and uncaught errors. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    // "Error with Permissions-Policy header: Unrecognized feature" is logged on every page a header names a feature the browser does not know.
    if (/Content Security Policy|unsafe-eval|Permissions-Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violations;
}

test('the app runs under its CSP; the session list marks this device and ends another', async ({ page, browser }) => {
  // Registration, onboarding and a second device's login: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const doc = await page.goto('/hello');
  const headers = doc!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  const p = newPlayer();
  await register(page, p);
  await expect(page.getByTestId('screen-home')).toBeVisible();
  // Give the stage time to load its atlases and the socket to connect.
  await page.waitForTimeout(1500);

  // A second device logs in with the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await logIn(otherPage, p.email, p.password);
  await expect(otherPage).not.toHaveURL(/\/login$/);

  await page.getByTestId('menu-sessions').click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  await expect(page.getByTestId('session-current')).toHaveCount(1);
  const otherItem = page.locator('[data-testid="session-item"]:not([data-current])');
  await otherItem.getByRole('button', { name: /^End / }).click();
  await expect(page.getByTestId('session-item')).toHaveCount(1);
  const status = await otherPage.request.get('/api/auth/status');
  expect(status.status()).toBe(401);
  await other.close();

  expect(violations).toEqual([]);
});
