/**
 * The wait-then-approve button of spec 2 §4 (burn, pop, train, transmute, extract, feed, enchant): stage 0
 * prepares, a tap starts a 3 s setup wait (pop: a 3 s hold first, released early it cancels; train: a fee
 * precalculation request instead of the wait), then stage 1 approves, a tap sends, then success or error.
 * Success refreshes the game after 750 ms and, where the spec says so, leaves to / after 3 s; otherwise the
 * success clears after 3 s. The error shows on the button and the next tap clears it. A slide change resets
 * to stage 0 (not while sending: the answer belongs to what was tapped). Taps do nothing while the round is
 * locked or the screen's input is invalid.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiResult } from '../net/http';
import { thrownText } from './requestErrors';

/** The setup wait between stage 0 and stage 1 (spec 2 §9: 3 s). */
export const WAIT_MS = 3_000;
/** How long pop's button must be held to begin (spec 2 §4). */
export const HOLD_MS = 3_000;
/** From success to the game refresh (spec 2 §9). */
export const REFRESH_MS = 750;
/** From success to leaving for / (feed, enchant, pop) or to clearing the success (burn). */
export const SUCCESS_MS = 3_000;

/** How the flow begins: a tap and the wait, a 3 s hold and the wait, or a tap and a precalculation request. */
export type WaitApproveStart = 'tap' | 'hold' | 'precalc';

/** Options at start. */
export interface WaitApproveInput {
  start?: WaitApproveStart;
  /** After success go to / (true) or return to stage 0 (false). */
  leaveHome?: boolean;
  locked?: boolean;
  /** The screen's input cannot be sent (a validation text shows instead). */
  invalid?: boolean;
}

/** The machine's context. */
export interface WaitApproveContext {
  start: WaitApproveStart;
  leaveHome: boolean;
  locked: boolean;
  invalid: boolean;
  /** The precalculation's answer (train: fee, chance, seed hash), null before it. */
  prepared: unknown;
  /** The send's answer data, null before success. */
  result: unknown;
  error: string;
}

/** Events: a tap, the hold's press and release, new status (lock, validity), and a slide change. */
export type WaitApproveEvent =
  { type: 'PRESS' } | { type: 'HOLD' } | { type: 'RELEASE' } | { type: 'STATUS'; locked: boolean; invalid: boolean } | { type: 'RESET' };

/** The machine's states. */
export type WaitApproveState = 'prepare' | 'holding' | 'preparing' | 'waiting' | 'approve' | 'sending' | 'success' | 'error';

function failText(result: ApiResult<unknown>): string {
  return result.ok ? '' : result.message || result.text;
}

/** The machine; provide `prepare` (precalc start only), `send`, and the actions `refresh`, `leave`, `succeeded`. */
export const waitApproveMachine = setup({
  types: {
    context: {} as WaitApproveContext,
    events: {} as WaitApproveEvent,
    input: {} as WaitApproveInput,
  },
  actors: {
    prepare: fromPromise<ApiResult<unknown>, void>(async () => {
      throw new Error('prepare actor not provided');
    }),
    send: fromPromise<ApiResult<unknown>, { prepared: unknown }>(async () => {
      throw new Error('send actor not provided');
    }),
  },
  actions: {
    refresh: () => {},
    leave: () => {},
    succeeded: (_, _result: unknown) => {},
    storeStatus: assign(({ event }) => (event.type === 'STATUS' ? { locked: event.locked, invalid: event.invalid } : {})),
    clear: assign({ prepared: null, result: null, error: '' }),
  },
  guards: {
    blocked: ({ context }) => context.locked || context.invalid,
    holdStart: ({ context }) => context.start === 'hold',
    precalcStart: ({ context }) => context.start === 'precalc',
    leaveHome: ({ context }) => context.leaveHome,
  },
}).createMachine({
  id: 'waitApprove',
  context: ({ input }) => ({
    start: input.start ?? 'tap',
    leaveHome: input.leaveHome ?? false,
    locked: input.locked ?? false,
    invalid: input.invalid ?? false,
    prepared: null,
    result: null,
    error: '',
  }),
  initial: 'prepare',
  on: {
    STATUS: { actions: 'storeStatus' },
    RESET: { target: '.prepare', actions: 'clear' },
  },
  states: {
    prepare: {
      on: {
        PRESS: [{ guard: 'blocked' }, { guard: 'holdStart' }, { guard: 'precalcStart', target: 'preparing' }, { target: 'waiting' }],
        HOLD: [{ guard: 'blocked' }, { guard: 'holdStart', target: 'holding' }],
      },
    },
    holding: {
      on: { RELEASE: 'prepare' },
      after: { [HOLD_MS]: [{ guard: 'blocked', target: 'prepare' }, { target: 'waiting' }] },
    },
    waiting: {
      after: { [WAIT_MS]: 'approve' },
    },
    preparing: {
      invoke: {
        src: 'prepare',
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'approve',
            actions: assign({ prepared: ({ event }) => (event.output.ok ? event.output.data : null) }),
          },
          { target: 'error', actions: assign({ error: ({ event }) => failText(event.output) }) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => thrownText(event.error) }) },
      },
    },
    approve: {
      on: { PRESS: [{ guard: 'blocked' }, { target: 'sending' }] },
    },
    sending: {
      // Money is moving: a slide change must not drop the answer of what was tapped.
      on: { RESET: {} },
      invoke: {
        src: 'send',
        input: ({ context }) => ({ prepared: context.prepared }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'success',
            actions: assign({ result: ({ event }) => (event.output.ok ? event.output.data : null) }),
          },
          { target: 'error', actions: assign({ error: ({ event }) => failText(event.output) }) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => thrownText(event.error) }) },
      },
    },
    success: {
      on: { RESET: {} },
      entry: { type: 'succeeded', params: ({ context }: { context: WaitApproveContext }) => context.result },
      after: {
        [REFRESH_MS]: { actions: 'refresh' },
        [SUCCESS_MS]: [
          { guard: 'leaveHome', actions: 'leave' },
          { target: 'prepare', actions: 'clear' },
        ],
      },
    },
    error: {
      on: { PRESS: { target: 'prepare', actions: 'clear' } },
    },
  },
});

/** Whether the button takes taps in `state` (spec 2 §4: locked while the game is locked, waiting or sending; an error is tapped away). */
export function waitApproveTappable(state: WaitApproveState, context: Pick<WaitApproveContext, 'locked' | 'invalid'>): boolean {
  if (state === 'error') return true;
  if (state === 'prepare' || state === 'approve' || state === 'holding') return !context.locked && !context.invalid;
  return false;
}
