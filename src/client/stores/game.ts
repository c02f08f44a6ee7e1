/**
 * $game: the current round and the player's eidols as `GET /api/game` last answered, plus what the screens
 * share about it. Written only by the game sync (fetch, poll, socket refresh); read by the home swiper,
 * the eidol screen, the countdown and the wallet panel.
 */
import { atom } from 'nanostores';
import type { GameView } from '../../shared/api/game';

/** Where the game data stands: never fetched, fetched, or no round exists right now (404: a new one is starting). */
export type GameStatus = 'loading' | 'ready' | 'reloading';

/** The game store's value. */
export interface GameState {
  status: GameStatus;
  game: GameView | null;
  /** Server time minus the device's clock (ms), from the answer's `server_time`: countdowns use it. */
  clockOffsetMs: number;
}

/** The current round; `loading` until the first answer. */
export const $game = atom<GameState>({ status: 'loading', game: null, clockOffsetMs: 0 });

/** The id of the eidol the home swiper shows (and /eidol manages); null when the player has none. */
export const $selectedEidolId = atom<number | null>(null);
