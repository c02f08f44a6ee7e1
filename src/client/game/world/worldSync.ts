/**
 * Keeps the world stores in step with the server while /forum or /ditch is shown (spec 3 §7, §9): enter
 * at once, again with the telemetry every 60 s and on every socket resync; the walk 500 ms after the own
 * avatar stops (only when its coordinate changed), taking the server's clamped coordinate; `forumupd`
 * merged when newer than what is shown (the own avatar follows the server's correction of it); leave when the screen goes away. Headless: the screen starts it,
 * the scene only reads and writes the stores.
 */
import { atom } from 'nanostores';
import type { ForumUpdate, RoomState, WorldObject } from '../../../shared/api/rooms';
import { channelAt, channelVisible, type RoomId } from '../../../shared/rules/world';
import { onResync, onServerEvent } from '../../net/serverEvents';
import { worldApi, type Telemetry, type WorldApi } from '../../net/worldApi';
import { $session } from '../../stores/session';
import { eidolApi, type TelemetrySample } from '../../net/eidolApi';
import type { ApiResult } from '../../net/http';
import { $numberSamples } from '../eidol/eidolStores';
import { $chatLog, $ownObjectId, $ownPosition, $worldObjects, $worldReady, $worldRoom, $worldSelection } from './worldStores';

/** Room state and telemetry refresh period (spec 3 §9: 60 s). */
export const WORLD_REFRESH_MS = 60_000;
/** Walk sync delay after the avatar stops (spec 3 §9: 500 ms). */
export const WALK_DELAY_MS = 500;
/** The chat log keeps the last 50 visible entries (contracts). */
export const CHAT_LOG_MAX = 50;
/** Retry of a failed first enter (not in the spec: without it the loading overlay would stay for a whole minute). */
export const ENTER_RETRY_MS = 5_000;
/** The number chart's samples follow the telemetry 1 s later (spec 3 §7: chart +500 ms, num +500 ms more). */
export const NUMBERS_DELAY_MS = 1_000;

/** The eye panel's figures, null until the first answer. */
export const $worldTelemetry = atom<Telemetry | null>(null);
/** The last walk failure's server message ('' when the last walk went through; spec 3 §8). */
export const $walkError = atom('');

/** What the sync needs; tests pass an API over a fake fetch and their own user id. */
export interface WorldSyncDeps {
  api?: Pick<WorldApi, 'enter' | 'leave' | 'walk' | 'telemetry'>;
  /** The logged-in player's id (their master is the one with this `user_id`). */
  userId?: () => number | undefined;
  /** `GET /api/telemetry/num` (the chart ball's wisdom number). */
  numbers?: () => Promise<ApiResult<TelemetrySample[]>>;
}

/** A running sync. */
export interface WorldSync {
  /** Enters again now (the room's state and the telemetry). */
  refresh(): void;
  /** Shows an action's answer (verse, vote, …) when it is newer than what is shown. */
  apply(state: RoomState): void;
  /** Stops timers and subscriptions, leaves the room and clears the stores. */
  stop(): void;
}

/** The own master in `objects`, if present. */
export function ownMaster(objects: Iterable<WorldObject>, userId: number | undefined): WorldObject | undefined {
  if (userId === undefined) return undefined;
  for (const o of objects) if (o.type === 'master' && o.user_id === userId) return o;
  return undefined;
}

/** `update` merged into `byId`: whole objects replace theirs, removed ids go. */
export function mergeObjects(
  byId: ReadonlyMap<number, WorldObject>,
  update: Pick<ForumUpdate, 'data' | 'removed'>,
): Map<number, WorldObject> {
  const next = new Map(byId);
  for (const o of update.data) next.set(o.id, o);
  for (const id of update.removed) next.delete(id);
  return next;
}

// The last leave request: the next enter waits for it, so going from the Forum to the Ditch (or React's
// development remount) cannot have the leave land after the new enter and take the master out again.
let lastLeave: Promise<unknown> = Promise.resolve();

function clearStores(): void {
  $worldRoom.set(null);
  $worldObjects.set({ ts: 0, byId: new Map() });
  $chatLog.set([]);
  $ownObjectId.set(null);
  $worldSelection.set(null);
  $worldReady.set(false);
  $walkError.set('');
}

