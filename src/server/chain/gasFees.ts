/**
 * The gas a player pays for a send that leaves the platform, per currency, in ledger units. Fixed figures
 * for now (no price feed yet): each covers a BNB Smart Chain transfer at a few gwei with a margin; the
 * platform pays the real gas from the hot wallet. A send to another player's address costs no gas.
 */
import { parseUnits } from '../../shared/money/index';
import { CURRENCY_ASSETS } from '../../shared/money/assets';

/** Gas of an outgoing send, per wire currency. */
export const WITHDRAW_GAS = {
  bnb: parseUnits('0.0005', CURRENCY_ASSETS.BNB.scale),
  busd: parseUnits('0.5', CURRENCY_ASSETS.USDC.scale),
  ngls: parseUnits('5', CURRENCY_ASSETS.ANGLS.scale),
} as const;

/** No gas (internal sends). */
export const NO_GAS = { bnb: 0n, busd: 0n, ngls: 0n } as const;
