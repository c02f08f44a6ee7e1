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
  const mac = crypto
    .createHmac('sha256', raw(d.hash))
    .update(raw(d.block_hash!.slice(2)))
    .digest('hex');
  expect(BigInt(`0x${mac.slice(0, 13)}`).toString()).toBe(d.threshold_units);
}

/**
 * SHA-256 applied `steps` times to round `id`'s published hash (raw bytes) gives `terminalHash`, the
 * commitment of the chain the listing says the round belongs to.
 */
async function expectWalkReaches(page: Page, id: number, steps: number, terminalHash: string): Promise<void> {
  const listing = (await (await page.request.get('/api/fairness')).json()) as {
    data: { chains: { first_round_id: number; length: number; terminal_hash: string }[] };
  };
  const chain = listing.data.chains.find((c) => c.first_round_id <= id && id < c.first_round_id + c.length);
  expect(chain?.terminal_hash).toBe(terminalHash);
  // A chain's round n is its position n − first + 1: that many hashes lead from it to the commitment.
  expect(steps).toBe(id - chain!.first_round_id + 1);
  const d = ((await (await page.request.get(`/api/fairness/rounds/${id}`)).json()) as { data: Detail }).data;
  expect(steps).toBeGreaterThan(0);
  let h = Buffer.from(d.hash, 'hex');
  for (let i = 0; i < steps; i++) h = crypto.createHash('sha256').update(h).digest();
  expect(h.toString('hex')).toBe(terminalHash);
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
  const walked = page.getByTestId('fairness-walk-result');
  await expect(walked).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
  await expect(walked).toHaveText(
    /^✓ (1 hash from this round reaches|(?!1 )[\d,]+ hashes from this round reach) the chain's terminal hash\.$/,
  );
  await expect(page.getByTestId('fairness-threshold')).toHaveText(/^\d+\/4503599627370496$/);
  if (process.env.PHONE_SHOTS) {
    // The HUD scrolls inside its own layer (a full-page shot is the viewport): the commitment, then the verdicts.
    await page.getByTestId('fairness-terminal-hash').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.PHONE_SHOTS}/fairness-commitment.png` });
    await walked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.PHONE_SHOTS}/fairness-walked.png` });
  }
  await checkIndependently(page, id);
  // The walk's count, hashed again here from the round's hash, lands on the commitment the page published.
  const steps = Number((await walked.textContent())!.replace(/[^\d]/g, ''));
  await expectWalkReaches(page, id, steps, (await page.getByTestId('fairness-terminal-hash').textContent())!);
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

test('/solvency speaks to a guest on a phone: each asset in plain words, the maths one tap away', async ({ page }) => {
  await page.goto('/solvency');
  await expect(page.getByRole('heading', { name: 'Solvency' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('solvency-loading')).toHaveCount(0, { timeout: 30_000 });
  const assets = page.getByTestId('solvency-asset');
  await expect(assets).toHaveCount(4);
  // A fresh game owes nothing it does not hold: no verdict fails (ANGLS, kept in the ledger alone, says so instead).
  for (const verdict of await page.getByTestId('solvency-verdict').allTextContents()) expect(verdict).not.toMatch(/^✗/);
  // Operators' words stay off a player's page: no account names, no commands.
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text).not.toMatch(/gdao_chest|A platform account|npm run/);
  // The maths is folded until asked for.
  const maths = page.locator('details').first();
  await expect(maths).not.toHaveAttribute('open', '');
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/solvency.png` });
  await maths.locator('summary').click();
  await expect(maths).toHaveAttribute('open', '');
});
