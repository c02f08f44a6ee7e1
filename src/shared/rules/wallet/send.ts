/**
 * The whole check of a send (spec 2 §5), in the order the button reports it: address, amount, then amount
 * plus gas against the balance. The server answers the same errors as a 422; the client shows the first.
 */
import { validateAddress } from './address';
import { parseAmount } from './amount';
import { isWireCurrency, wireScale, type CurrencyUnits, type WireCurrency } from './currency';
import { checkBalance } from './balance';

/** The fields of `POST /api/wallet/send` that are validated here (gas is the server's own figure). */
export interface SendInput {
  to_address: unknown;
  amount: unknown;
  currency: unknown;
}

/** A validated send: checksummed address, currency and amount in ledger units. */
export interface ValidSend {
  to: `0x${string}`;
  currency: WireCurrency;
  units: bigint;
}

/** Field errors in the 422 shape (`errors:{field:[text]}`), in the order they should be reported. */
export type FieldErrors = Partial<Record<'to_address' | 'amount' | 'currency', string[]>>;

/** Outcome of send validation. */
export type SendResult = { ok: true; value: ValidSend } | { ok: false; message: string; errors: FieldErrors };

/** Text for a currency that is none of ngls, busd, bnb (the spec has none: the UI offers only those). */
export const INVALID_CURRENCY_TEXT = 'Specify a valid currency';

/**
 * Validates a send against the balances and the gas the precalculation charges per currency (zero before
 * it). Balance is checked only once address and amount are valid, so one message says what to fix first.
 */
export function validateSend(input: SendInput, balances: CurrencyUnits, gas: CurrencyUnits): SendResult {
  const errors: FieldErrors = {};
  const address = validateAddress(input.to_address);
  if (!address.ok) errors.to_address = [address.error];
  if (!isWireCurrency(input.currency)) {
    errors.currency = [INVALID_CURRENCY_TEXT];
    return fail(errors);
  }
  const currency = input.currency;
  const amount = parseAmount(input.amount, wireScale(currency));
  if (!amount.ok) errors.amount = [amount.error];
  if (!address.ok || !amount.ok) return fail(errors);
  const short = checkBalance(currency, amount.units, gas[currency], balances[currency]);
  if (short) return fail({ amount: [short] });
  return { ok: true, value: { to: address.address, currency, units: amount.units } };
}

function fail(errors: FieldErrors): SendResult {
  const message = errors.to_address?.[0] ?? errors.currency?.[0] ?? errors.amount?.[0] ?? '';
  return { ok: false, message, errors };
}
