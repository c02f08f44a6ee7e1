/** The solvency endpoints (the public report, the player's own proof), typed; return an ApiResult and never throw. */
import { liabilityProofSchema, solvencySchema, type LiabilityProof, type SolvencyView } from '../../shared/api/solvency';
import { createHttp, type ApiResult, type Http } from './http';

/** Creates the solvency endpoint over an HTTP client. */
export function createSolvencyApi(http: Http) {
  return {
    /** GET /api/solvency: per asset, pools, what players are owed and, for chain assets, custody. */
    report: (): Promise<ApiResult<SolvencyView>> => http.get('/api/solvency', { schema: solvencySchema }),
    /** GET /api/solvency/proof: the logged-in player's leaf and path in the published liability tree. */
    proof: (): Promise<ApiResult<LiabilityProof>> => http.get('/api/solvency/proof', { schema: liabilityProofSchema }),
  };
}

/** The endpoint's type. */
export type SolvencyApi = ReturnType<typeof createSolvencyApi>;

/** The app's solvency endpoint over the same-origin HTTP client. */
export const solvencyApi: SolvencyApi = createSolvencyApi(createHttp());
