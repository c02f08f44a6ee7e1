/**
 * A form's submit button (register, password reset, onboarding completion): idle → sending
 * ("Sending data...") → done, or → error showing the joined server error; a click on the error returns to idle.
 */
import { lazyMachine } from './lazyMachine';
import { t } from '../i18n/t';
import { assign, fromPromise, setup } from 'xstate';
import type { ApiResult } from '../net/http';
import type { FieldErrors } from '../../shared/api/envelope';
import { failureFields, failureText, thrownText } from './requestErrors';

/** Label of the button while the request runs. */
export const SENDING_LABEL = t.machines.submitSending;

/** Events the button accepts; SUBMIT carries the request body. */
export type SubmitEvent = { type: 'SUBMIT'; body: unknown } | { type: 'CLICK' };

/** The submit machine; provide `submit` (the request) and `succeeded` (what success does with the data and message). */
export const submitMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as { error: string; message: string; fieldErrors: FieldErrors },
      events: {} as SubmitEvent,
    },
    actors: {
      submit: fromPromise<ApiResult<unknown>, unknown>(async () => {
        throw new Error('submit actor not provided');
      }),
    },
    actions: {
      succeeded: (_, _result: { data: unknown; message: string }) => {},
      clearError: assign({ error: '', fieldErrors: {} }),
    },
  }).createMachine({
    id: 'submit',
    context: { error: '', message: '', fieldErrors: {} },
    initial: 'idle',
    states: {
      idle: {
        on: { SUBMIT: 'sending' },
      },
      sending: {
        invoke: {
          src: 'submit',
          input: ({ event }: { event: SubmitEvent }) => (event.type === 'SUBMIT' ? event.body : undefined),
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'done',
              actions: [
                assign({ message: ({ event }) => (event.output.ok ? event.output.message : '') }),
                {
                  type: 'succeeded',
                  params: ({ event }) =>
                    event.output.ok ? { data: event.output.data, message: event.output.message } : { data: undefined, message: '' },
                },
              ],
            },
            {
              target: 'error',
              actions: assign({ error: ({ event }) => failureText(event.output), fieldErrors: ({ event }) => failureFields(event.output) }),
            },
          ],
          onError: {
            target: 'error',
            actions: assign({ error: ({ event }) => thrownText(event.error), fieldErrors: {} }),
          },
        },
      },
      error: {
        on: { CLICK: { target: 'idle', actions: 'clearError' }, SUBMIT: 'sending' },
      },
      done: {},
    },
  }),
);

/** The button's text: the idle label, "Sending data...", or the error. */
export function submitLabel(state: string, error: string, idleLabel: string): string {
  if (state === 'sending') return SENDING_LABEL;
  if (state === 'error') return error;
  return idleLabel;
}
