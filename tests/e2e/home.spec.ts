/**
 * Home on a phone against the real server: a new player confirms the e-mail from the mailed link, enters
 * home, sees the first-egg slot and the countdown, grows the free egg and finds it as an eidol slide that
 * survives a reload; the swiper moves by drag and by its buttons; Manage Eidol opens /eidol.
 *
 * Assumes the core-loop server: GET /api/game (404 until the scheduler writes the first round),
 * POST /api/oogle/free for a confirmed e-mail (a tier-1 egg worth 100 ANGLS), and the scheduler running on
 * the e2e server's short rounds (playwright.config.ts: 15 s open, 3 s locked). The egg stays at risk 0, so
 * rounds change only its XP, never the 100 ANGLS its caption shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmedPlayer, finishOnboarding } from './support/player';

test('confirm e-mail → home → grow the free egg → countdown, swiper, Manage Eidol', async ({ page }) => {
  await confirmedPlayer(page);
  await finishOnboarding(page);
  await expect(page).toHaveURL(/\/$/);

  // The tutorial shows once per device: 1 and 2 wait for the player, 3 hides by itself after 5 s.
  await expect(page.getByTestId('tutorial-1')).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByTestId('tutorial-2')).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByTestId('tutorial-3')).toBeVisible();
  await expect(page.getByTestId('tutorial-3')).toBeHidden({ timeout: 15_000 });

  // The countdown, driven by the server's round times.
  const countdown = page.getByTestId('round-countdown-text');
  await expect(countdown).toHaveText(/^Next Crypto Aeon Block in \d{2}:\d{2}$/, { timeout: 20_000 });
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 3_000 });
  // Its clock is the atlas frame, copied into the HUD once the atlas loader (loaded after the screen) has it.
  await expect(page.getByTestId('round-countdown').locator('.atlas-icon canvas')).toBeVisible({ timeout: 15_000 });

  // No eidol yet: the first slide offers both ways to get one.
  const swiper = page.getByTestId('home-swiper');
  await expect(swiper).toHaveAttribute('data-kind', 'extra');
  await expect(page.getByRole('button', { name: 'Buy Eidol Egg' })).toBeVisible();
  await page.getByRole('button', { name: 'Grow Free Egg' }).click();

  // 750 ms after the success the game refreshes: the egg is the first slide now.
  await expect(page.getByRole('button', { name: 'Manage Eidol' })).toBeVisible({ timeout: 10_000 });
  await expect(swiper).toHaveAttribute('data-kind', 'eidol');
  await expect(page.getByTestId('slide-caption')).toHaveText('Eidol Egg · 100 ANGLS');

  // Nothing is lost on reload (tutorials stay done on this device).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Manage Eidol' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('tutorial-1')).toHaveCount(0);

  // Drag the row to the left: the next slide snaps in; the arrow brings the eidol back.
  const box = (await swiper.boundingBox())!;
  const y = box.y + box.height * 0.4;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 6 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 6 });
  await page.mouse.up();
  await expect(swiper).not.toHaveAttribute('data-kind', 'eidol');
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(swiper).toHaveAttribute('data-kind', 'eidol');

  // The tail of the row, by its dots: forum and ref.
  await page.getByTestId('slide-dot-forum').click();
  await expect(page.getByRole('button', { name: 'Enter Forum' })).toBeVisible();
  await page.getByTestId('slide-dot-ref').click();
  await expect(page.getByRole('button', { name: 'Receive gDAO tokens' })).toBeVisible();

  await page.getByTestId('slide-dot-eidol-' + (await firstEidolId(page))).click();
  await page.getByRole('button', { name: 'Manage Eidol' }).click();
  await expect(page).toHaveURL(/\/eidol$/);
});

/** The id of the first eidol slide, read from its dot. */
async function firstEidolId(page: Page): Promise<string> {
  const testId = await page.locator('[data-testid^="slide-dot-eidol-"]').first().getAttribute('data-testid');
  return testId!.replace('slide-dot-eidol-', '');
}
