/**
 * The world's action button (spec 3 §4): a tap sends its action ("Processing action..."), success shows
 * "Action Complete!" for 1 s, a failure keeps the server's message on the button until the next tap clears
 * it; taps are ignored while sending. "{name} luves you!" shows for 5 s and a tap dismisses it. Selecting
 * another avatar clears what the button shows about the previous one (not while sending: the answer
 * belongs to what was tapped).
 */
import { t } from '../i18n/t';
import { assign, fromPromise, setup } from 'xstate';
import type { ApiResult } from '../net/http';
import { thrownText } from './requestErrors';

/** Text while an action is sent (spec 3 §4). */
export const SENDING_TEXT = t.machines.worldSending;
/** Text after a success (spec 3 §4). */
export const DONE_TEXT = t.machines.worldDone;
/** How long "Action Complete!" stays (spec 3 §9). */
export const DONE_MS = 1_000;
/** How long a luv message stays (spec 3 §9). */
export const LUV_MS = 5_000;

/** The luv message for `name` (spec 3 §8). */
export function luvText(name: string): string {
  return t.notices.forumlike(name);
}

/** What a tap asks the server for. */
export type WorldAction =
  | { kind: 'verse' | 'yell' | 'scribe'; text: string }
  | { kind: 'vote' | 'promote' | 'like' | 'send'; id: number }
  | { kind: 'incense'; slot: 1 | 2 | 3 }
  | { kind: 'caravan' };

/** The machine's context. */
export interface WorldActionContext {
  action: WorldAction | null;
  error: string;
  luv: string;
}

/** Events: a tap with its action (or a bare tap on a message), a luv arriving, a new selection. */
export type WorldActionEvent = { type: 'TAP'; action?: WorldAction } | { type: 'LUV'; name: string } | { type: 'SELECT' };

/** The machine's states. */
export type WorldActionState = 'idle' | 'sending' | 'done' | 'error' | 'luv';

/** The machine; provide the `perform` actor and the `succeeded` action (it gets the action and the answer's data). */
export const worldActionMachine = setup({
  types: {
    context: {} as WorldActionContext,
    events: {} as WorldActionEvent,
  },
  actors: {
    perform: fromPromise<ApiResult<unknown>, WorldAction>(async () => {
      throw new Error('perform actor not provided');
    }),
  },
  actions: {
    succeeded: (_, _params: { action: WorldAction; data: unknown }) => {},
    clear: assign({ error: '', luv: '' }),
    storeLuv: assign({ luv: ({ event }) => (event.type === 'LUV' ? luvText(event.name) : '') }),
    storeAction: assign({ action: ({ event }) => (event.type === 'TAP' ? (event.action ?? null) : null) }),
  },
  guards: {
    hasAction: ({ event }) => event.type === 'TAP' && event.action !== undefined,
  },
}).createMachine({
  id: 'worldAction',
  context: { action: null, error: '', luv: '' },
  initial: 'idle',
  on: {
    LUV: { target: '.luv', actions: 'storeLuv' },
    SELECT: { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {
      on: { TAP: { guard: 'hasAction', target: 'sending', actions: 'storeAction' } },
    },
    sending: {
      // Taps, luvs and new selections wait: the answer belongs to what was tapped.
      on: { TAP: {}, LUV: {}, SELECT: {} },
      invoke: {
        src: 'perform',
        input: ({ context }) => context.action!,
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'done',
            actions: {
              type: 'succeeded',
              params: ({ context, event }) => ({ action: context.action!, data: event.output.ok ? event.output.data : null }),
            },
          },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => (event.output.ok ? '' : event.output.message || event.output.text) }),
          },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => thrownText(event.error) }) },
      },
    },
    done: {
      after: { [DONE_MS]: 'idle' },
      on: { TAP: { guard: 'hasAction', target: 'sending', actions: 'storeAction' } },
    },
    error: {
      on: { TAP: { target: 'idle', actions: 'clear' } },
    },
    luv: {
      after: { [LUV_MS]: { target: 'idle', actions: 'clear' } },
      on: { TAP: { target: 'idle', actions: 'clear' } },
    },
  },
});

/** The button's text in `state`, or null when the context's own label shows (idle). */
export function worldActionText(state: WorldActionState, context: WorldActionContext): string | null {
  switch (state) {
    case 'sending':
      return SENDING_TEXT;
    case 'done':
      return DONE_TEXT;
    case 'error':
      return context.error;
    case 'luv':
      return context.luv;
    default:
      return null;
  }
}
