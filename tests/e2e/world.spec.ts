// The worlds end to end with two phones (issue #12 "Proof"): A and B meet in the Forum; A walks and B sees
// A move; A yells and B gets the notice; A likes B and B sees "A luves you!"; A picks B and lands on /send
// with B's deposit address.
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { confirmedPlayer, finishOnboarding } from './support/player';
import { activateWalletByApi } from './support/steps';

/** Uncaught errors of either phone (a crashed renderer blanks the stage but leaves the HUD working). */
const pageErrors: string[] = [];

/** A confirmed, onboarded player on a phone of its own, with its name. */
async function phone(browser: Browser): Promise<{ page: Page; name: string }> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await confirmedPlayer(page);
  await finishOnboarding(page);
  await expect(page.getByTestId('screen-home')).toBeVisible();
  const status = await (await page.context().request.get('/api/auth/status')).json();
  return { page, name: status.data.name as string };
}

/** Opens the Forum and waits until its room has loaded. */
async function enterForum(page: Page): Promise<void> {
  await page.goto('/forum');
  await expect(page.getByTestId('screen-forum')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('world-loading')).toBeHidden({ timeout: 15_000 });
}

/** Opens the list view (it stays open while the player is in the world). */
async function openList(page: Page): Promise<void> {
  const toggle = page.getByTestId('world-list-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 });
}

/** The list view's distance step (nearbyRows.ts): a shown distance is within one step of the true one. */
const STEP = 50;

/** The "N away" distance the list view shows for `name`, or null when not listed. */
async function distanceOf(page: Page, name: string): Promise<number | null> {
  const item = page.getByTestId('world-nearby').locator('li').filter({ hasText: name });
  if ((await item.count()) === 0) return null;
  const m = /(\d+) away/.exec(await item.first().innerText());
  return m ? Number(m[1]) : null;
}

test('two players meet in the Forum: walk, yell, luv and Send Coins', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await phone(browser);
  // A pays B later: /send needs an activated wallet (spec 1 §6), so A's is activated as the screens would.
  await activateWalletByApi(a.page);
  const b = await phone(browser);
  await enterForum(a.page);
  await enterForum(b.page);
  if (process.env.PHONE_SHOTS) {
    // The stage draws a moment after the room loads.
    await b.page.waitForTimeout(1_500);
    await b.page.screenshot({ path: `${process.env.PHONE_SHOTS}/forum-two-masters.png` });
  }

  // B sees A in the list view, standing where A entered: not on B's spot (two entering together stand at
  // least 240 apart, so their avatars and names do not cover each other).
  await openList(b.page);
  await expect.poll(() => distanceOf(b.page, a.name), { timeout: 15_000 }).not.toBeNull();
  const before = (await distanceOf(b.page, a.name))!;
  expect(before).toBeGreaterThanOrEqual(200);

  // A swipes the lane (a finger moving left walks on) and B sees A where A's walk put it. A walks toward B and
  // may stop about as far past B as it stood before: then the distance reads the same, so A swipes again.
  const walkA = async (): Promise<number> => {
    const walked = a.page.waitForResponse((r) => r.url().endsWith('/api/rooms/walk') && r.request().method() === 'POST', {
      timeout: 20_000,
    });
    const lane = a.page.getByTestId('world-lane');
    const box = (await lane.boundingBox())!;
    const y = box.y + box.height / 2;
    await a.page.mouse.move(box.x + box.width * 0.9, y);
    await a.page.mouse.down();
    for (let i = 1; i <= 12; i++) await a.page.mouse.move(box.x + box.width * (0.9 - i * 0.06), y);
    await a.page.mouse.up();
    const room = (await (await walked).json()).data.data as { name: string; coordinate: number }[];
    const at = (name: string) => room.find((o) => o.name === name)!.coordinate;
    return Math.abs(at(a.name) - at(b.name));
  };
  let after = await walkA();
  for (let i = 0; Math.abs(after - before) <= 2 * STEP && i < 3; i++) after = await walkA();
  expect(Math.abs(after - before)).toBeGreaterThan(2 * STEP);
  await expect
    .poll(async () => Math.abs(((await distanceOf(b.page, a.name)) ?? -1e9) - after), { timeout: 20_000 })
    .toBeLessThanOrEqual(STEP);

  // A yells; B gets the notice.
  await a.page.getByRole('button', { name: 'Yell', exact: true }).click();
  await a.page.getByTestId('world-input-yell').fill('Hello Forum!');
  await a.page.getByTestId('world-input-send').click();
  await expect(b.page.getByTestId('toasts')).toContainText('Someone yelling at the Forum!', { timeout: 15_000 });

  // A likes B from the list view; B's action button shows the luv.
  await openList(a.page);
  await expect.poll(() => distanceOf(a.page, b.name), { timeout: 15_000 }).not.toBeNull();
  await a.page.getByRole('button', { name: `Like: ${b.name}` }).click();
  // Where B stands decides its controls (Verse and Yell, or a zone's action and Yell): the luv replaces them all
  // with one button, so wait for that button by its text (a strict locator over two controls fails at once).
  const actions = b.page.getByTestId('world-action');
  await expect(actions.filter({ hasText: `${a.name} luves you!` })).toBeVisible({ timeout: 15_000 });
  await expect(actions).toHaveCount(1);

  // A picks B and sends coins: /send with B's deposit address.
  const address = (await (await b.page.context().request.get('/api/wallet', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json())
    .data.address as string;
  await a.page.getByRole('button', { name: `Send Coins: ${b.name}` }).click();
  await expect(a.page).toHaveURL(new RegExp(`/send/${address}$`, 'i'), { timeout: 15_000 });
  expect(pageErrors).toEqual([]);
});
