/**
 * TOTP (RFC 6238, 30-second steps, 6 digits): a setup shows a pending secret, a code from it confirms it;
 * a code is accepted from the current step or the one before (clock drift), and never a step at or before
 * the last one accepted, so a code seen over a shoulder cannot be used again.
 */
import { openSecret, sealSecret } from './factorSecretBox';
import type { FactorDeps } from './factorDeps';

// Loaded with the first second-factor call rather than at the server's start.
const otp = () => import('otplib');

/** What a setup shows: the secret for manual entry and the otpauth URI for the QR code. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** Six digits, spaces allowed (apps show "123 456"). */
export function normalizeTotp(code: string): string | undefined {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** Starts (or restarts) a setup for `userId`: a new pending secret; the confirmed one, if any, stays. */
export async function startTotpSetup(deps: FactorDeps, userId: number, label: string): Promise<TotpSetup> {
  const { generateSecret, generateURI } = await otp();
  const secret = generateSecret();
  const sealed = sealSecret(deps.key, userId, secret);
  const now = deps.clock.now();
  await deps.db
    .insertInto('user_factors')
    .values({ user_id: userId, totp_secret: null, totp_pending: sealed, totp_last_step: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ totp_pending: sealed, updated_at: now }))
    .execute();
  return { secret, uri: generateURI({ issuer: deps.party.rpName, label, secret }) };
}

/** The time step `code` matches for `secret` at the clock's time, or undefined. */
async function matchingStep(deps: FactorDeps, secret: string, code: string, after: number): Promise<number | undefined> {
  const token = normalizeTotp(code);
  if (token === undefined) return undefined;
  const epoch = Math.floor(deps.clock.now() / 1000);
  const { verify } = await otp();
  const result = await verify({ secret, token, epoch, epochTolerance: [30, 0], afterTimeStep: after > 0 ? after : undefined });
  // The functional verify answers HOTP's result type too; TOTP's carries the matched step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Claims `step` as the last one used; false when another request claimed it (or a later one) first. */
async function claimStep(deps: FactorDeps, userId: number, step: number): Promise<boolean> {
  const r = await deps.db
    .updateTable('user_factors')
    .set({ totp_last_step: step, updated_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Confirms the pending secret with a code from it; true when TOTP is now on. */
export async function confirmTotp(deps: FactorDeps, userId: number, code: string): Promise<boolean> {
  const row = await deps.db.selectFrom('user_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row?.totp_pending) return false;
  const step = await matchingStep(deps, openSecret(deps.key, userId, row.totp_pending), code, 0);
  if (step === undefined) return false;
  // Only the pending secret that was checked is promoted: a setup restarted meanwhile keeps its own.
  const r = await deps.db
    .updateTable('user_factors')
    .set({ totp_secret: row.totp_pending, totp_pending: null, totp_last_step: step, updated_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('totp_pending', '=', row.totp_pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** True when TOTP is on for `userId`. */
export async function totpEnabled(deps: Pick<FactorDeps, 'db'>, userId: number): Promise<boolean> {
  const row = await deps.db.selectFrom('user_factors').select('totp_secret').where('user_id', '=', userId).executeTakeFirst();
  return row?.totp_secret != null;
}

/** Checks a code against the confirmed secret and uses up its step; false when wrong, replayed or TOTP is off. */
export async function redeemTotp(deps: FactorDeps, userId: number, code: string): Promise<boolean> {
  const row = await deps.db.selectFrom('user_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row?.totp_secret) return false;
  const step = await matchingStep(deps, openSecret(deps.key, userId, row.totp_secret), code, Number(row.totp_last_step));
  return step !== undefined && (await claimStep(deps, userId, step));
}

/** Turns TOTP off (the pending setup too). */
export async function removeTotp(deps: FactorDeps, userId: number): Promise<void> {
  await deps.db
    .updateTable('user_factors')
    .set({ totp_secret: null, totp_pending: null, updated_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .execute();
}
