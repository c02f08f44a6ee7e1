/** The installable app in Chromium: installability, the worker taking control, and the offline shell. */
import { expect, test } from '@playwright/test';

test('installs, then loads offline from the cached shell and says it is offline', async ({ page, context }) => {
  await page.goto('/hello');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  // The worker registers after the first paint and claims the page once active.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', orientation: 'portrait' });
  expect(manifest.name).toBeTruthy();
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito-like, which Chromium reports on its own; nothing else may be wrong.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The shell, not the browser's error page: the app's banner says what is going on.
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 15_000 });
  await page.goto('/login');
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 15_000 });
  await context.setOffline(false);
});
