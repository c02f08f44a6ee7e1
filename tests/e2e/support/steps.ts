/** Steps of the money specs (wallet, items): the wallet drawer, the two-stage button, the round, the operator's checks. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E_CHAIN_PORT, E2E_DATA_DIR } from './env';

/** Opens the wallet drawer, expects `testId` to read `text` (the watcher and the socket may take a while), closes it. */
export async function expectInWallet(page: Page, testId: string, text: string | RegExp, timeout = 30_000): Promise<void> {
  await page.getByTestId('wallet-open').click();
  await expect(page.getByTestId(testId)).toHaveText(text, { timeout });
  await page.getByTestId('wallet-close').click();
}

/**
 * Presses the two-stage button: the precalculation, then (after `atStage1` looked at the screen) the approve
 * press labelled `approve`, then "Done!". A press that meets the round's lock does nothing (the button reads
 * "Locked for Aeon Computing" for the 3 s of the lock, as the spec says): it is pressed again once the round opens.
 */
export async function twoStep(page: Page, button: string, approve: string, atStage1?: () => Promise<void>): Promise<void> {
  const b = page.getByTestId(button);
  await pressUntil(b, approve, (t) => t !== approve);
  await atStage1?.();
  await pressUntil(b, 'Done!', (t) => t === approve);
}

/**
 * Presses `b` while its text says `pressable` and it is enabled, until `outcome` (a text of `b`, or a check of
 * the screen) holds (30 s at most): a press swallowed by the round's lock is pressed again.
 */
export async function pressUntil(b: Locator, outcome: string | (() => Promise<void>), pressable: (text: string) => boolean): Promise<void> {
  await expect(async () => {
    const text = (await b.textContent()) ?? '';
    if (text !== outcome && pressable(text) && (await b.isEnabled())) await b.click({ timeout: 2_000 });
    if (typeof outcome === 'string') await expect(b).toHaveText(outcome, { timeout: 5_000 });
    else await outcome();
  }).toPass({ timeout: 30_000, intervals: [250] });
}

/** Runs one of the operator's checks (`npm run ledger:check`, `npm run reconcile`) against the e2e server's data and dev chain. */
export function operatorCheck(script: string): string {
  const env = { ...process.env, DATA_DIR: E2E_DATA_DIR, DEV_CHAIN_PORT: String(E2E_CHAIN_PORT), LOG_LEVEL: 'warn' };
  return execFileSync(process.execPath, ['--import', 'tsx', script], { env, encoding: 'utf8', timeout: 60_000 });
}

/** Runs `fn` on the e2e server's own SQLite file (read or write), closing it after. */
export function withE2eDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(E2E_DATA_DIR, 'aeon.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * Ages the player's starter egg to one round short of hatching, in the e2e server's own SQLite file. A
 * level-0 player (eggs only) has no weekly melt allowance, and hatching takes 12 rounds; the next round's
 * settlement, run by the server itself, hatches the egg and makes the player an Adept (100 ANGLS a week).
 */
export function ageEggOfUser(name: string): void {
  const changed = withE2eDb(
    (db) =>
      db.prepare("update eidols set experience = 11 where type = 'egg' and user_id = (select id from users where name = ?)").run(name)
        .changes,
  );
  expect(changed).toBe(1);
}

/** Seconds left of the open phase as the screen's round countdown shows them, or null while the round is not open. */
async function openSecondsLeft(page: Page): Promise<number | null> {
  if ((await page.getByTestId('round-countdown').getAttribute('data-state')) !== 'open') return null;
  const m = /(\d+):(\d\d)\s*$/.exec((await page.getByTestId('round-countdown-text').textContent()) ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Waits until the round is open with at least `seconds` left (the countdown of the screen shown), so a
 * flow of that length started now ends before the round locks and refuses it (the e2e rounds are short).
 */
export async function roundOpenFor(page: Page, seconds: number): Promise<void> {
  await expect.poll(async () => ((await openSecondsLeft(page)) ?? -1) >= seconds, { timeout: 30_000, intervals: [250] }).toBe(true);
}

/** USDC price of each starter pack (migration 0070): pack N holds a tier-N egg. */
const STARTER_PACK_USDC = { 1: 20, 2: 80 } as const;

/**
 * Activates a confirmed player's wallet from home as a new player does: test coin (100 USDC, 0.1 BNB) credited
 * by the deposit watcher, the gas deposit, then starter pack `pack` (1: 20 USDC, a common egg of 100 ANGLS;
 * 2: 80 USDC, a rare egg of 400 ANGLS) in two steps; back home.
 */
export async function activateWallet(page: Page, pack: keyof typeof STARTER_PACK_USDC = 1): Promise<void> {
  await page.goto('/deposit');
  await expect(page.getByTestId('deposit-address')).toContainText(/0x[0-9a-fA-F]{40}/);
  await page.getByTestId('test-coin').click();
  await expect(page.getByTestId('deposit-note')).toHaveText('Test Coin Sent', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page.getByTestId('screen-home')).toBeVisible();
  await expectInWallet(page, 'wallet-busd', '100.00');
  await expectInWallet(page, 'wallet-bnb', '0.1000');
  await page.getByTestId('wallet-open').click();
  await page.getByTestId('invoke-mastership').click();
  await expect(page).toHaveURL(/\/startergas$/);
  await page.getByTestId('covenant').check();
  await page.getByTestId('gas-submit').click();
  await expect(page).toHaveURL(/\/starterbuy$/, { timeout: 10_000 });
  await page.getByTestId(`pack-${pack}`).locator('input').check();
  await twoStep(page, 'starter-submit', 'Enter Cryptonomics');
  await expect(page.getByTestId('screen-home')).toBeVisible({ timeout: 10_000 });
  await expectInWallet(page, 'wallet-busd', `${100 - STARTER_PACK_USDC[pack]}.00`, 10_000);
}

/** A state-changing call as the app makes it: the CSRF cookie's token in its header (fetching the cookie first). */
async function postAsApp(request: APIRequestContext, url: string, data: unknown = {}): Promise<void> {
  let token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await request.get('/sanctum/csrf-cookie');
    token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  }
  const res = await request.post(url, {
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(token), 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
}

/** What this site's own scripts send with a state-changing GET (src/client/net/http.ts). */
const SAME_ORIGIN = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Activates a confirmed, logged-in player's wallet through the API the screens call (activateWallet proves
 * the screens): test coin credited by the deposit watcher, the gas deposit, then starter pack 1; for a player
 * whose activation only sets up what a spec is about (an invited friend's reward).
 */
export async function activateWalletByApi(page: Page): Promise<void> {
  const request = page.context().request;
  // A state-changing GET: only this site's own pages may call it (the app's HTTP client sends this header).
  expect((await request.get('/api/test-coin', { headers: SAME_ORIGIN })).status()).toBe(200);
  const user = async () =>
    ((await (await request.get('/api/auth/status')).json()) as { data: { balance_busd: string; balance_bnb: string } }).data;
  const balances = async () => {
    const u = await user();
    return [Number(u.balance_busd), Number(u.balance_bnb)];
  };
  await expect.poll(balances, { timeout: 30_000, intervals: [500] }).toEqual([100, 0.1]);
  await postAsApp(request, '/api/onboarding/gas');
  const packs = ((await (await request.get('/api/shop/?type=startpak')).json()) as { data: { id: number }[] }).data;
  await postAsApp(request, '/api/shop/buy', { shop_item_id: packs[0]!.id });
  await expect.poll(async () => (await balances())[0], { timeout: 10_000 }).toBe(80);
}
