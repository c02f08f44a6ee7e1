/** Binds a screen to waitApproveMachine: its requests, its lock and validity, the slide it resets on. */
import { t } from '../i18n/t';
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { waitApproveMachine, waitApproveTappable, type WaitApproveStart, type WaitApproveState } from '../machines/waitApproveMachine';
import type { ApiResult } from '../net/http';
import { inspectOption } from '../app/inspector';

/** What a screen gives the flow. */
export interface WaitApproveOptions {
  start?: WaitApproveStart;
  /** Stage 1's request; `prepared` is the precalculation's answer (precalc start), else null. */
  send: (prepared: unknown) => Promise<ApiResult<unknown>>;
  /** The precalculation request (precalc start only). */
  prepare?: () => Promise<ApiResult<unknown>>;
  leaveHome: boolean;
  locked: boolean;
  /** The input cannot be sent now (the button shows why). */
  invalid: boolean;
  /** Identity of the chosen slide: a change returns the flow to stage 0. */
  slideKey: string;
  refresh: () => void;
  leave: () => void;
  /** Called once with the answer's data when the send succeeded. */
  onSuccess?: (data: unknown) => void;
}

/** What a screen reads back. */
export interface WaitApproveBinding {
  state: WaitApproveState;
  error: string;
  prepared: unknown;
  result: unknown;
  /** Whether a tap can do anything now. */
  tappable: boolean;
  press: () => void;
  hold: () => void;
  release: () => void;
}

/** Runs the wait-then-approve flow for a screen. */
export function useWaitApprove(options: WaitApproveOptions): WaitApproveBinding {
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });
  const [machine] = useState(() =>
    waitApproveMachine.provide({
      actors: {
        prepare: fromPromise(() => (ref.current.prepare ? ref.current.prepare() : Promise.reject(new Error(t.common.nothingToPrepare)))),
        send: fromPromise(({ input }: { input: { prepared: unknown } }) => ref.current.send(input.prepared)),
      },
      actions: {
        refresh: () => ref.current.refresh(),
        leave: () => ref.current.leave(),
        succeeded: (_, data) => ref.current.onSuccess?.(data),
      },
    }),
  );
  const { start = 'tap', leaveHome, locked, invalid, slideKey } = options;
  const [snap, send] = useMachine(machine, { input: { start, leaveHome, locked, invalid }, ...inspectOption() });
  useEffect(() => {
    send({ type: 'STATUS', locked, invalid });
  }, [locked, invalid, send]);
  const firstKey = useRef(slideKey);
  useEffect(() => {
    if (firstKey.current === slideKey) return;
    firstKey.current = slideKey;
    send({ type: 'RESET' });
  }, [slideKey, send]);
  const state = snap.value as WaitApproveState;
  return {
    state,
    error: snap.context.error,
    prepared: snap.context.prepared,
    result: snap.context.result,
    tappable: waitApproveTappable(state, snap.context),
    press: () => send({ type: 'PRESS' }),
    hold: () => send({ type: 'HOLD' }),
    release: () => send({ type: 'RELEASE' }),
  };
}
