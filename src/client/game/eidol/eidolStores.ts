/**
 * What the eidol screen's HUD and its Pixi scene share: where the HUD leaves room for the drawing (bands in
 * design pixels), the history the charts draw, the one risk-angle control, and its angle for the HUD text.
 */
import { atom } from 'nanostores';
import type { EidolTransaction } from '../../../shared/api/game';
import type { TelemetrySample } from '../../net/eidolApi';
import { eidolApi } from '../../net/eidolApi';
import { $game } from '../../stores/game';
import { refreshGameSoon } from '../../net/gameSync';
import { RiskAngleControl } from './riskAngleControl';
import { createActor, fromPromise } from 'xstate';
import { joinMachine } from '../../machines/joinMachine';

/** A horizontal band of the HUD column left transparent for the stage (design px, from the column's top, unscrolled). */
export interface Band {
  top: number;
  height: number;
}

/** The three bands of the eidol screen; null until the HUD has measured them. */
export interface EidolBands {
  eidol: Band | null;
  candles: Band | null;
  numbers: Band | null;
}

/** Where the scene draws the eidol, the candles and the number chart. */
export const $eidolBands = atom<EidolBands>({ eidol: null, candles: null, numbers: null });

/** The selected eidol's history (newest first), for the candles and the last-10 list. */
export const $eidolHistory = atom<{ eidolId: number | null; txs: EidolTransaction[] }>({ eidolId: null, txs: [] });

/** `/api/telemetry/num` samples (newest first) for the number chart. */
export const $numberSamples = atom<TelemetrySample[]>([]);

/** The device's clock: the one time source of the eidol screen (a bench or test passes its own). */
export const deviceClock = { now: (): number => Date.now() };

/** The risk angle θ the stage shows, published when it changes (the HUD writes it into the DOM, not React state). */
export const $riskAngle = atom(0);

/**
 * The app's one join machine: bids go to `POST /api/game/join`; a success marks the round joined and
 * refetches the game (the claim it reserved and the room left); a refusal shows on the eidol screen.
 */
export const joinActor = createActor(
  joinMachine.provide({
    actors: { join: fromPromise(({ input }) => eidolApi.join(input)) },
    actions: {
      joined: () => {
        const state = $game.get();
        if (state.game) $game.set({ ...state, game: { ...state.game, is_joined: true } });
        refreshGameSoon();
      },
    },
  }),
).start();

/** The app's one risk-angle control: its bids go to the join machine. */
export const riskControl = new RiskAngleControl({
  now: () => deviceClock.now(),
  bid: (body) => joinActor.send({ type: 'SEND', bid: body }),
});
