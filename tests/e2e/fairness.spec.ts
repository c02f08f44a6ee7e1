/**
 * The public fairness page on a phone, against the real server and its round scheduler. Needs settled
 * rounds: it assumes the e2e server runs short rounds (ROUND_OPEN_SECONDS / ROUND_LOCKED_SECONDS of a few
 * seconds in playwright.config.ts) and waits up to 60 s for the first one. Every check the page shows is
 * also recomputed here with node:crypto, independently of the product's code.
 */
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { newPlayer, register } from './support/player';

// Waiting for the first settled round plus a cold boot can outlast the config's 60 s per test.
test.describe.configure({ timeout: 150_000 });

interface Detail {
  id: number;
  hash: string;
  previous_hash: string;
  salt: string;
  block_number: number | null;
  block_hash: string | null;
  threshold_units: string;
  entries: unknown[];
}

/** Waits (API polling, up to 60 s) until a round has settled, opens /fairness, returns the newest round's id. */
async function firstSettledRound(page: Page): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/fairness');
        if (!res.ok()) return 0;
        id = ((await res.json()) as { data: { rounds: { id: number }[] } }).data.rounds[0]?.id ?? 0;
        return id;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  await page.goto('/fairness');
  // The app boots (atlases, session) before any screen shows: slow on a loaded machine.
  await expect(page.getByRole('button', { name: `Verify round ${id}` })).toBeVisible({ timeout: 30_000 });
  return id;
}

/** The round's published detail, recomputed the way the page tells anyone to do it. */
async function checkIndependently(page: Page, id: number): Promise<void> {
  const res = await page.request.get(`/api/fairness/rounds/${id}`);
  expect(res.status()).toBe(200);
  const d = ((await res.json()) as { data: Detail }).data;
  const raw = (h: string) => Buffer.from(h, 'hex');
  expect(d.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(crypto.createHash('sha256').update(raw(d.hash)).digest('hex')).toBe(d.previous_hash);
  // The block after the lock keys T: HMAC-SHA256(key = the round hash, message = the block hash), raw bytes.
  expect(d.block_hash).toMatch(/^0x[0-9a-f]{64}$/);
  const mac = crypto.createHmac('sha256', raw(d.hash)).update(raw(d.block_hash!.slice(2))).digest('hex');
  expect(BigInt(`0x${mac.slice(0, 13)}`).toString()).toBe(d.threshold_units);
}

test('a guest reads the procedure, the commitment and a round recomputed in the browser', async ({ page }) => {
  const id = await firstSettledRound(page);
  await expect(page).toHaveURL(/\/fairness$/);
  await expect(page.getByRole('heading', { name: 'Provably fair' })).toBeVisible();
  await expect(page.getByTestId('fairness-steps')).toContainText('HMAC-SHA256');
  await expect(page.getByTestId('fairness-terminal-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('fairness-salt')).not.toBeEmpty();

  await page.getByRole('button', { name: `Verify round ${id}` }).click();
  const report = page.getByTestId('fairness-report');
  await expect(report).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('fairness-verdict')).toHaveText(/everything matches/);
  await expect(page.getByTestId('fairness-check')).toHaveCount(5);
  for (const check of await page.getByTestId('fairness-check').all()) await expect(check).toHaveAttribute('data-ok', 'true');
  // One tap walks the chain to its commitment in a Web Worker.
  await page.getByRole('button', { name: /Walk the chain to its commitment/ }).click();
  await expect(page.getByTestId('fairness-walk-result')).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('fairness-threshold')).toHaveText(/^\d+\/4503599627370496$/);
  await checkIndependently(page, id);
});

test('a link to one round opens its recomputation directly', async ({ page }) => {
  const id = await firstSettledRound(page);
  await page.goto(`/fairness?round=${id}`);
  await expect(page.getByTestId('fairness-report')).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: `Round ${id}` })).toBeVisible();
});

test('a logged-in player opens it too, and Back leads home', async ({ page }) => {
  await register(page, newPlayer());
  await page.goto('/fairness');
  await expect(page).toHaveURL(/\/fairness$/);
  await expect(page.getByRole('heading', { name: 'Provably fair' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fairness-terminal-hash')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});
