/** Genesis: the initial ANGLS supply, issued once from the genesis account (amounts in ledger units). */
import { parseUnits } from '../../shared/money/parse';
import { CURRENCY_ASSETS } from '../../shared/money/assets';

const angls = (text: string) => parseUnits(text, CURRENCY_ASSETS.ANGLS.scale);

/** The genesis batch; its transfer ids are fixed, so applying it twice is a no-op (idempotency). */
export const GENESIS = {
  /** Backs the exchange (GSCB): melts and mints pay from here. */
  gscbReserveAngls: angls('10000000'),
  /** Seeds the mining pool, which emission pays out of; afterwards only fees and premiums refill it. */
  miningPoolAngls: angls('1000000'),
  transferIds: { gscbReserve: 'genesis:v1:angls:gscb_reserve', miningPool: 'genesis:v1:angls:mining_pool' },
} as const;
