/**
 * The two-stage transaction button of spec 2 §4 (send, exchange, starter pack, shop): stage 0 precalculates
 * (fee estimate + pending transaction), stage 1 commits it, then "Done!", and 750 ms later the game and user
 * refresh and the screen is left. An error shows on the button and the next press returns to stage 0 with
 * the gas cleared; any change of the input (currency, address, amount) returns to stage 0 as well.
 * Unactivated players are routed to activation instead, and nothing is sent while the round is locked or
 * the input is invalid. A flow that moves no money (a second factor's setup) keeps the two stages without a
 * fee: its stage 0 `prepare`s, and the answer only moves it to stage 1 (no transaction, no gas).
 */
import { t } from '../i18n/t';
import { assign, fromPromise, setup } from 'xstate';
import type { PrecalcData, SendDestination } from '../../shared/api/transactions';
import type { ApiFail, ApiResult } from '../net/http';
import { thrownText } from './requestErrors';

/** Label once the commit succeeded. */
export const DONE_LABEL = t.common.doneBang;
/** Label while either request runs. */
export const PROCESSING_LABEL = t.common.processingTransaction;
/** Label for a player without start_gas or start_pack. */
export const INVOKE_LABEL = t.common.invokeMastership;
/** Label while the round is locked (spec 2 §4). */
export const LOCKED_LABEL = t.common.lockedForAeon;
/** Delay from "Done!" to the refresh and leaving the screen (spec 2 §9). */
export const AFTER_SUCCESS_MS = 750;

/** The per-currency gas of a precalculation, as the wire sends it. */
export type PrecalcFee = PrecalcData['precalcData']['fee'];

/** What the commit request gets: the stage-0 transaction (null in direct and fee-less flows) and the input. */
export interface CommitInput {
  transactionId: string | null;
  input: unknown;
}

/** The machine's context. */
export interface TransactionContext {
  /** The current form payload; the precalculation is made from it. */
  input: unknown;
  /** Identity of the input: a different key means the user changed something. */
  key: string;
  /** Where Invoke Mastership leads, or null for an activated player. */
  activation: string | null;
  /** The round is locked (only for flows that lock with it). */
  locked: boolean;
  /** The validation text of the current input ('' when it may be sent). */
  invalid: string;
  /** No precalculation: the first press commits at once (starter pack 4, the gas deposit). */
  direct: boolean;
  /** Stage 0 prepares instead of precalculating: the flow moves no money, so there is no fee to show. */
  feeless: boolean;
  transactionId: string | null;
  fee: PrecalcFee | null;
  /** Where the pending send goes, when its precalculation said (sends only). */
  destination: SendDestination | null;
  /** The server said the withdrawal's address has code on the chain (a contract): the confirm step warns. */
  addressHasCode: boolean;
  error: string;
}

/** Events: a new input (every change), new status (activation, lock), and the button press. */
export type TransactionEvent =
  | { type: 'INPUT'; input: unknown; key: string; invalid: string; direct?: boolean }
  | { type: 'STATUS'; activation: string | null; locked: boolean }
  | { type: 'PRESS' };

/** Options at start. */
export interface TransactionInput {
  direct?: boolean;
  feeless?: boolean;
  activation?: string | null;
  locked?: boolean;
  input?: unknown;
  key?: string;
  invalid?: string;
}

/**
 * Spec 2 §8: for an amount error the first amount error is shown without its trailing period (clients of
 * the original product cut the last character; only a period is cut here, so a server that sends the bare
 * text is shown right too); otherwise the message, or the joined text when there is no message.
 */
export function transactionErrorText(fail: ApiFail): string {
  const amount = fail.errors?.amount?.[0];
  if (amount !== undefined) return amount.endsWith('.') ? amount.slice(0, -1) : amount;
  return fail.message || fail.text;
}

function failText(result: ApiResult<unknown>): string {
  return result.ok ? '' : transactionErrorText(result);
}

const changed = ({ context, event }: { context: TransactionContext; event: TransactionEvent }) =>
  event.type === 'INPUT' && event.key !== context.key;

