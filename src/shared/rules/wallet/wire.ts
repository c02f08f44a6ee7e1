/** Reading wire money (decimal strings in user balances and precalculation fees) into ledger units. */
import { parseUnits } from '../../money/parse';
import { wireScale, type CurrencyUnits, type WireCurrency } from './currency';

/**
 * A wire decimal ("12.5", 12.5) as units of the currency; extra decimals are cut (never shown or counted
 * larger than it is) and anything unreadable counts as 0.
 */
export function wireUnits(value: string | number | null | undefined, currency: WireCurrency): bigint {
  try {
    return parseUnits(String(value ?? '0'), wireScale(currency), { truncate: true });
  } catch {
    return 0n;
  }
}

/** A user's three balances (`balance_ngls`, `balance_busd`, `balance_bnb`) in ledger units. */
export function balanceUnits(user: { balance_ngls: string; balance_busd: string; balance_bnb: string }): CurrencyUnits {
  return {
    ngls: wireUnits(user.balance_ngls, 'ngls'),
    busd: wireUnits(user.balance_busd, 'busd'),
    bnb: wireUnits(user.balance_bnb, 'bnb'),
  };
}

/** A precalculation's `fee:{bnb, ngls, busd}` in ledger units per currency. */
export function feeUnits(fee: { bnb: string; ngls: string; busd: string }): CurrencyUnits {
  return { ngls: wireUnits(fee.ngls, 'ngls'), busd: wireUnits(fee.busd, 'busd'), bnb: wireUnits(fee.bnb, 'bnb') };
}
