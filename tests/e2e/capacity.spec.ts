/**
 * The round's capacity on a phone, against the real server and its real economy (ECONOMY.md "The mining
 * pool banks the round within a published capacity"). No setting is shrunk for the test: a new player buys
 * Starter Pack II, a rare egg of 400 ANGLS, whose fair claim at the top risk (0.99 → 400 × 0.99 × 99 ≈ 39,000
 * ANGLS) is far past what one eidol may reserve (m × K = 1 % of the genesis pool of 1M ANGLS: 10,000), so the
 * capacity decides as it would for any player with a large eidol. The eidol screen shows the room left and
 * the largest angle that fits (recomputed here from GET /api/game's published figures, apart from the
 * product's code); a bid at 90° is refused with the largest risk that fits, shown once; a bid at that risk joins.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { confirmedPlayer, finishOnboarding } from './support/player';
import { activateWallet, roundOpenFor } from './support/steps';

// Registration, the deposit watcher, the starter pack and up to two rounds of 18 s on a shared machine.
test.setTimeout(240_000);

interface GameFigures {
  capacity: string;
  capacity_left: string;
  capacity_per_eidol: string;
  reserved_claims?: Record<string, string>;
  oogles: { id: number; value: string; risk: string }[];
}

/** ANGLS wire decimal ("123.45000000") as ledger units (10^-8). */
function units(text: string): bigint {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole!) * 10n ** 8n + BigInt(frac.padEnd(8, '0').slice(0, 8));
}

/** The game as the server publishes it to this player. */
async function gameFigures(page: Page): Promise<GameFigures> {
  const res = await page.request.get('/api/game');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: GameFigures }).data;
}

/**
 * The largest risk units at `digits` decimals whose fair claim on `value` fits `room`, by ECONOMY.md's
 * formulas written out again (S = ⌊r × V⌋, G = ⌊S × r / (1 − r)⌋), counting up: no shared code.
 */
function largestFit(value: bigint, digits: number, room: bigint): bigint {
  const scale = 10n ** BigInt(digits);
  let best = 0n;
  for (let u = 1n; u < scale; u++) {
    const stake = (u * value) / scale;
    if ((stake * u) / (scale - u) <= room) best = u;
  }
  return best;
}

/** Sets the accessible risk control to `degrees` and lets go of it as a keyboard player does (one step down: the key's release sends the bid). */
async function bidAt(range: Locator, degrees: number): Promise<void> {
  await range.fill((degrees + 0.1).toFixed(1));
  await range.press('ArrowDown');
}

test('the eidol screen shows the room left and the largest angle; a bid past it is refused with the risk that fits, which then joins', async ({
  page,
}) => {
  await confirmedPlayer(page);
  await finishOnboarding(page);
  await expect(page.getByTestId('screen-home')).toBeVisible();
  await activateWallet(page, 2);
  for (const id of ['tutorial-1', 'tutorial-2']) {
    if (await page.getByTestId(id).isVisible()) await page.getByRole('button', { name: 'Got it' }).click();
  }
  await page.getByRole('button', { name: 'Manage Eidol' }).click();
  await expect(page).toHaveURL(/\/eidol$/);
  await expect(page.getByTestId('eidol-value')).toHaveText('400 ANGLS', { timeout: 30_000 });

  // The room left of K and the largest angle, once the round is open (bids closed hide the angle).
  await roundOpenFor(page, 10);
  const panel = page.getByTestId('capacity-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('capacity-left')).toHaveText(/^[\d,.]+ of [\d,.]+ ANGLS left$/);
  const fits = page.getByTestId('capacity-fits');
  await expect(fits).toHaveText(/^This Eidol fits up to \d+\.\d° \(risk 0\.\d+\)$/);
  const [, shownDegrees, shownRisk] = /up to (\d+\.\d)° \(risk (0\.\d+)\)/.exec((await fits.textContent())!)!;
  const digits = shownRisk!.length - 2;
  const game = await gameFigures(page);
  const eidol = game.oogles[0]!;
  expect(game.reserved_claims?.[String(eidol.id)]).toBeUndefined();
  const perEidol = units(game.capacity_per_eidol);
  const left = units(game.capacity_left);
  const fit = largestFit(units(eidol.value), digits, left < perEidol ? left : perEidol);
  const scale = 10 ** digits;
  // The 400-ANGLS egg cannot take the top risk: the capacity, not the control's end, is its limit.
  expect(Number(fit)).toBeGreaterThan(0);
  expect(Number(fit)).toBeLessThan(scale - 1);
  expect(shownRisk).toBe(`0.${fit.toString().padStart(digits, '0')}`);
  expect(shownDegrees).toBe(((Number(fit) / scale) * 90).toFixed(1));
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/capacity-eidol.png` });

  // 90° (risk 0.99): past the room. The warning shows while the angle is there; the server refuses and the
  // screen shows its answer, with the largest risk that fits, once.
  const range = page.getByTestId('risk-range');
  await roundOpenFor(page, 8);
  const refusedAnswer = page.waitForResponse((r) => r.url().endsWith('/api/game/join') && r.request().method() === 'POST');
  await range.focus();
  await range.press('End');
  const refused = await refusedAnswer;
  expect(refused.status()).toBe(422);
  const refusal = ((await refused.json()) as { errors: { risk: string[] } }).errors.risk[0]!;
  const suggested = /up to risk (0\.\d+) \((\d+\.\d)°\)/.exec(refusal);
  expect(suggested, refusal).not.toBeNull();
  const [, risk, degrees] = suggested!;
  // The server's answer agrees with what the screen showed before the bid (the round did not change in between).
  expect(Number(risk)).toBe(Number(shownRisk));
  expect(degrees).toBe(shownDegrees);
  await expect(page.getByTestId('join-answer')).toHaveText(refusal);
  // Where the player sees it: the panel starts below a phone's fold, and the answer is brought into view.
  await expect(page.getByTestId('join-answer')).toBeInViewport();
  await expect(page.getByText(refusal)).toHaveCount(1);
  await expect(page.getByTestId('capacity-over')).toBeVisible();
  await expect(page.getByTestId('capacity-over')).toHaveText(`Above ${shownDegrees}° this bid would be refused`);
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/capacity-refused.png` });

  // The suggested risk joins: the answer is the join, the refusal is gone and the room left shrinks by the claim.
  await roundOpenFor(page, 6);
  const joinedAnswer = page.waitForResponse((r) => r.url().endsWith('/api/game/join') && r.request().method() === 'POST');
  await bidAt(range, Number(degrees));
  const joined = await joinedAnswer;
  expect(joined.status(), await joined.text()).toBe(200);
  expect(Number(((await joined.json()) as { data: { risk: string } }).data.risk)).toBe(Number(risk));
  await expect(page.getByTestId('join-answer')).toHaveText('Joined');
  await expect(page.getByText(refusal)).toHaveCount(0);
  await expect(page.getByTestId('capacity-over')).toBeHidden();
  const after = await gameFigures(page);
  const claim = after.reserved_claims?.[String(eidol.id)];
  expect(claim).toBeDefined();
  expect(units(claim!)).toBeGreaterThan(0n);
  expect(units(claim!)).toBeLessThanOrEqual(perEidol);
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/capacity-joined.png` });
});
