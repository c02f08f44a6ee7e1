/**
 * The second factor as the rest of the server sees it: whether a player has one, and checking a fresh
 * proof of it (a TOTP code, a recovery code, or a passkey assertion made for a `fresh` challenge). A
 * withdrawal, a new withdrawal address and every change of the factors themselves ask for one.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../errors';
import type { FactorDeps } from './factorDeps';
import { redeemPasskey } from './passkeys';
import { redeemRecoveryCode } from './recoveryCodes';
import { totpEnabled, redeemTotp } from './totp';

/** The proof fields a client sends with a call that needs a fresh factor (one of them). */
export interface FactorProof {
  otp?: string;
  recovery_code?: string;
  webauthn?: AuthenticationResponseJSON;
}

/** Which factors a player has. */
export interface FactorMethods {
  totp: boolean;
  passkey: boolean;
}

/** Text when a call needs a fresh factor and none came. */
export const FACTOR_NEEDED = 'Confirm with a code from your authenticator app, a recovery code or a passkey.';
/** Text when the proof sent is wrong, used already or expired. */
export const FACTOR_WRONG = 'That code is not right, or it was used already.';

/** The player's factors. */
export async function factorMethods(deps: Pick<FactorDeps, 'db'>, userId: number): Promise<FactorMethods> {
  const [totp, passkey] = await Promise.all([
    totpEnabled(deps, userId),
    deps.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return { totp, passkey: passkey !== undefined };
}

/** True when the player has a second factor (TOTP or at least one passkey). */
export async function hasSecondFactor(deps: Pick<FactorDeps, 'db'>, userId: number): Promise<boolean> {
  const m = await factorMethods(deps, userId);
  return m.totp || m.passkey;
}

/** The proof fields of a request body; anything that is not of the right type is left out. */
export function proofOf(body: unknown): FactorProof {
  const b = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && v.length <= 64 ? v : undefined);
  const webauthn = b.webauthn !== null && typeof b.webauthn === 'object' ? (b.webauthn as AuthenticationResponseJSON) : undefined;
  return { otp: text(b.otp), recovery_code: text(b.recovery_code), webauthn };
}

/** The field a refusal names: the one the client sent, else `otp` (the code field every screen has). */
function fieldOf(proof: FactorProof): string {
  if (proof.otp === undefined && proof.recovery_code !== undefined) return 'recovery_code';
  if (proof.otp === undefined && proof.webauthn !== undefined) return 'webauthn';
  return 'otp';
}

/**
 * True when `proof` is a fresh proof of `userId`'s second factor: it is used up (the TOTP step, the
 * recovery code, the passkey challenge), so the same proof never passes twice. False when absent or wrong.
 */
export async function verifyFreshFactor(deps: FactorDeps, userId: number, proof: FactorProof): Promise<boolean> {
  if (proof.otp !== undefined) return redeemTotp(deps, userId, proof.otp);
  if (proof.recovery_code !== undefined) return redeemRecoveryCode(deps, userId, proof.recovery_code);
  if (proof.webauthn !== undefined) return (await redeemPasskey(deps, 'fresh', userId, proof.webauthn)) === userId;
  return false;
}

/** Throws the spec's 422 naming the proof field unless `proof` verifies (see verifyFreshFactor). */
export async function requireFreshFactor(deps: FactorDeps, userId: number, proof: FactorProof): Promise<void> {
  const field = fieldOf(proof);
  const none = proof.otp === undefined && proof.recovery_code === undefined && proof.webauthn === undefined;
  if (none) throw new AppError(422, FACTOR_NEEDED, { [field]: [FACTOR_NEEDED] });
  if (!(await verifyFreshFactor(deps, userId, proof))) throw new AppError(422, FACTOR_WRONG, { [field]: [FACTOR_WRONG] });
}
