/** The core-loop endpoints the home screen calls (FACTS.md "Game"); each returns an ApiResult and never throws. */
import { gameSchema, type GameView } from '../../shared/api/game';
import { createHttp, type ApiResult, type Http } from './http';

/** Creates the typed game endpoints over an HTTP client. */
export function createGameApi(http: Http) {
  return {
    /** GET /api/game: the current round and the player's eidols; 404 while no round exists, 401 when logged out. */
    game: (): Promise<ApiResult<GameView>> => http.get('/api/game', { schema: gameSchema }),
    /** POST /api/oogle/free: grows the account's one free egg (needs a confirmed e-mail). */
    growFreeEgg: (): Promise<ApiResult<unknown>> => http.post('/api/oogle/free'),
  };
}

/** The game endpoints' type. */
export type GameApi = ReturnType<typeof createGameApi>;

/** The app's game endpoints over the same-origin HTTP client. */
export const gameApi: GameApi = createGameApi(createHttp());
