/** The send form's logic (spec 2 §2 "Send screen", §5): the body it posts, its validation text, the gas preview. */
import { t } from '../../../i18n/t';
import type { User } from '../../../../shared/api/user';
import { formatUnits } from '../../../../shared/money/format';
import {
  WIRE_CURRENCIES, ZERO_UNITS, balanceUnits, feeUnits, normaliseAmountInput, validateSend, wireScale, type WireCurrency,
} from '../../../../shared/rules/wallet';
import type { PrecalcFee } from '../../../machines/transactionMachine';
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

/** The form's state after the player typed into the amount field: normalised for the currency. */
export function typedAmount(raw: string, currency: WireCurrency): string {
  return normaliseAmountInput(raw, wireScale(currency));
}

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
