/**
 * The factor flows ride the two-stage transaction machine (stage 0 prepares, stage 1 confirms) but move no
 * money: their first answer is shown to the machine as a precalculation without fees.
 */
import type { PrecalcData } from '../../../../shared/api/transactions';
import type { ApiResult } from '../../../net/http';

const NO_FEE = { bnb: '0', ngls: '0', busd: '0' };

/** `result` as the machine's stage-0 answer, named `id`. */
export function asPrecalc(result: ApiResult<unknown>, id: string): ApiResult<PrecalcData> {
  return result.ok ? { ...result, data: { transaction: { id }, precalcData: { fee: NO_FEE } } } : result;
}