/** Starts syncing `room`: the first enter runs at once. */
export function createWorldSync(room: RoomId, deps: WorldSyncDeps = {}): WorldSync {
  const api = deps.api ?? worldApi;
  const userId = deps.userId ?? (() => $session.get().user?.id);
  let stopped = false;
  let entered = false;
  const numbers = deps.numbers ?? eidolApi.numbers;
  let walkTimer: ReturnType<typeof setTimeout> | undefined;
  let numbersTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // The coordinate the server last confirmed for the own master: a stop there sends no walk.
  let synced: number | undefined;

  clearStores();
  $worldRoom.set(room);

  function placeOwn(state: RoomState, takePosition: boolean): void {
    const own = ownMaster(state.data, userId());
    if (!own) return;
    $ownObjectId.set(own.id);
    synced = own.coordinate;
    const pos = $ownPosition.get();
    if (takePosition && !pos.moving) $ownPosition.set({ coordinate: own.coordinate, flip: own.flip, moving: false });
  }

  function apply(state: RoomState): void {
    // A whole state as of the ts of a delta already shown holds that delta (the delta of its own enter
    // can arrive first): only an older one is stale.
    if (stopped || state.ts < $worldObjects.get().ts) return;
    $worldObjects.set({ ts: state.ts, byId: new Map(state.data.map((o) => [o.id, o])) });
    $chatLog.set(state.chat_log.slice(-CHAT_LOG_MAX));
    placeOwn(state, false);
  }

  async function enter(): Promise<void> {
    await lastLeave;
    if (stopped) return;
    const result = await api.enter(room);
    if (stopped) return;
    if (!result.ok) {
      console.warn('world enter failed:', result.text);
      if (!entered) retryTimer = setTimeout(() => void enter(), ENTER_RETRY_MS);
      return;
    }
    apply(result.data);
    // The first answer places the avatar where the server keeps it (its spawn or where it left).
    if (!entered) placeOwn(result.data, true);
    entered = true;
    $worldReady.set(true);
  }

  async function telemetry(): Promise<void> {
    const result = await api.telemetry();
    if (stopped || !result.ok) return;
    $worldTelemetry.set(result.data);
    clearTimeout(numbersTimer);
    numbersTimer = setTimeout(() => {
      void numbers().then((r) => {
        if (!stopped && r.ok) $numberSamples.set(r.data);
      });
    }, NUMBERS_DELAY_MS);
  }

  function refresh(): void {
    if (stopped) return;
    clearTimeout(retryTimer);
    void enter();
    void telemetry();
  }

  async function walk(): Promise<void> {
    const { coordinate, flip } = $ownPosition.get();
    if (coordinate === synced) return;
    synced = coordinate;
    const result = await api.walk(coordinate, flip);
    if (stopped) return;
    if (!result.ok) {
      synced = undefined; // the next stop tries again
      return $walkError.set(result.message || result.text);
    }
    $walkError.set('');
    apply(result.data);
    const own = ownMaster(result.data.data, userId());
    if (!own) return;
    synced = own.coordinate;
    // The server clamps to the player's limits: the avatar goes where the server put it, unless it moves again.
    const pos = $ownPosition.get();
    if (!pos.moving && pos.coordinate === coordinate && own.coordinate !== coordinate)
      $ownPosition.set({ ...pos, coordinate: own.coordinate });
  }

  /**
   * The server moved the own master (its limits shrank: a Puff spent, a title ended): the avatar follows when
   * it stands where it last synced; one that moved since walks again and takes the walk's clamped answer.
   */
  function followCorrection(objects: WorldObject[]): void {
    const own = entered ? ownMaster(objects, userId()) : undefined;
    const pos = $ownPosition.get();
    if (!own || pos.moving || pos.coordinate !== synced || own.coordinate === synced) return;
    synced = own.coordinate;
    $ownPosition.set({ ...pos, coordinate: own.coordinate });
  }

  const offPosition = $ownPosition.listen((pos) => {
    clearTimeout(walkTimer);
    if (pos.moving || !entered) return;
    walkTimer = setTimeout(() => void walk(), WALK_DELAY_MS);
  });

  const offUpdate = onServerEvent('forumupd', (message) => {
    const current = $worldObjects.get();
    if (stopped || message.room !== room || message.ts <= current.ts) return;
    $worldObjects.set({ ts: message.ts, byId: mergeObjects(current.byId, message) });
    followCorrection(message.data);
    const viewer = channelAt(room, $ownPosition.get().coordinate);
    const heard = message.chat.filter((c) => c.room === room && channelVisible(c.channel, viewer));
    if (heard.length > 0) $chatLog.set([...$chatLog.get(), ...heard].slice(-CHAT_LOG_MAX));
    const selected = $worldSelection.get();
    if (selected !== null && message.removed.includes(selected)) $worldSelection.set(null);
  });
  const offResync = onResync(() => refresh());
  const poll = setInterval(refresh, WORLD_REFRESH_MS);

  function stop(): void {
    if (stopped) return;
    stopped = true;
    clearTimeout(walkTimer);
    clearTimeout(numbersTimer);
    clearTimeout(retryTimer);
    clearInterval(poll);
    offPosition();
    offUpdate();
    offResync();
    clearStores();
    lastLeave = api.leave().catch(() => undefined);
  }

  refresh();
  return { refresh, apply, stop };
}

let active: WorldSync | undefined;

/** Starts the app's world sync for `room` (stopping a previous one); returns its teardown. */
export function startWorldSync(room: RoomId, deps: WorldSyncDeps = {}): () => void {
  active?.stop();
  const sync = createWorldSync(room, deps);
  active = sync;
  return () => {
    sync.stop();
    if (active === sync) active = undefined;
  };
}

/** Shows an action's answer through the running sync (no-op when none runs). */
export function applyWorldState(state: RoomState): void {
  active?.apply(state);
}
