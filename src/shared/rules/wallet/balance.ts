/**
 * Balance and limit checks of spec 2 §5, on ledger units: amount plus gas against the chosen currency's
 * balance, the weekly melt allowance, the exchange pools and the gas-deposit minimum. Each answers the
 * spec's text, or null when the check passes.
 */
import { parseUnits } from '../../money/parse';
import { wireScale, type WireCurrency } from './currency';
import { WALLET_TEXTS } from './texts';

/** The least gas deposit that activates a wallet: 0.001 BNB, in BNB ledger units. */
export const MIN_GAS_DEPOSIT_BNB_UNITS = parseUnits('0.001', wireScale('bnb'));

/** "Insufficent … balance" when amount + gas exceeds the balance (gDAO: "Insufficent gDAO tokens"). */
export function checkBalance(currency: WireCurrency | 'gdao', amount: bigint, gas: bigint, balance: bigint): string | null {
  return amount + gas > balance ? WALLET_TEXTS.insufficient[currency] : null;
}

/** "Weekly limit exceeded" when a melt is above the remaining weekly allowance (the user's `withdraws`). */
export function checkWeeklyLimit(amount: bigint, remainingAllowance: bigint): string | null {
  return amount > remainingAllowance ? WALLET_TEXTS.weeklyLimit : null;
}

/** "… pool limit reached" when the amount to receive exceeds the pool paying it out (`currency` received). */
export function checkPool(currency: WireCurrency, received: bigint, pool: bigint): string | null {
  return received > pool ? WALLET_TEXTS.poolLimit[currency] : null;
}

/** "0.001 BNB GAS deposit required" when a gas deposit (BNB units) is under the minimum. */
export function checkGasDeposit(depositedBnb: bigint): string | null {
  return depositedBnb < MIN_GAS_DEPOSIT_BNB_UNITS ? WALLET_TEXTS.gasDepositRequired : null;
}
