/**
 * The exchange's formulas in exact integer arithmetic (FACTS.md "Rates"): every figure is a bigint in its
 * asset's ledger units, every division rounds in the platform's favour (fees up, payouts down), and the
 * legs of each quote add up so the ledger batch balances to the unit.
 */
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { MINT_BONUS_PERCENT } from './exchangeConfig';

/** An exact non-negative decimal as a fraction num/den (den a power of ten). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** Parses a decimal string ("0.09", "600") into an exact ratio. */
export function ratioOf(text: string): Ratio {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal rate: "${text}"`);
  const frac = m[2] ?? '';
  return { num: BigInt(m[1]! + frac), den: 10n ** BigInt(frac.length) };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const pow10 = (n: number) => 10n ** BigInt(n);
const { ANGLS, USDC, BNB } = CURRENCY_ASSETS;

/** The fee of `amount` at `fee`, rounded up (the platform never undercharges). */
export function feeOf(amount: bigint, fee: Ratio): bigint {
  return ceilDiv(amount * fee.num, fee.den);
}

/** A quote: what the player pays, the fee, what reaches the pool, what the player receives, the bonus. */
export interface Quote {
  /** Units of the paid currency taken from the player. */
  paid: bigint;
  /** The fee, in `feeAsset` units. */
  fee: bigint;
  /** Units of the received currency paid to the player, bonus included. */
  received: bigint;
  /** Mint only: the 5 % bonus inside `received`. */
  bonus: bigint;
}

/**
 * Mint: ANGLS = USDC / nglsPrice × (1 − nglsFee), plus the 5 % bonus. The fee is in ANGLS (of the gross
 * amount); the reserve pays `received` to the player and `fee` to the mining pool.
 */
export function quoteMint(usdc: bigint, price: Ratio, fee: Ratio): Quote {
  const gross = (usdc * pow10(ANGLS.scale - USDC.scale) * price.den) / price.num;
  const f = feeOf(gross, fee);
  const net = gross - f;
  const bonus = (net * MINT_BONUS_PERCENT) / 100n;
  return { paid: usdc, fee: f, received: net + bonus, bonus };
}

/** Melt: USDC = ANGLS × nglsSPrice × (1 − nglsFee). The fee is in ANGLS; the rest of the ANGLS goes to the reserve. */
export function quoteMelt(angls: bigint, sPrice: Ratio, fee: Ratio): Quote {
  const f = feeOf(angls, fee);
  const received = ((angls - f) * sPrice.num) / (sPrice.den * pow10(ANGLS.scale - USDC.scale));
  return { paid: angls, fee: f, received, bonus: 0n };
}

/** Swap USDC → BNB at bnbPrice × (1 − bnbFee); the fee is in USDC. */
export function quoteUsdcToBnb(usdc: bigint, price: Ratio, fee: Ratio): Quote {
  const f = feeOf(usdc, fee);
  const received = ((usdc - f) * pow10(BNB.scale - USDC.scale) * price.den) / price.num;
  return { paid: usdc, fee: f, received, bonus: 0n };
}

/** Swap BNB → USDC at bnbPrice × (1 − bnbFee); the fee is in BNB. */
export function quoteBnbToUsdc(bnb: bigint, price: Ratio, fee: Ratio): Quote {
  const f = feeOf(bnb, fee);
  const received = ((bnb - f) * price.num) / (price.den * pow10(BNB.scale - USDC.scale));
  return { paid: bnb, fee: f, received, bonus: 0n };
}
