// The wallet end to end on the phone profile (issue #10 "Proof", issue #32): a confirmed player asks for test
// coin, the deposit watcher credits it, the gas deposit and a starter pack activate the wallet; a withdrawal to
// a new address is held for the cooling-off, then goes with a TOTP code (the player turned TOTP on) and reaches
// the address on the dev chain; the withdrawal mail's freeze link opens a page whose button freezes
// withdrawals, and /security unfreezes them with a fresh factor (without one: through the unfreeze mail's
// page); the exchange mints and melts.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createPublicClient, http, parseAbiItem } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { E2E_CHAIN_PORT } from './support/env';
import { linkIn, waitForMail } from './support/outbox';
import { confirmedPlayer, finishOnboarding } from './support/player';
import { enableTotp, openSecurity } from './support/security';
import { activateWallet, ageEggOfUser, expectInWallet, operatorCheck, pressUntil, twoStep } from './support/steps';

const shots = process.env.PHONE_SHOTS;

// playwright.config.ts gives the e2e server's dev chain this port (apart from any other run's).
const chain = createPublicClient({ transport: http(`http://127.0.0.1:${E2E_CHAIN_PORT}`) });
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Collects every server frame carrying a `transaction_update`, from either Socket.IO transport. */
function transactionUpdates(page: Page): string[] {
  const frames: string[] = [];
  const keep = (text: string) => {
    if (text.includes('"event":"transaction_update"')) frames.push(text);
  };
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => typeof payload === 'string' && keep(payload)));
  page.on('response', async (res) => {
    if (res.url().includes('/socket.io/') && res.request().method() === 'GET') keep(await res.text().catch(() => ''));
  });
  return frames;
}

/** Opens /send to `to` with `amount` USDC filled in. */
async function sendForm(page: Page, to: string, amount: string): Promise<void> {
  await page.goto(`/send?sendto=${to}`);
  await expect(page.getByTestId('send-address')).toHaveValue(to);
  await page.getByTestId('send-amount').fill(amount);
  await page.getByRole('radio', { name: 'USDC' }).check();
}

/** Opens a withdrawal mail's freeze link logged out in another browser context (the mail read elsewhere) and presses Freeze. */
async function freezeFromMail(browser: Browser, link: string): Promise<void> {
  const other = await browser.newContext();
  const mailPage = await other.newPage();
  await mailPage.goto(link);
  await expect(mailPage.getByTestId('screen-freeze')).toBeVisible();
  if (shots) await mailPage.screenshot({ path: `${shots}/freeze-page.png`, fullPage: true });
  await mailPage.getByTestId('freeze-submit').click();
  await expect(mailPage.getByTestId('freeze-done')).toHaveText(/^Withdrawals are frozen/);
  await other.close();
}

