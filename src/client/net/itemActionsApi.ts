/**
 * The item-action endpoints of spec 2 §7 as the contracts of this wave fix them: each eidol action answers
 * `{oogle, ...}`; the train commitment, the gDAO chest claim and the jar claim drop. Each returns an
 * ApiResult and never throws.
 */
import type { EidolView } from '../../shared/api/game';
import type { TrainingRequest } from '../../shared/api/gdao';
import { createHttp, type ApiResult, type Http } from './http';

/** An eidol action's answer: the eidol after it (and, for pop and extract, the ANGLS paid out). */
export interface EidolActionData {
  oogle: EidolView;
  paid?: string;
}

/** `GET /api/oogles/{id}/train`: the committed attempt (fee in ANGLS, chance in percent). */
export interface TrainCommitment {
  fee: string;
  chance: number;
  seed_hash: string;
  attempt: number;
}

/** `POST /api/oogles/{id}/train`: the drawn outcome, the server seed revealed and the player seed it mixed. */
export interface TrainOutcome {
  trained: boolean;
  /** Percent. */
  chance: number;
  /** In [0, 1). */
  roll: number;
  seed: string;
  seed_hash: string;
  player_seed: string;
  attempt: number;
  experience: number;
  next_level_experience: number;
  oogle: EidolView;
}

/** `POST /api/oogles/{id}/train` body: this client always sends the commitment shown and the player's seed. */
export type TrainRequest = Required<TrainingRequest>;

/** `POST /api/rooms/claimgdao`: gDAO burned and ANGLS received. */
export interface ClaimGdaoData {
  burned: string;
  received: string;
}

/** Creates the endpoints over an HTTP client. */
export function createItemActionsApi(http: Http) {
  return {
    /** POST /api/oogles/{id}/pop: cashes the eidol in. */
    pop: (id: number): Promise<ApiResult<EidolActionData>> => http.post(`/api/oogles/${id}/pop`),
    /** POST /api/oogles/{id}/extract {amount}: takes whole ANGLS out, consuming Extraction Extracts. */
    extract: (id: number, amount: number): Promise<ApiResult<EidolActionData>> => http.post(`/api/oogles/${id}/extract`, { amount }),
    /** POST /api/oogles/{id}/feed {amount}: Golden Cookies into the eidol's value. */
    feed: (id: number, amount: number): Promise<ApiResult<EidolActionData>> => http.post(`/api/oogles/${id}/feed`, { amount }),
    /** POST /api/oogles/{id}/apple {amount}: Precision Apples (24 h of +1 Precise each). */
    apple: (id: number, amount: number): Promise<ApiResult<EidolActionData>> => http.post(`/api/oogles/${id}/apple`, { amount }),
    /** POST /api/oogles/{id}/transmuteegg: a full eggtoplasm becomes an eidol (one Tome). */
    transmuteEgg: (id: number): Promise<ApiResult<EidolActionData>> => http.post(`/api/oogles/${id}/transmuteegg`),
    /** POST /api/oogle/enchant: a jar and 13 gDAO become an eggtoplasm. */
    enchant: (): Promise<ApiResult<EidolActionData>> => http.post('/api/oogle/enchant'),
    /** GET /api/oogles/{id}/train: the fee and the committed seed hash of the next attempt. */
    trainCommitment: (id: number): Promise<ApiResult<TrainCommitment>> => http.get(`/api/oogles/${id}/train`),
    /** POST /api/oogles/{id}/train {seed_hash, player_seed}: the attempt against the commitment shown. */
    train: (id: number, body: TrainRequest): Promise<ApiResult<TrainOutcome>> => http.post(`/api/oogles/${id}/train`, body),
    /** POST /api/rooms/claimgdao {amount}: burns gDAO for ANGLS from the chest. */
    claimGdao: (amount: number): Promise<ApiResult<ClaimGdaoData>> => http.post('/api/rooms/claimgdao', { amount }),
    /** POST /api/drop {item_id}: item 5 claims an Eggtoplasm jar for 7 gDAO. */
    drop: (itemId: number): Promise<ApiResult<{ item_id: number; quantity: number }>> => http.post('/api/drop', { item_id: itemId }),
  };
}

/** The endpoints' type. */
export type ItemActionsApi = ReturnType<typeof createItemActionsApi>;

/** The app's item-action endpoints over the same-origin HTTP client. */
export const itemActionsApi: ItemActionsApi = createItemActionsApi(createHttp());
