/**
 * The exchange's numbers (ECONOMY.md "Exchange (GSCB)"): rates, fees, the mint bonus, the weekly melt
 * allowance per player level and the pools' opening balances. The spec leaves them open; these are the
 * product's choices, named once here and listed in this folder's README.
 */

/** Rates and fees as exact decimal strings (never floats): prices in USDC, fees as fractions. */
export const EXCHANGE_RATES = {
  /** USDC paid per ANGLS minted. */
  nglsPrice: '0.1',
  /** USDC paid out per ANGLS melted (below nglsPrice: the spread keeps the reserve solvent). */
  nglsSPrice: '0.09',
  /** Fee of mint and melt, taken in ANGLS to the mining pool. */
  nglsFee: '0.01',
  /** USDC per BNB for swaps. */
  bnbPrice: '600',
  /** Fee of a swap, taken in the paid currency to the mining pool of that currency. */
  bnbFee: '0.005',
} as const;

/** Spec 2 §9: minting ANGLS with USDC gives 5 % more, paid by the GSCB reserve. */
export const MINT_BONUS_PERCENT = 5n;

/**
 * Weekly melt allowance in whole ANGLS by player level (−1 no eidol, 0 eggs only, 1–4 Adept, Apprentice,
 * Master, Magister). Spec 2 §9 says the values are not shown: chosen so that melting grows with play.
 */
export const WEEKLY_MELT_LIMIT_ANGLS: Readonly<Record<number, bigint>> = { [-1]: 0n, 0: 0n, 1: 100n, 2: 500n, 3: 2_500n, 4: 10_000n };

/** The allowance week starts Monday 00:00 UTC. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What the exchange pools receive from `genesis` on a fresh install (idempotent, fixed transfer ids;
 * ensureExchangePools). The GSCB reserve's ANGLS side is the ledger's own genesis (10M ANGLS). On a real
 * chain the operator must hold the same USDC and BNB in the hot wallet: `reconcile` shows the difference.
 */
export const EXCHANGE_POOL_GENESIS = {
  /** USDC that pays melts (gscb_reserve, USDC). */
  gscbReserveUsdc: '100000',
  /** USDC that pays BNB → USDC swaps (exchange_pool, USDC). */
  exchangePoolUsdc: '100000',
  /** BNB that pays USDC → BNB swaps (exchange_pool, BNB). */
  exchangePoolBnb: '100',
} as const;
