/** The public fairness record's endpoints, typed; each returns an ApiResult and never throws. */
import { fairnessSchema, fairRoundDetailSchema, type FairnessView, type FairRoundDetail } from '../../shared/api/game';
import { createHttp, type ApiResult, type Http } from './http';

/** Creates the fairness endpoints over an HTTP client. */
export function createFairnessApi(http: Http) {
  return {
    /** GET /api/fairness?page=N: terminal hash, salt and one page of settled rounds, newest first (page 1 first). */
    page: (page: number): Promise<ApiResult<FairnessView>> => http.get(`/api/fairness?page=${page}`, { schema: fairnessSchema }),
    /** GET /api/fairness/rounds/{id}: a settled round with every entry's snapshot and result. */
    round: (id: number): Promise<ApiResult<FairRoundDetail>> => http.get(`/api/fairness/rounds/${id}`, { schema: fairRoundDetailSchema }),
  };
}

/** The endpoints' type. */
export type FairnessApi = ReturnType<typeof createFairnessApi>;

/** The app's fairness endpoints over the same-origin HTTP client. */
export const fairnessApi: FairnessApi = createFairnessApi(createHttp());
