/** Binds a form to submitMachine: the request, what success does, and the button label. */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { submitLabel, submitMachine } from '../machines/submitMachine';
import type { ApiResult } from '../net/http';
import type { FieldErrors } from '../../shared/api/envelope';
import { inspectOption } from '../app/inspector';

/** What a form reads from its submit machine. */
export interface SubmitBinding<TBody> {
  state: string;
  error: string;
  message: string;
  /** The last refusal's errors by field (empty once the error is cleared). */
  fieldErrors: FieldErrors;
  label: string;
  busy: boolean;
  /** Form submit: sends, or (error in the button) on the error state clears it: the spec's "click returns to idle". */
  onSubmit: (body: TBody) => void;
}

/** Runs `request` through submitMachine; `onSuccess` gets the answer's data and message. */
export function useSubmit<TBody, TData>(
  request: (body: TBody) => Promise<ApiResult<TData>>,
  onSuccess: (data: TData, message: string) => void,
  idleLabel: string,
  /** false: the error shows only in the red line and the button keeps its label and resubmits at once. */
  errorInButton = true,
): SubmitBinding<TBody> {
  const requestRef = useRef(request);
  const successRef = useRef(onSuccess);
  useEffect(() => {
    requestRef.current = request;
    successRef.current = onSuccess;
  });
  const [machine] = useState(() =>
    submitMachine().provide({
      actors: { submit: fromPromise(({ input }) => requestRef.current(input as TBody) as Promise<ApiResult<unknown>>) },
      actions: { succeeded: (_, result) => successRef.current(result.data as TData, result.message) },
    }),
  );
  const [snap, send] = useMachine(machine, inspectOption());
  const state = String(snap.value);
  return {
    state,
    error: snap.context.error,
    message: snap.context.message,
    fieldErrors: state === 'error' ? snap.context.fieldErrors : {},
    label: errorInButton
      ? submitLabel(state, snap.context.error, idleLabel)
      : submitLabel(state === 'error' ? 'idle' : state, '', idleLabel),
    busy: state === 'sending',
    onSubmit: (body) => send(state === 'error' && errorInButton ? { type: 'CLICK' } : { type: 'SUBMIT', body }),
  };
}
