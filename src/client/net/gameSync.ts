/**
 * Keeps $game in step with the server (spec 1 §7–§9): `GET /api/game` on login, every 60 s, on every
 * `game_ended` and on every socket resync; a 404 means a new round is starting (status `reloading`, retry
 * after 1 s); a 401 means the session ended (forget the cached user, go to /hello). Actions call
 * refreshGameSoon() so their effect shows 750 ms after they succeed. It stops when the player logs out.
 */
import { gameSchema, type GameView } from '../../shared/api/game';
import { parseUtc } from '../../shared/rules/wallet';
import { $game, $selectedEidolId } from '../stores/game';
import { $session, setGuest } from '../stores/session';
import { navigate } from '../stores/router';
import { onResync, onServerEvent } from './serverEvents';
import { gameApi, type GameApi } from './gameApi';

/** Game and user polling period (spec 1 §9). */
export const GAME_POLL_MS = 60_000;
/** Retry after a 404 (no round yet: a new one is starting). */
export const GAME_RELOAD_RETRY_MS = 1_000;
/** Refresh delay after a successful action (spec 1 §9). */
export const GAME_REFRESH_SOON_MS = 750;
/**
 * Retry after a failure without a usable answer (network, 5xx, unreadable data). Not in the spec: without
 * it a flaky first load would leave "Fetching Aeon Data..." up for a whole poll period.
 */
export const GAME_ERROR_RETRY_MS = 5_000;

/**
 * How long after a round's `ends_at` the sync looks for the next round, and how often it looks again while
 * the answer is still the ended round. Not in the spec: `game_ended` normally triggers that fetch, and this
 * keeps the countdown moving when the socket is down, at one request per player per round.
 */
export const GAME_AFTER_END_MS = 3_000;

/** Ms until the next fetch after an answer: the poll, or shortly after the round ends if that is sooner. */
export function nextFetchMs(game: Pick<GameView, 'ends_at' | 'server_time'>): number {
  const endsAt = parseUtc(game.ends_at);
  if (!Number.isFinite(endsAt)) return GAME_POLL_MS;
  const untilEnd = endsAt - game.server_time;
  return untilEnd > 0 ? Math.min(GAME_POLL_MS, untilEnd + GAME_AFTER_END_MS) : GAME_AFTER_END_MS;
}

/** What the sync needs from its surroundings; tests pass a game API over a fake fetch and a fake clock. */
export interface GameSyncDeps {
  api?: Pick<GameApi, 'game'>;
  /** Device time in ms (the offset to the server's clock is measured against it). */
  now?: () => number;
  /** What a 401 does: forget the user and go to /hello. */
  loggedOut?: () => void;
  /** Refreshes the user (balances, level): spec 1 §9 polls the user with the game, every 60 s. */
  refreshUser?: () => void;
}

/** A running sync. */
export interface GameSync {
  /** Fetches now (a fetch already in flight is followed by one more, so no change is missed). */
  refresh(): void;
  /** Fetches GAME_REFRESH_SOON_MS from now (after a successful action). */
  refreshSoon(): void;
  /** Stops every timer and subscription and forgets the game. */
  stop(): void;
}

function defaultLoggedOut(): void {
  setGuest();
  navigate('/hello', true);
}

/** The first eidol's id when `selected` is unset or no longer the player's, else `selected`. */
export function validSelection(selected: number | null, game: Pick<GameView, 'oogles'>): number | null {
  if (selected !== null && game.oogles.some((e) => e.id === selected)) return selected;
  return game.oogles[0]?.id ?? null;
}

