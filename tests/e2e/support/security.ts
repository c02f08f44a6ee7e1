/** Steps of the second factor shared by the e2e specs: TOTP codes computed here with otplib, /security, enabling TOTP. */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** Hands out TOTP codes of one secret, each for a later 30-second step than the last (the server refuses replays). */
export interface TotpCodes {
  secret: string;
  next: () => Promise<string>;
}

/**
 * Codes of `secret`. The server accepts the current step and the one before (clock drift), so the first
 * two codes need no wait: the previous step's (when more than 5 s of this step are left, so it is still
 * accepted when the request arrives), then the current one; a third waits for the next step.
 */
export function totpCodes(secret: string): TotpCodes {
  let last = -1;
  return {
    secret,
    async next() {
      for (;;) {
        const seconds = Date.now() / 1000;
        const step = Math.floor(seconds / 30);
        const candidates = 30 - (seconds % 30) > 5 ? [step - 1, step] : [step];
        const pick = candidates.find((s) => s > last);
        if (pick !== undefined) {
          last = pick;
          return generate({ secret, epoch: pick * 30 });
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    },
  };
}

/** Opens /security the way a player does: the home menu's sessions, then its security link. */
export async function openSecurity(page: Page): Promise<void> {
  await page.goto('/sessions');
  await page.getByTestId('sessions-security').click();
  await expect(page.getByTestId('screen-security')).toBeVisible();
}

/**
 * Turns TOTP on from /security with a code from the key the screen shows; answers the codes of that key and
 * the 10 recovery codes shown once (the screen is left showing them).
 */
export async function enableTotp(page: Page): Promise<{ codes: TotpCodes; recovery: string[] }> {
  await openSecurity(page);
  await page.getByTestId('totp-enable').click();
  const codes = totpCodes((await page.getByTestId('totp-secret').textContent())!.trim());
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/security-totp-qr.png`, fullPage: true });
  await page.getByTestId('totp-code').fill(await codes.next());
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  const recovery = await page.getByTestId('recovery-code').allTextContents();
  return { codes, recovery };
}
