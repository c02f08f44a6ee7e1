/** The send form's logic (spec 2 §2 "Send screen", §5): the body it posts, its validation text, the gas preview. */
import { t } from '../../../i18n/t/home';
import type { User } from '../../../../shared/api/user';
import { formatUnits } from '../../../../shared/money/format';
import {
  WIRE_CURRENCIES,
  ZERO_UNITS,
  balanceUnits,
  feeUnits,
  parseAmount,
  validateSend,
  wireScale,
  type WireCurrency,
} from '../../../../shared/rules/wallet';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import type { SendDestination } from '../../../../shared/api/transactions';
import type { SendBody } from '../../../net/walletApi';

/** What the player filled in. */
export interface SendForm {
  address: string;
  amount: string;
  currency: WireCurrency;
}

/** Currency names as the screens show them. */
export const CURRENCY_NAMES: Readonly<Record<WireCurrency, string>> = { ngls: t.units.ngls, busd: t.units.busd, bnb: t.units.bnb };

/** Gas and amounts show with 8 decimals (spec 2 §9). */
export const GAS_DECIMALS = 8;

/** The body of the precalculation, the key that resets the flow, and the validation text ('' when valid). */
export function sendRequest(form: SendForm, user: User, fee: PrecalcFee | null): { body: SendBody; key: string; invalid: string } {
  const gas = fee ? feeUnits(fee) : ZERO_UNITS;
  const check = validateSend({ to_address: form.address, amount: form.amount, currency: form.currency }, balanceUnits(user), gas);
  const body: SendBody = {
    amount: form.amount,
    currency: form.currency,
    to_address: form.address.trim(),
    gas: formatUnits(gas[form.currency], wireScale(form.currency)),
  };
  // The gas is the server's answer to this input, not part of it: it must not reset the flow.
  const key = JSON.stringify([form.address.trim(), form.amount, form.currency]);
  return { body, key, invalid: check.ok ? '' : check.message };
}

/** The gas preview: one line per currency, 8 decimals ("0.00000000" until precalculated). */
export function gasPreview(fee: PrecalcFee | null): Array<{ currency: WireCurrency; name: string; gas: string }> {
  const units = fee ? feeUnits(fee) : ZERO_UNITS;
  return WIRE_CURRENCIES.map((c) => ({ currency: c, name: CURRENCY_NAMES[c], gas: formatUnits(units[c], wireScale(c), GAS_DECIMALS) }));
}

/** The send address from the route: the `sendto` path parameter or query parameter. */
export function sendtoOf(params: Record<string, string | undefined>, search: Record<string, string>): string {
  // The router reports an absent optional path parameter as '' (not undefined), so `||` falls through to the query.
  return (params.sendto || search.sendto || '').trim();
}

/** The confirm step's lines: what happens, to whom, the amount, the gas and the total, each with its currency. */
export interface SendConfirmation {
  kind: string;
  recipient: string;
  amount: string;
  gas: string;
  total: string;
}

/**
 * What the confirm step states (stage 1 of a send), from the form the precalculation was made for and its
 * answer; null before there is an answer or when the amount no longer reads (the flow is back at stage 0).
 */
export function sendConfirmation(form: SendForm, fee: PrecalcFee | null, destination: SendDestination | null): SendConfirmation | null {
  if (!fee) return null;
  const scale = wireScale(form.currency);
  const amount = parseAmount(form.amount, scale);
  if (!amount.ok) return null;
  const gas = feeUnits(fee)[form.currency];
  const name = CURRENCY_NAMES[form.currency];
  const show = (units: bigint) => `${formatUnits(units, scale, GAS_DECIMALS)} ${name}`;
  return {
    // A send the server did not place (an older server) is described by its gas: only a withdrawal pays gas.
    kind: (destination ?? (gas > 0n ? 'chain' : 'player')) === 'chain' ? t.wallet.toChain : t.wallet.toPlayer,
    recipient: form.address.trim(),
    amount: show(amount.units),
    gas: show(gas),
    total: show(amount.units + gas),
  };
}

/** Stage 1's button: it names what the press does (the stage-0 heading said "Send Coins" in both steps). */
export function confirmLabel(destination: SendDestination | null): string {
  return destination === 'player' ? t.wallet.confirmToPlayer : t.wallet.confirmWithdrawal;
}
