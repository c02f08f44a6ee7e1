/** The withdrawal freeze's endpoints (the mail links' pages and the unfreeze on /security), typed; never throw. */
import { z } from '../../shared/zod';
import type { FactorProofBody } from '../../shared/api/factors';
import { createHttp, type ApiResult, type Http } from './http';

const frozenSchema = z.looseObject({ frozen: z.boolean() });

/** Whether withdrawals are frozen after a call (and, for a freeze, how many queued ones it stopped). */
export type FrozenState = z.infer<typeof frozenSchema>;

/** Creates the endpoints over an HTTP client. */
export function createFreezeApi(http: Http) {
  return {
    /** GET /api/wallet/freeze: whether the player's withdrawals are frozen. */
    state: (): Promise<ApiResult<FrozenState>> => http.get('/api/wallet/freeze', { schema: frozenSchema }),
    /** POST /api/wallet/freeze: the freeze page's button (no login needed; the mail's token proves the link). */
    freeze: (token: string): Promise<ApiResult<FrozenState>> => http.post('/api/wallet/freeze', { token }, { schema: frozenSchema }),
    /** POST /api/wallet/unfreeze: with a fresh proof, with the unfreeze mail's token, or empty (asks for that mail). */
    unfreeze: (body: FactorProofBody & { token?: string }): Promise<ApiResult<FrozenState>> =>
      http.post('/api/wallet/unfreeze', body, { schema: frozenSchema }),
  };
}

/** The app's freeze endpoints. */
export const freezeApi = createFreezeApi(createHttp());
