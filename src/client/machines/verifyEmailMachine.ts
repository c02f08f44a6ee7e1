/**
 * E-mail verification (spec 1 §4): while `checking` it asks whether the e-mail is already confirmed; idle →
 * fetching ("Fetching data...") → success (storage cleared, /login after 1 s) or error (server message or
 * "Something went wrong"). When already confirmed, Apply KYC goes straight to /login.
 */
import { lazyMachine } from './lazyMachine';
import { t } from '../i18n/t';
import { assign, fromPromise, setup } from 'xstate';
import type { ApiResult } from '../net/http';

/** Error text when the server gives none. */
export const VERIFY_FALLBACK_ERROR = t.common.somethingWentWrong;
/** Delay before leaving for /login after success. */
export const VERIFY_REDIRECT_MS = 1000;

/** Events: the Apply KYC button. */
export type VerifyEmailEvent = { type: 'APPLY' };

/** The verification machine; input is the token, provide `checkStatus`, `confirm`, `clearStorage`, `goToLogin`. */
export const verifyEmailMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as { token: string; alreadyConfirmed: boolean; error: string },
      events: {} as VerifyEmailEvent,
      input: {} as { token: string },
    },
    actors: {
      checkStatus: fromPromise<ApiResult<{ email_confirmed: boolean }>, string>(async () => {
        throw new Error('checkStatus actor not provided');
      }),
      confirm: fromPromise<ApiResult<unknown>, string>(async () => {
        throw new Error('confirm actor not provided');
      }),
    },
    actions: {
      clearStorage: () => {},
      goToLogin: () => {},
    },
    guards: {
      alreadyConfirmed: ({ context }) => context.alreadyConfirmed,
    },
    delays: { redirect: VERIFY_REDIRECT_MS },
  }).createMachine({
    id: 'verifyEmail',
    context: ({ input }) => ({ token: input.token, alreadyConfirmed: false, error: '' }),
    initial: 'checking',
    states: {
      checking: {
        invoke: {
          src: 'checkStatus',
          input: ({ context }) => context.token,
          onDone: {
            target: 'idle',
            actions: assign({ alreadyConfirmed: ({ event }) => event.output.ok && event.output.data.email_confirmed === true }),
          },
          // An unknown token is reported when the player applies; the check itself stays silent.
          onError: 'idle',
        },
        on: { APPLY: 'fetching' },
      },
      idle: {
        on: {
          APPLY: [{ guard: 'alreadyConfirmed', actions: 'goToLogin' }, { target: 'fetching' }],
        },
      },
      fetching: {
        invoke: {
          src: 'confirm',
          input: ({ context }) => context.token,
          onDone: [
            { guard: ({ event }) => event.output.ok, target: 'success' },
            {
              target: 'error',
              actions: assign({ error: ({ event }) => (event.output.ok ? '' : event.output.message) || VERIFY_FALLBACK_ERROR }),
            },
          ],
          onError: { target: 'error', actions: assign({ error: VERIFY_FALLBACK_ERROR }) },
        },
      },
      success: {
        entry: 'clearStorage',
        after: { redirect: { target: 'left', actions: 'goToLogin' } },
      },
      error: {
        on: { APPLY: 'fetching' },
      },
      left: { type: 'final' },
    },
  }),
);
