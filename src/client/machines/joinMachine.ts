/**
 * A join (the risk bid of spec 1 §4) as the player sees it: `SEND` posts `POST /api/game/join`; while one is
 * on its way a newer `SEND` waits and goes next (the last angle the player let go of is the one that counts);
 * success marks the round joined and clears after JOINED_MS; a refusal (the round's capacity, a locked round)
 * keeps the server's text on the eidol screen until the next bid or REFUSED_MS; a network failure likewise.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiResult } from '../net/http';
import { failureText, thrownText } from './requestErrors';

/** How long "joined" shows after a success. */
export const JOINED_MS = 3_000;
/** How long a refusal stays on screen when the player does nothing. */
export const REFUSED_MS = 12_000;

/** One bid. */
export interface JoinBid {
  risk: string;
  oogle_id: number;
}

/** The machine's context. */
export interface JoinContext {
  /** The bid being sent (or last sent). */
  bid: JoinBid | null;
  /** A bid made while another was on its way: sent next. */
  pending: JoinBid | null;
  /** The server's refusal or the failure, '' otherwise. */
  error: string;
}

/** A new bid; `CLEAR` drops a shown refusal (the eidol changed). */
export type JoinEvent = { type: 'SEND'; bid: JoinBid } | { type: 'CLEAR' };

/** The machine; provide `join` (the request) and the action `joined` (mark the round joined). */
export const joinMachine = setup({
  types: {
    context: {} as JoinContext,
    events: {} as JoinEvent,
  },
  actors: {
    join: fromPromise<ApiResult<unknown>, JoinBid>(async () => {
      throw new Error('join actor not provided');
    }),
  },
  actions: {
    joined: (_, _bid: JoinBid) => {},
    takeBid: assign(({ event }) => (event.type === 'SEND' ? { bid: event.bid, pending: null, error: '' } : {})),
    queueBid: assign(({ event }) => (event.type === 'SEND' ? { pending: event.bid } : {})),
    takePending: assign(({ context }) => ({ bid: context.pending, pending: null, error: '' })),
    clear: assign({ error: '' }),
  },
  guards: {
    hasPending: ({ context }) => context.pending !== null,
  },
}).createMachine({
  id: 'join',
  context: { bid: null, pending: null, error: '' },
  initial: 'idle',
  states: {
    idle: {
      on: { SEND: { target: 'sending', actions: 'takeBid' } },
    },
    sending: {
      on: { SEND: { actions: 'queueBid' } },
      invoke: {
        src: 'join',
        input: ({ context }) => context.bid!,
        onDone: [
          { guard: 'hasPending', target: 'sending', reenter: true, actions: 'takePending' },
          {
            guard: ({ event }) => event.output.ok,
            target: 'joined',
            actions: [{ type: 'joined', params: ({ context }) => context.bid! }],
          },
          { target: 'refused', actions: assign(({ event }) => ({ error: failureText(event.output) })) },
        ],
        onError: [
          { guard: 'hasPending', target: 'sending', reenter: true, actions: 'takePending' },
          { target: 'refused', actions: assign(({ event }) => ({ error: thrownText(event.error) })) },
        ],
      },
    },
    joined: {
      on: { SEND: { target: 'sending', actions: 'takeBid' } },
      after: { [JOINED_MS]: 'idle' },
    },
    refused: {
      on: { SEND: { target: 'sending', actions: 'takeBid' }, CLEAR: { target: 'idle', actions: 'clear' } },
      after: { [REFUSED_MS]: { target: 'idle', actions: 'clear' } },
    },
  },
});
