/**
 * /forum and /ditch (spec 3 §2): the HUD over the world's stage scene. It runs the world sync while shown
 * (enter, refresh, walk, leave), the ambience loop, and the action button's machine; the header, the top
 * panel, the controls, the list view, the countdown, and the loading overlay until the room has loaded.
 */
import { t } from '../../../i18n/t';
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { RoomState } from '../../../../shared/api/rooms';
import type { RoomId } from '../../../../shared/rules/world';
import { inspectOption } from '../../../app/inspector';
import { playSound } from '../../../engine/audio';
import { applyWorldState, startWorldSync } from '../../../game/world/worldSync';
import { attachWorldInput } from '../../../game/world/worldControl';
import { $worldReady } from '../../../game/world/worldStores';
import { worldActionMachine, worldActionText, type WorldAction, type WorldActionState } from '../../../machines/worldActionMachine';
import { refreshGameSoon } from '../../../net/gameSync';
import type { ApiResult } from '../../../net/http';
import { worldApi, type WorldApi } from '../../../net/worldApi';
import { takeLuvNotices } from '../../../net/worldNotices';
import { navigate } from '../../../stores/router';
import { RoundCountdown } from '../../components/RoundCountdown';
import { $selectedObject } from './worldHudStores';
import { WorldHeader } from './WorldHeader';
import { WorldTopPanel } from './WorldTopPanel';
import { WorldControls } from './WorldControls';
import { WorldListView } from './WorldListView';
import './ForumScreen.css';

/** The loading overlay's text (spec 3 §2). */
export const LOADING_TEXT = t.common.splash;
/** The ambience loop's volume (spec 3 §9). */
export const AMBIENCE_VOLUME = 0.3;

/** Props: the room, and the endpoints (tests pass their own). */
export interface ForumScreenProps {
  room: RoomId;
  api?: WorldApi;
}

/** Sends one action to its endpoint. */
export function performWorldAction(api: WorldApi, a: WorldAction): Promise<ApiResult<unknown>> {
  switch (a.kind) {
    case 'verse':
    case 'yell':
    case 'scribe':
      return api[a.kind](a.text);
    case 'vote':
    case 'promote':
    case 'like':
    case 'send':
      return api[a.kind](a.id);
    case 'incense':
      return api.incense(a.slot);
    case 'caravan':
      return api.caravan();
  }
}

/** Actions that spend or bring items: the game (inventory, incense, caravan) is refetched after them. */
const SPENDS_ITEMS: ReadonlySet<WorldAction['kind']> = new Set(['scribe', 'incense', 'caravan']);

/** The screen. */
export default function ForumScreen({ room, api = worldApi }: ForumScreenProps) {
  const ready = useStore($worldReady);
  const selected = useStore($selectedObject);
  const [machine] = useState(() =>
    worldActionMachine.provide({
      actors: { perform: fromPromise<ApiResult<unknown>, WorldAction>(({ input }) => performWorldAction(api, input)) },
      actions: {
        succeeded: (_, { action, data }) => {
          if (action.kind === 'send') return navigate(`/send/${String(data)}`);
          applyWorldState(data as RoomState);
          if (SPENDS_ITEMS.has(action.kind)) refreshGameSoon();
        },
      },
    }),
  );
  const [snap, send] = useMachine(machine, inspectOption());
  const state = snap.value as WorldActionState;

  useEffect(() => startWorldSync(room, { api }), [room, api]);
  // The open lane between the panels takes the swipes and taps that walk and select on the stage.
  const lane = useRef<HTMLDivElement>(null);
  useEffect(() => (lane.current ? attachWorldInput(lane.current) : undefined), []);
  useEffect(() => playSound('ambience', AMBIENCE_VOLUME), []);
  useEffect(() => takeLuvNotices((name) => send({ type: 'LUV', name })), [send]);
  // Selecting another avatar clears what the button showed about the previous one (spec 3 §4).
  const selectedId = selected?.id ?? null;
  useEffect(() => send({ type: 'SELECT' }), [selectedId, send]);

  const tap = (action?: WorldAction) => send({ type: 'TAP', action });

  return (
    <main className="screen world" data-testid={room === 1 ? 'screen-forum' : 'screen-ditch'} data-room={room}>
      <WorldHeader />
      <WorldTopPanel />
      <div className="world-spacer" ref={lane} data-testid="world-lane" />
      <WorldControls state={state} text={worldActionText(state, snap.context)} tap={tap} />
      <WorldListView tap={tap} />
      <RoundCountdown place="world" />
      {!ready && (
        <div className="world-loading" role="status" data-testid="world-loading">
          {LOADING_TEXT}
        </div>
      )}
    </main>
  );
}