/** The machine; provide `precalculate`, `commit`, and the actions `activate`, `refresh`, `leave`. */
export const transactionMachine = setup({
  types: {
    context: {} as TransactionContext,
    events: {} as TransactionEvent,
    input: {} as TransactionInput,
  },
  actors: {
    precalculate: fromPromise<ApiResult<PrecalcData>, unknown>(async () => {
      throw new Error('precalculate actor not provided');
    }),
    prepare: fromPromise<ApiResult<unknown>, unknown>(async () => {
      throw new Error('prepare actor not provided');
    }),
    commit: fromPromise<ApiResult<unknown>, CommitInput>(async () => {
      throw new Error('commit actor not provided');
    }),
  },
  actions: {
    activate: (_, _target: string) => {},
    refresh: () => {},
    leave: () => {},
    storeInput: assign(({ context, event }) =>
      event.type === 'INPUT' ? { input: event.input, key: event.key, invalid: event.invalid, direct: event.direct ?? context.direct } : {},
    ),
    storeStatus: assign(({ event }) => (event.type === 'STATUS' ? { activation: event.activation, locked: event.locked } : {})),
    clearStage: assign({ transactionId: null, fee: null, destination: null, addressHasCode: false, error: '' }),
  },
  guards: {
    inactive: ({ context }) => context.activation !== null,
    blocked: ({ context }) => context.locked || context.invalid !== '',
    direct: ({ context }) => context.direct,
    feeless: ({ context }) => context.feeless,
    inputChanged: changed,
  },
}).createMachine({
  id: 'transaction',
  context: ({ input }) => ({
    input: input.input,
    key: input.key ?? '',
    activation: input.activation ?? null,
    locked: input.locked ?? false,
    invalid: input.invalid ?? '',
    direct: input.direct ?? false,
    feeless: input.feeless ?? false,
    transactionId: null,
    fee: null,
    destination: null,
    addressHasCode: false,
    error: '',
  }),
  initial: 'stage0',
  on: {
    STATUS: { actions: 'storeStatus' },
    INPUT: { actions: 'storeInput' },
  },
  states: {
    stage0: {
      on: {
        PRESS: [
          { guard: 'inactive', actions: { type: 'activate', params: ({ context }) => context.activation ?? '' } },
          { guard: 'blocked' },
          { guard: 'direct', target: 'committing' },
          { guard: 'feeless', target: 'preparing' },
          { target: 'precalculating' },
        ],
      },
    },
    preparing: {
      on: { INPUT: [{ guard: 'inputChanged', target: 'stage0', actions: ['storeInput', 'clearStage'] }, { actions: 'storeInput' }] },
      invoke: {
        src: 'prepare',
        input: ({ context }: { context: TransactionContext }) => context.input,
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'stage1' },
          { target: 'error', actions: assign({ error: ({ event }) => failText(event.output) }) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => thrownText(event.error) }) },
      },
    },
    precalculating: {
      on: { INPUT: [{ guard: 'inputChanged', target: 'stage0', actions: ['storeInput', 'clearStage'] }, { actions: 'storeInput' }] },
      invoke: {
        src: 'precalculate',
        input: ({ context }: { context: TransactionContext }) => context.input,
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'stage1',
            actions: assign(({ event }) =>
              event.output.ok
                ? {
                    transactionId: event.output.data.transaction.id,
                    fee: event.output.data.precalcData.fee,
                    destination: event.output.data.precalcData.destination ?? null,
                    addressHasCode: event.output.data.precalcData.address_has_code === true,
                  }
                : {},
            ),
          },
          { target: 'error', actions: assign({ error: ({ event }) => failText(event.output) }) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => thrownText(event.error) }) },
      },
    },
    stage1: {
      on: {
        INPUT: [{ guard: 'inputChanged', target: 'stage0', actions: ['storeInput', 'clearStage'] }, { actions: 'storeInput' }],
        PRESS: [
          { guard: 'inactive', actions: { type: 'activate', params: ({ context }) => context.activation ?? '' } },
          { guard: 'blocked' },
          { target: 'committing' },
        ],
      },
    },
    // Input changes are only recorded here: money is moving and the answer belongs to what was pressed.
    committing: {
      invoke: {
        src: 'commit',
        input: ({ context }) => ({ transactionId: context.transactionId, input: context.input }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'done' },
          { target: 'error', actions: assign({ error: ({ event }) => failText(event.output) }) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => thrownText(event.error) }) },
      },
    },
    error: {
      on: {
        PRESS: { target: 'stage0', actions: 'clearStage' },
        INPUT: [{ guard: 'inputChanged', target: 'stage0', actions: ['storeInput', 'clearStage'] }, { actions: 'storeInput' }],
      },
    },
    done: {
      on: { INPUT: {} },
      after: { [AFTER_SUCCESS_MS]: { actions: ['refresh', 'leave'] } },
    },
  },
});

/** The machine's states. */
export type TransactionState = 'stage0' | 'precalculating' | 'preparing' | 'stage1' | 'committing' | 'error' | 'done';

/** What the button shows and whether a press can do anything. */
export interface TransactionButton {
  text: string;
  disabled: boolean;
}

/**
 * The button by the spec's priority: Done!, the error, "Processing transaction...", Invoke Mastership,
 * "Locked for Aeon Computing", the input's validation text, then the stage's own label.
 */
export function transactionButton(
  state: TransactionState,
  context: TransactionContext,
  labels: { stage0: string; stage1: string },
): TransactionButton {
  if (state === 'done') return { text: DONE_LABEL, disabled: true };
  if (state === 'error') return { text: context.error, disabled: false };
  if (state === 'precalculating' || state === 'preparing' || state === 'committing') return { text: PROCESSING_LABEL, disabled: true };
  if (context.activation !== null) return { text: INVOKE_LABEL, disabled: false };
  if (context.locked) return { text: LOCKED_LABEL, disabled: true };
  if (context.invalid) return { text: context.invalid, disabled: true };
  return { text: state === 'stage1' ? labels.stage1 : labels.stage0, disabled: false };
}
