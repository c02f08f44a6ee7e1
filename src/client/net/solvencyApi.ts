/** The public solvency report's endpoint, typed; returns an ApiResult and never throws. */
import { solvencySchema, type SolvencyView } from '../../shared/api/solvency';
import { createHttp, type ApiResult, type Http } from './http';

/** Creates the solvency endpoint over an HTTP client. */
export function createSolvencyApi(http: Http) {
  return {
    /** GET /api/solvency: per asset, pools, what players are owed and, for chain assets, custody. */
    report: (): Promise<ApiResult<SolvencyView>> => http.get('/api/solvency', { schema: solvencySchema }),
  };
}

/** The endpoint's type. */
export type SolvencyApi = ReturnType<typeof createSolvencyApi>;

/** The app's solvency endpoint over the same-origin HTTP client. */
export const solvencyApi: SolvencyApi = createSolvencyApi(createHttp());
