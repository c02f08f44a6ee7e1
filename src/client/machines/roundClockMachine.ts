/**
 * The round clock (spec 1 §2, §4 "Round"): fetching ("Fetching Aeon Data...") until the game first loads;
 * open ("Next Crypto Aeon Block in mm:ss") until the round's `can_act_before`; locked ("Mining Crypto Aeon
 * Block") until its `ends_at`; reloading ("Starting new Crypto Aeon") after that, or while the server
 * answers 404, until a round that is still running arrives. Every transition comes from the server's times
 * read on the server's clock (device time + the offset measured at the last fetch): the client only
 * displays the countdown, it never guesses the next round.
 */
import { t } from '../i18n/t';
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { GameState } from '../stores/game';
import { parseUtc } from '../../shared/rules/wallet';

/** Shown before the game data first loads. */
export const FETCHING_TEXT = t.round.fetching;
/** Shown while joins are open, followed by the time left. */
export const OPEN_TEXT = t.round.open;
/** Shown while the round is locked (on home and the eidol screen). */
export const LOCKED_TEXT = t.round.locked;
/** Shown between rounds. */
export const RELOADING_TEXT = t.round.reloading;
/** The shop and item screens' wording (spec 2 §2): open and locked read differently there. */
export const AREA_OPEN_TEXT = t.round.areaOpen;
/** The shop and item screens' locked wording (spec 2 §2). */
export const AREA_LOCKED_TEXT = t.round.areaLocked;

/** A state of the round clock. */
export type RoundClockState = 'fetching' | 'open' | 'locked' | 'reloading';

/** The machine's input: the device clock (fake in tests). */
export interface RoundClockInput {
  now: () => number;
}

/** The one event: the game store changed. */
export type RoundClockEvent = { type: 'GAME'; game: GameState };

interface RoundClockContext {
  now: () => number;
  status: GameState['status'];
  /** Server-clock ms; NaN when unknown. */
  canActBefore: number;
  endsAt: number;
  clockOffsetMs: number;
  /** Ms left to the current state's deadline (server clock), as of the last tick. */
  remainingMs: number;
}

function serverNow(c: RoundClockContext): number {
  return c.now() + c.clockOffsetMs;
}

function deadline(c: RoundClockContext, state: 'open' | 'locked'): number {
  return state === 'open' ? c.canActBefore : c.endsAt;
}

/**
 * Ms until the countdown's shown second changes, or until the deadline if sooner: the display stays on the
 * server's second and the state changes on the deadline's millisecond, with one timer per second.
 */
function nextTickMs(c: RoundClockContext, state: 'open' | 'locked'): number {
  const left = deadline(c, state) - serverNow(c);
  if (!(left > 0)) return 0;
  return left % 1000 || 1000;
}

/** The round clock machine; send GAME with every $game value. */
export const roundClockMachine = setup({
  types: {
    context: {} as RoundClockContext,
    events: {} as RoundClockEvent,
    input: {} as RoundClockInput,
  },
  actions: {
    store: assign(({ event }) => {
      const g = event.game;
      return {
        status: g.status,
        canActBefore: g.game ? parseUtc(g.game.can_act_before) : NaN,
        endsAt: g.game ? parseUtc(g.game.ends_at) : NaN,
        clockOffsetMs: g.clockOffsetMs,
      };
    }),
    tick: assign({ remainingMs: ({ context }, state: 'open' | 'locked') => Math.max(0, deadline(context, state) - serverNow(context)) }),
  },
  guards: {
    neverLoaded: ({ context }) => context.status === 'loading',
    reloading: ({ context }) => context.status === 'reloading' || !Number.isFinite(context.endsAt),
    beforeCanAct: ({ context }) => serverNow(context) < context.canActBefore,
    beforeEnd: ({ context }) => serverNow(context) < context.endsAt,
  },
  delays: {
    openTick: ({ context }) => nextTickMs(context, 'open'),
    lockedTick: ({ context }) => nextTickMs(context, 'locked'),
  },
}).createMachine({
  id: 'roundClock',
  context: ({ input }) => ({ now: input.now, status: 'loading', canActBefore: NaN, endsAt: NaN, clockOffsetMs: 0, remainingMs: 0 }),
  initial: 'fetching',
  on: { GAME: { target: '.deciding', actions: 'store' } },
  states: {
    deciding: {
      always: [
        { guard: 'neverLoaded', target: 'fetching' },
        { guard: 'reloading', target: 'reloading' },
        { guard: 'beforeCanAct', target: 'open' },
        { guard: 'beforeEnd', target: 'locked' },
        { target: 'reloading' },
      ],
    },
    fetching: {},
    open: {
      entry: { type: 'tick', params: 'open' },
      after: { openTick: { target: 'deciding' } },
    },
    locked: {
      entry: { type: 'tick', params: 'locked' },
      after: { lockedTick: { target: 'deciding' } },
    },
    reloading: {},
  },
});

/** The clock's visible state: its state name and the ms left to the deadline (open and locked). */
export interface RoundClockView {
  state: RoundClockState;
  remainingMs: number;
}

/** The visible state of a snapshot. */
export function roundClockView(snapshot: SnapshotFrom<typeof roundClockMachine>): RoundClockView {
  const value = snapshot.value as RoundClockState | 'deciding';
  // `deciding` is transient and never observed at rest; fetching is the safe reading if it ever were.
  const state: RoundClockState = value === 'deciding' ? 'fetching' : value;
  return { state, remainingMs: state === 'open' || state === 'locked' ? snapshot.context.remainingMs : 0 };
}

/** mm:ss of a duration, rounded up to the whole second (minutes may pass 59 for long rounds). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = Math.floor(total / 60);
  const ss = total % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/**
 * Where the countdown shows: home and the eidol screen ('main'), the shop and item screens ('area'), or the
 * Forum and the Ditch ('world', spec 3 §2: the same wording as the areas).
 */
export type CountdownPlace = 'main' | 'area' | 'world';

/** The countdown's text for a view. */
export function roundClockText(view: RoundClockView, place: CountdownPlace = 'main'): string {
  switch (view.state) {
    case 'fetching':
      return FETCHING_TEXT;
    case 'open':
      return `${place === 'main' ? OPEN_TEXT : AREA_OPEN_TEXT} ${formatCountdown(view.remainingMs)}`;
    case 'locked':
      return place === 'main' ? LOCKED_TEXT : AREA_LOCKED_TEXT;
    case 'reloading':
      return RELOADING_TEXT;
  }
}
