/** Steps a player takes in the entry screens, shared by the e2e specs. */
import { expect, type Page } from '@playwright/test';
import crypto from 'node:crypto';
import { linkIn, waitForMail } from './outbox';

/** A fresh player's credentials, unique per call. */
export function newPlayer(): { name: string; email: string; password: string } {
  const id = crypto.randomBytes(4).toString('hex');
  return { name: `p_${id}`, email: `p_${id}@example.test`, password: `Sesame-${id}-9` };
}

/** Fills and submits the login form. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/**
 * Registers through /register with the third master and waits until the app has moved on; with `refPath`
 * (an invite link's path, /register/code/<code>) through the invite's landing and /register/ref/<code>.
 */
export async function register(page: Page, p: { name: string; email: string; password: string }, refPath?: string): Promise<void> {
  if (refPath) {
    await page.goto(refPath);
    await expect(page.getByTestId('referral-name')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/register\/ref\//);
    await expect(page.getByTestId('register-referrer')).toBeVisible();
  } else {
    await page.goto('/register');
  }
  await page.getByRole('button', { name: /next master/i }).click();
  await page.getByRole('button', { name: /next master/i }).click();
  await page.getByLabel('Nickname').fill(p.name);
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Repeat Password').fill(p.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Onboarding waits for the confirmed e-mail: a new player lands home, where the reminder asks for it.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('confirm-reminder')).toBeVisible();
}

/** Walks the five onboarding slides and enters the game. */
export async function finishOnboarding(page: Page): Promise<void> {
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Enter Cryptonomics' }).click();
}

/** Registers a new player (invited through `refPath`, if given), confirms the e-mail from the mailed link, logs in and lands on onboarding. */
export async function confirmedPlayer(page: Page, refPath?: string): Promise<void> {
  const p = newPlayer();
  await register(page, p, refPath);
  const mail = await waitForMail(p.email, /confirm|verif/i);
  await page.goto(linkIn(mail, '/verify-email/'));
  await page.getByRole('button', { name: 'Apply KYC' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await logIn(page, p.email, p.password);
  await expect(page).toHaveURL(/\/onboarding$/);
}
