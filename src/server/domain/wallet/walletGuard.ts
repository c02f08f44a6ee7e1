/**
 * The one activation guard of every wallet action (spec 1 §6, spec 2 §4): a player without `start_gas`
 * and `start_pack` is refused with "Invoke Mastership" (the client routes them to /startergas or
 * /starterbuy). The activation's own steps need less: the fee precalculation and the starter pack need
 * only the gas deposit, because they are how `start_pack` is earned.
 */
import { AppError } from '../errors';
import { INVOKE_MASTERSHIP } from './walletTexts';

/** HTTP status of the refusal: the player is known but not allowed yet. */
export const NOT_ACTIVATED_STATUS = 403;

/** What the guard reads of a user row. */
export interface ActivationFlags {
  start_gas: number;
  start_pack: number;
}

/** `'wallet'`: both flags (send, exchange, shop); `'starter'`: the gas deposit only (starter pack and its precalculation). */
export type WalletStep = 'wallet' | 'starter';

/** True when the player may take `step`. */
export function walletActive(user: ActivationFlags, step: WalletStep = 'wallet'): boolean {
  return user.start_gas === 1 && (step === 'starter' || user.start_pack === 1);
}

/** Throws 403 "Invoke Mastership" unless the player may take `step`; call it before anything is read or written. */
export function requireActiveWallet(user: ActivationFlags, step: WalletStep = 'wallet'): void {
  if (!walletActive(user, step)) throw new AppError(NOT_ACTIVATED_STATUS, INVOKE_MASTERSHIP);
}
