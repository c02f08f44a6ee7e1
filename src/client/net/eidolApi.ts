/** The eidol screen's endpoints (FACTS.md): join with a risk, an eidol's history, the number chart, confirm loss. */
import { z } from '../../shared/zod';
import { eidolTransactionSchema, telemetrySampleSchema, type EidolTransaction } from '../../shared/api/game';
import { createHttp, type ApiResult, type Http } from './http';

/** The telemetry samples of `/api/telemetry/num`. */
export type TelemetrySample = z.infer<typeof telemetrySampleSchema>;

/** Creates the endpoints over an HTTP client. */
export function createEidolApi(http: Http) {
  return {
    /** POST /api/game/join {risk, oogle_id}: places the eidol's bid for the open round. */
    join: (body: { risk: string; oogle_id: number }): Promise<ApiResult<unknown>> => http.post('/api/game/join', body),
    /** GET /api/oogles/{id}/transactions: the eidol's bets and wins, newest first. */
    transactions: (id: number): Promise<ApiResult<EidolTransaction[]>> =>
      http.get(`/api/oogles/${id}/transactions`, { schema: z.array(eidolTransactionSchema) }),
    /** GET /api/telemetry/num: each round's threshold T, newest first. */
    numbers: (): Promise<ApiResult<TelemetrySample[]>> => http.get('/api/telemetry/num', { schema: z.array(telemetrySampleSchema) }),
    /** POST /api/oogles/{id}/confirmloss: the player acknowledges an eidol that fell to 0. */
    confirmLoss: (id: number): Promise<ApiResult<unknown>> => http.post(`/api/oogles/${id}/confirmloss`),
  };
}

/** The endpoints' type. */
export type EidolApi = ReturnType<typeof createEidolApi>;

/** The app's eidol endpoints over the same-origin HTTP client. */
export const eidolApi: EidolApi = createEidolApi(createHttp());
