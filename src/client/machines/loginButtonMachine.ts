/**
 * The Log In button (spec 1 §4): idle → logging ("Fetching data...") → done, or → error holding the joined
 * server error; a click on the error returns to idle. The error's text is said once, by the screen's red
 * line: the button in its error state reads "Try again" (it printed the same text a second time).
 */
import { lazyMachine } from './lazyMachine';
import { t } from '../i18n/t';
import { assign, fromPromise, setup } from 'xstate';
import type { LoginBody } from '../../shared/api/auth';
import type { User } from '../../shared/api/user';
import type { SecondFactorNeeded } from '../../shared/api/factors';
import type { ApiResult } from '../net/http';
import type { FieldErrors } from '../../shared/api/envelope';
import { failureFields, failureText, thrownText } from './requestErrors';

/** Label of the button while logging in. */
export const LOGGING_LABEL = t.common.fetchingData;
/** Label of the idle button. */
export const LOGIN_LABEL = t.common.logIn;

/** A login's answer: the user, or (with a second factor) the ticket for the second step. */
export type LoginAnswer = User | SecondFactorNeeded;

/** Events the button accepts. */
export type LoginButtonEvent = { type: 'SUBMIT'; body: LoginBody } | { type: 'CLICK' };

/** The login button machine; provide `login` (the request) and `loggedIn` (what success does). */
export const loginButtonMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as { error: string; fieldErrors: FieldErrors },
      events: {} as LoginButtonEvent,
    },
    actors: {
      login: fromPromise<ApiResult<LoginAnswer>, LoginBody>(async () => {
        throw new Error('login actor not provided');
      }),
    },
    actions: {
      loggedIn: (_, _answer: LoginAnswer) => {},
      clearError: assign({ error: '', fieldErrors: {} }),
    },
  }).createMachine({
    id: 'loginButton',
    context: { error: '', fieldErrors: {} },
    initial: 'idle',
    states: {
      idle: {
        on: { SUBMIT: 'logging' },
      },
      logging: {
        invoke: {
          src: 'login',
          input: ({ event }) => (event as Extract<LoginButtonEvent, { type: 'SUBMIT' }>).body,
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'done',
              actions: { type: 'loggedIn', params: ({ event }) => (event.output as Extract<ApiResult<LoginAnswer>, { ok: true }>).data },
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
        on: { CLICK: { target: 'idle', actions: 'clearError' } },
      },
      done: { type: 'final' },
    },
  }),
);

/** The button's text for a machine snapshot. */
export function loginButtonLabel(state: 'idle' | 'logging' | 'error' | 'done', error: string): string {
  if (state === 'logging') return LOGGING_LABEL;
  if (state === 'error') return error ? t.common.tryAgain : LOGIN_LABEL;
  return LOGIN_LABEL;
}