test('test coin → activation → a withdrawal held, then sent with a code → freeze and unfreeze → mint and melt', async ({
  page,
  browser,
}) => {
  // Up to a round (18 s) waiting for the hatch, and two operator checks that each start tsx.
  test.setTimeout(240_000);
  const updates = transactionUpdates(page);
  await confirmedPlayer(page);
  await finishOnboarding(page);
  await expect(page.getByTestId('screen-home')).toBeVisible();
  const name = (await page.getByTestId('wallet-name').textContent())!.replace(/ Purse$/, '');

  // Test coin credited by the watcher after finality, the gas deposit, then starter pack 1 (20 USDC) in two steps.
  await activateWallet(page);
  await expect(page.getByTestId('invoke-mastership')).toHaveCount(0);

  // A withdrawal to a new address is held for the cooling-off (playwright.config.ts keeps the 24 hours): the
  // button says until when, or now with a second factor.
  const outside = privateKeyToAccount(generatePrivateKey()).address;
  await sendForm(page, outside, '5');
  const submit = page.getByTestId('send-submit');
  await pressUntil(
    submit,
    async () => expect(submit).toHaveText(/^For your safety a new address can receive withdrawals from .* UTC/),
    (t) => t === 'Calculate GAS',
  );
  if (shots) await page.screenshot({ path: `${shots}/withdrawal-cooling-off.png`, fullPage: true });

  // With TOTP on, the code waives the cooling-off: 5 USDC (+ 0.5 USDC gas) leave, and the queue signs and broadcasts them.
  const { codes, recovery } = await enableTotp(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await sendForm(page, outside, '5');
  await page.getByTestId('send-factor-code').fill(await codes.next());
  const precalc = page.waitForResponse((r) => r.url().endsWith('/api/wallet/send'));
  // The gas preview of the chosen currency: 0.5 USDC for a send that leaves the platform; the confirm step
  // states the on-chain withdrawal, its recipient, amount, gas and total before the player approves it.
  await twoStep(page, 'send-submit', 'Confirm on-chain withdrawal', async () => {
    await expect(page.getByTestId('gas-busd')).toHaveText(/^0\.50*$/);
    await expect(page.getByTestId('send-confirm-kind')).toHaveText(/^On-chain withdrawal/);
    await expect(page.getByTestId('send-confirm-recipient')).toHaveText(outside);
    await expect(page.getByTestId('send-confirm-amount')).toHaveText('5.00000000 USDC');
    await expect(page.getByTestId('send-confirm-gas')).toHaveText('0.50000000 USDC');
    await expect(page.getByTestId('send-confirm-total')).toHaveText('5.50000000 USDC');
    // The recipient's address stays inside the screen (it wraps, never runs off the edge).
    const box = (await page.getByTestId('send-confirm-recipient').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    if (shots) await page.screenshot({ path: `${shots}/withdrawal-confirm.png`, fullPage: true });
  });
  const sendId = ((await (await precalc).json()) as { data: { transaction: { id: string } } }).data.transaction.id;
  // The commit leaves the send pending; at finality the player is told it completed (a toast, 5 s).
  await expect(page.getByTestId('toast-transaction:Transaction completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('screen-home')).toBeVisible({ timeout: 10_000 });
  await expectInWallet(page, 'wallet-busd', '74.50', 10_000);
  // On-chain: one Transfer of 5 USDC (18 decimals on the dev chain's token) to the outside address.
  await expect
    .poll(async () => (await chain.getLogs({ event: TRANSFER, args: { to: outside }, fromBlock: 0n })).map((l) => l.args.value), {
      timeout: 30_000,
    })
    .toEqual([5n * 10n ** 18n]);
  // The player's socket heard the send pending at its commit, then a success when the queue posted it at finality.
  await expect
    .poll(
      () =>
        ['pending', 'success'].map((status) => updates.some((f) => f.includes(`"id":"${sendId}"`) && f.includes(`"status":"${status}"`))),
      { timeout: 30_000 },
    )
    .toEqual([true, true]);

  // The withdrawal mail's link, opened logged out on another device: a page that says what freezing does and
  // freezes only on its button (nothing was left to stop: the withdrawal went out already).
  const email = (await (await page.request.get('/api/auth/status')).json()).data.email as string;
  const mail = await waitForMail(email, /withdrawal of 5 USDC/);
  await freezeFromMail(browser, linkIn(mail, '/freeze/'));
  // No withdrawal now, even with a code; /security shows the freeze and unfreezes with a fresh code.
  await sendForm(page, outside, '1');
  await pressUntil(
    submit,
    async () => expect(submit).toHaveText(/^Withdrawals are frozen on this account/),
    (t) => t === 'Calculate GAS',
  );
  await openSecurity(page);
  await expect(page.getByTestId('security-frozen')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/security-frozen.png`, fullPage: true });
  await page.getByTestId('security-proof').fill(await codes.next());
  await page.getByTestId('unfreeze-submit').click();
  await expect(page.getByTestId('unfreeze-notice')).toHaveText('Withdrawals are unfrozen.');
  await expect(page.getByTestId('security-frozen')).toHaveCount(0);

  // Without a second factor the unfreeze goes through a mailed link: TOTP off (with a recovery code), the same
  // freeze link again (it stays valid), then /security asks for the mail, whose link is a page that unfreezes
  // on its button for the logged-in owner.
  await page.getByTestId('security-proof').fill(recovery[0]!);
  await page.getByTestId('totp-disable').click();
  await expect(page.getByTestId('security-totp')).not.toHaveAttribute('data-on', 'true');
  await freezeFromMail(browser, linkIn(mail, '/freeze/'));
  await openSecurity(page);
  await page.getByTestId('unfreeze-submit').click();
  await expect(page.getByTestId('unfreeze-notice')).toHaveText(/^We sent you an e-mail/);
  await page.goto(linkIn(await waitForMail(email, /unfreeze withdrawals/), '/unfreeze/'));
  await expect(page.getByTestId('screen-unfreeze')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/unfreeze-link-page.png`, fullPage: true });
  await page.getByTestId('unfreeze-submit').click();
  await expect(page.getByTestId('unfreeze-done')).toHaveText('Withdrawals are unfrozen.');

  // Mint: 10 USDC → 103.95 ANGLS (1 % fee, 5 % bonus).
  await page.goto('/exchange');
  await expect(page.getByTestId('exchange-loading')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Mint ANGLS' }).check();
  await page.getByTestId('exchange-amount').fill('10');
  await expect(page.getByTestId('exchange-receive')).toHaveText('103.95000000 ANGLS');
  await twoStep(page, 'exchange-submit', 'Mint ANGLS');
  await expect(page.getByTestId('screen-home')).toBeVisible({ timeout: 10_000 });
  await expectInWallet(page, 'wallet-ngls', '103.95000000', 10_000);
  await expectInWallet(page, 'wallet-busd', '64.50');

  // Melt needs a titled level: the starter egg hatches at the next settlement.
  ageEggOfUser(name);
  await expectInWallet(page, 'wallet-level', /Adept/, 60_000);
  await page.goto('/exchange');
  await expect(page.getByTestId('exchange-loading')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Melt ANGLS' }).check();
  await page.getByTestId('exchange-amount').fill('50');
  // 50 ANGLS less 1 % fee at 0.09 USDC: 4.455 USDC.
  await expect(page.getByTestId('exchange-receive')).toHaveText(/^4\.45/);
  await twoStep(page, 'exchange-submit', 'Melt ANGLS');
  await expect(page.getByTestId('screen-home')).toBeVisible({ timeout: 10_000 });
  await expectInWallet(page, 'wallet-ngls', '53.95000000', 10_000);
  await expectInWallet(page, 'wallet-busd', '68.95');

  // The ledger's invariants hold, and the dev chain's custody covers what the ledger owes in every asset.
  expect(operatorCheck('src/server/ledger/checkCli.ts')).toMatch(/^ledger ok/m);
  const reconciled = operatorCheck('src/server/chain/reconcileCli.ts');
  for (const asset of ['USDC', 'BNB']) expect(reconciled).toMatch(new RegExp(`^${asset}: .*\\| solvent$`, 'm'));
});
