/**
 * The exchange screen's logic (spec 2 §2, §5; FACTS.md "Rates"): the four operations, the quote preview in
 * exact integer arithmetic (the server's answer is authoritative), the fee percent, the pool that pays,
 * the weekly melt label and the validation text in the spec's order.
 */
import { t } from '../../../i18n/t/home';
import type { User } from '../../../../shared/api/user';
import { LEVEL_TITLES } from '../../../../shared/api/user';
import { formatUnits } from '../../../../shared/money/format';
import {
  WALLET_TEXTS,
  ZERO_UNITS,
  balanceUnits,
  checkBalance,
  checkPool,
  checkWeeklyLimit,
  feeUnits,
  parseAmount,
  wireDisplayDecimals,
  wireScale,
  wireUnits,
  type WireCurrency,
} from '../../../../shared/rules/wallet';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import { PLATFORM_ADDRESS, type ExchangeBody, type FeeQuoteBody, type Rates } from '../../../net/walletApi';

/** Shown, with the button locked, until the rates have loaded. */
export const LOADING_EXCHANGE = t.wallet.loadingExchange;
/** Rates poll period (spec 2 §9). */
export const RATES_POLL_MS = 30_000;
/** Mint bonus (spec 2 §9). */
export const MINT_BONUS_PERCENT = 5n;

/** An exchange operation. */
export type ExchangeOp = 'mint' | 'melt' | 'swapToBnb' | 'swapToUsdc';

/** Each operation: what is paid, what is received, its label and the pool paying it out. */
export const EXCHANGE_OPS: Readonly<Record<ExchangeOp, { from: WireCurrency; to: WireCurrency; label: string; pool: keyof Rates }>> = {
  mint: { from: 'busd', to: 'ngls', label: t.wallet.mint, pool: 'exchangePoolNgls' },
  melt: { from: 'ngls', to: 'busd', label: t.wallet.melt, pool: 'exchangePoolBusdNgls' },
  swapToBnb: { from: 'busd', to: 'bnb', label: t.wallet.swapToBnb, pool: 'exchangePoolBnb' },
  swapToUsdc: { from: 'bnb', to: 'busd', label: t.wallet.swapToUsdc, pool: 'exchangePoolBusdBnb' },
};

interface Ratio {
  num: bigint;
  den: bigint;
}

/** An exact decimal rate as num/den; anything unreadable is 0. */
function ratio(text: string): Ratio {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2])) return { num: 0n, den: 1n };
  const frac = m[2] ?? '';
  return { num: BigInt((m[1] || '0') + frac), den: 10n ** BigInt(frac.length) };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const pow10 = (n: number) => 10n ** BigInt(n);

/** What `amount` (units of the paid currency) is expected to bring, in units of the received currency; 0 without a price. */
export function quoteUnits(op: ExchangeOp, amount: bigint, rates: Rates): bigint {
  const { from, to } = EXCHANGE_OPS[op];
  const shift = wireScale(to) - wireScale(from);
  const scaleUp = (v: bigint) => (shift >= 0 ? v * pow10(shift) : v / pow10(-shift));
  if (op === 'mint' || op === 'swapToBnb') {
    const price = ratio(op === 'mint' ? rates.nglsPrice : rates.bnbPrice);
    if (price.num === 0n) return 0n;
    const gross = (scaleUp(amount) * price.den) / price.num;
    const fee = ratio(op === 'mint' ? rates.nglsFee : rates.bnbFee);
    const net = gross - ceilDiv(gross * fee.num, fee.den);
    return op === 'mint' ? net + (net * MINT_BONUS_PERCENT) / 100n : net;
  }
  const price = ratio(op === 'melt' ? rates.nglsSPrice : rates.bnbPrice);
  const fee = ratio(op === 'melt' ? rates.nglsFee : rates.bnbFee);
  const net = amount - ceilDiv(amount * fee.num, fee.den);
  return scaleUp((net * price.num) / price.den);
}

/** The fee of an operation as a rounded percent (the rates give fractions: 0.01 → 1). */
export function feePercent(op: ExchangeOp, rates: Rates): number {
  const fee = Number(op === 'mint' || op === 'melt' ? rates.nglsFee : rates.bnbFee);
  return Number.isFinite(fee) ? Math.round(fee * 100) : 0;
}

/** A decimal wire amount shown with the currency's display decimals. */
export function shown(value: string | bigint, currency: WireCurrency): string {
  const units = typeof value === 'bigint' ? value : wireUnits(value, currency);
  return formatUnits(units, wireScale(currency), wireDisplayDecimals(currency));
}

/** The weekly melt allowance label, by the player's level title. */
export function allowanceLabel(user: Pick<User, 'level' | 'withdraws'>): string {
  const title = LEVEL_TITLES[user.level] ?? '';
  return t.wallet.meltLimit(title, shown(user.withdraws, 'ngls'));
}

/** The trade's body, the gas precalculation's body, the reset key, and the validation text: rates, amount, balance (+ gas), allowance, pool (stage 1). */
export function exchangeRequest(
  op: ExchangeOp,
  amount: string,
  user: User,
  rates: Rates | null,
  fee: PrecalcFee | null,
): { body: ExchangeBody; quote: FeeQuoteBody; key: string; invalid: string; received: bigint } {
  const { from, to, pool } = EXCHANGE_OPS[op];
  const body: ExchangeBody = { from_currency: from, to_currency: to, amount };
  const quote: FeeQuoteBody = { amount, currency: from, to_address: PLATFORM_ADDRESS, gas: '0' };
  const key = JSON.stringify([op, amount]);
  const parsed = parseAmount(amount, wireScale(from));
  const received = rates && parsed.ok ? quoteUnits(op, parsed.units, rates) : 0n;
  const result = (invalid: string) => ({ body, quote, key, invalid, received });
  if (!rates) return result(LOADING_EXCHANGE);
  if (!parsed.ok) return result(parsed.error);
  const gas = fee ? feeUnits(fee) : ZERO_UNITS;
  const short = checkBalance(from, parsed.units, gas[from], balanceUnits(user)[from]);
  if (short) return result(short);
  if (op === 'melt') {
    const over = checkWeeklyLimit(parsed.units, wireUnits(user.withdraws, 'ngls'));
    if (over) return result(over);
  }
  // Spec 2 §5: the pool is judged at stage 1, on what the precalculated exchange would pay out.
  if (fee) {
    const dry = checkPool(to, received, wireUnits(rates[pool], to));
    if (dry) return result(dry);
  }
  if (received <= 0n) return result(WALLET_TEXTS.badAmount);
  return result('');
}
