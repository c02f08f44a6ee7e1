/** Binds a screen to transactionMachine: its requests, its input and status, and the button it shows. */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PrecalcData, SendDestination } from '../../shared/api/transactions';
import {
  transactionButton,
  transactionMachine,
  type CommitInput,
  type PrecalcFee,
  type TransactionButton,
  type TransactionState,
} from '../machines/transactionMachine';
import type { ApiResult } from '../net/http';
import { inspectOption } from '../app/inspector';

/** What a screen gives the flow. */
export interface TransactionOptions<TInput> {
  /** Stage 0: the precalculating request (a pending transaction and its gas); not needed by a direct flow. */
  precalculate?: (input: TInput) => Promise<ApiResult<PrecalcData>>;
  /** Stage 0 of a flow that moves no money (a second factor's setup), in place of `precalculate`: no fee. */
  prepare?: (input: TInput) => Promise<ApiResult<unknown>>;
  /** Stage 1 (or the only request in direct mode). */
  commit: (call: { transactionId: string | null; input: TInput }) => Promise<ApiResult<unknown>>;
  /** The current form payload and its identity (a new key resets to stage 0). */
  input: TInput;
  inputKey: string;
  /** The validation text of the input ('' when it may be sent). */
  invalid: string;
  /** Where Invoke Mastership leads, or null when activated. */
  activation: string | null;
  locked: boolean;
  /** No precalculation for this input (starter pack 4, the gas deposit). */
  direct?: boolean;
  /** The stages' labels; stage 1's may depend on where the precalculated send goes. */
  labels: { stage0: string; stage1: string | ((destination: SendDestination | null) => string) };
  activate: (target: string) => void;
  refresh: () => void;
  leave: () => void;
}

/** What a screen reads back. */
export interface TransactionBinding {
  state: TransactionState;
  button: TransactionButton;
  /** Gas per currency of the pending transaction, null in stage 0. */
  fee: PrecalcFee | null;
  /** Where the pending send goes (its precalculation said), null in stage 0 and for other flows. */
  destination: SendDestination | null;
  /** The withdrawal's address has code on the chain: the confirm step warns before the approve press. */
  addressHasCode: boolean;
  press: () => void;
}

/** A screen's stage-0 request, or one that fails for a flow that has none (a direct flow never calls it). */
function stageZero<TInput, T>(request: ((input: TInput) => Promise<T>) | undefined): (input: TInput) => Promise<T> {
  return request ?? (() => Promise.reject(new Error('this flow has no stage 0')));
}

/** Runs the two-stage flow for a screen. */
export function useTransaction<TInput>(options: TransactionOptions<TInput>): TransactionBinding {
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });
  const [machine] = useState(() =>
    transactionMachine.provide({
      actors: {
        precalculate: fromPromise(({ input }) => stageZero(ref.current.precalculate)(input as TInput)),
        prepare: fromPromise(({ input }) => stageZero(ref.current.prepare)(input as TInput)),
        commit: fromPromise(({ input }: { input: CommitInput }) =>
          ref.current.commit({ transactionId: input.transactionId, input: input.input as TInput }),
        ),
      },
      actions: {
        activate: (_, target) => ref.current.activate(target),
        refresh: () => ref.current.refresh(),
        leave: () => ref.current.leave(),
      },
    }),
  );
  const { input, inputKey, invalid, activation, locked, direct = false } = options;
  // Fixed for the flow's life: a screen either precalculates or prepares.
  const feeless = options.prepare !== undefined;
  // A switch between direct and two-stage (another starter pack) is a change of input too.
  const key = `${direct ? 'direct' : 'staged'}:${inputKey}`;
  const [snap, send] = useMachine(machine, { input: { input, key, invalid, activation, locked, direct, feeless }, ...inspectOption() });
  useEffect(() => {
    send({ type: 'INPUT', input, key, invalid, direct });
    // `input` follows `inputKey` by contract: the key alone says whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, invalid, direct, send]);
  useEffect(() => {
    send({ type: 'STATUS', activation, locked });
  }, [activation, locked, send]);
  const state = snap.value as TransactionState;
  const { stage0, stage1 } = options.labels;
  const labels = { stage0, stage1: typeof stage1 === 'function' ? stage1(snap.context.destination) : stage1 };
  return {
    state,
    button: transactionButton(state, snap.context, labels),
    fee: snap.context.fee,
    destination: snap.context.destination,
    addressHasCode: snap.context.addressHasCode,
    press: () => send({ type: 'PRESS' }),
  };
}