/** Starts syncing $game: the first fetch runs at once. */
export function createGameSync(deps: GameSyncDeps = {}): GameSync {
  const api = deps.api ?? gameApi;
  const now = deps.now ?? (() => Date.now());
  const loggedOut = deps.loggedOut ?? defaultLoggedOut;
  let stopped = false;
  let inFlight = false;
  let again = false;
  let next: ReturnType<typeof setTimeout> | undefined;
  let soon: ReturnType<typeof setTimeout> | undefined;
  const userPoll = deps.refreshUser ? setInterval(deps.refreshUser, GAME_POLL_MS) : undefined;

  const schedule = (ms: number) => {
    clearTimeout(next);
    next = setTimeout(refresh, ms);
  };

  async function fetchOnce(): Promise<void> {
    const result = await api.game();
    if (stopped) return;
    if (result.ok) {
      const parsed = gameSchema.safeParse(result.data);
      if (!parsed.success) {
        console.warn('game data unreadable', parsed.error.issues);
        return schedule(GAME_ERROR_RETRY_MS);
      }
      const game = parsed.data;
      $game.set({ status: 'ready', game, clockOffsetMs: game.server_time - now() });
      const selected = validSelection($selectedEidolId.get(), game);
      if (selected !== $selectedEidolId.get()) $selectedEidolId.set(selected);
      return schedule(nextFetchMs(game));
    }
    if (result.status === 404) {
      // No current round: the last one is settling. Keep showing the eidols we know meanwhile.
      if ($game.get().status !== 'reloading') $game.set({ ...$game.get(), status: 'reloading' });
      return schedule(GAME_RELOAD_RETRY_MS);
    }
    if (result.status === 401) {
      stop();
      loggedOut();
      return;
    }
    schedule(GAME_ERROR_RETRY_MS);
  }

  function refresh(): void {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    clearTimeout(next);
    void fetchOnce()
      .catch((err: unknown) => {
        console.error('game sync failed', err);
        if (!stopped) schedule(GAME_ERROR_RETRY_MS);
      })
      .finally(() => {
        inFlight = false;
        if (again && !stopped) {
          again = false;
          refresh();
        }
      });
  }

  function refreshSoon(): void {
    if (stopped) return;
    clearTimeout(soon);
    soon = setTimeout(refreshBoth, GAME_REFRESH_SOON_MS);
  }

  // An action or a settled round changes the player too (balances, XP, level −1 → 0 with the first egg,
  // which opens bidding): the user is refetched with the game, not only on its 60 s poll.
  function refreshBoth(): void {
    refresh();
    deps.refreshUser?.();
  }

  const offEnded = onServerEvent('game_ended', () => refreshBoth());
  const offCapacity = onServerEvent('capacity', (m) => applyCapacity(m));
  const offResync = onResync(() => refresh());

  function stop(): void {
    if (stopped) return;
    stopped = true;
    clearTimeout(next);
    clearTimeout(soon);
    clearInterval(userPoll);
    offEnded();
    offCapacity();
    offResync();
    $game.set({ status: 'loading', game: null, clockOffsetMs: 0 });
    $selectedEidolId.set(null);
  }

  refresh();
  return { refresh, refreshSoon, stop };
}

let running: GameSync | undefined;
let following: (() => void) | undefined;

/**
 * Follows $session: a logged-in player's game is synced, a guest's is forgotten. Called once at boot;
 * later calls return the same teardown.
 */
export function startGameSync(deps: GameSyncDeps = {}): () => void {
  if (following) return following;
  let userId: number | undefined;
  const unsubscribe = $session.subscribe((session) => {
    const id = session.status === 'user' ? session.user?.id : undefined;
    // Another account on this device (no logout in between) must not see the previous one's game.
    if (running && (session.status === 'guest' || (id !== undefined && id !== userId))) {
      running.stop();
      running = undefined;
    }
    if (session.status === 'user' && !running) {
      userId = id;
      running = createGameSync(deps);
    }
  });
  following = () => {
    unsubscribe();
    running?.stop();
    running = undefined;
    following = undefined;
  };
  return following;
}

/** Newest capacity announcement applied (`ts`): several nodes announce, and an older one may arrive later. */
let capacityTs = 0;

/** A live `capacity` event: the room left of the current round, unless it is of another round or older. */
function applyCapacity(m: { game_id: number; capacity: string; capacity_left: string; ts: number }): void {
  const state = $game.get();
  if (!state.game || state.game.id !== m.game_id || m.ts < capacityTs) return;
  capacityTs = m.ts;
  $game.set({ ...state, game: { ...state.game, capacity: m.capacity, capacity_left: m.capacity_left } });
}

/** Refetches the game 750 ms from now (spec 1 §9: after a successful action); nothing when logged out. */
export function refreshGameSoon(): void {
  running?.refreshSoon();
}

/** Refetches the game now; nothing when logged out. */
export function refreshGameNow(): void {
  running?.refresh();
}
