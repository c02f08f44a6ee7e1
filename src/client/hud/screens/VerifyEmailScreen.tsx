/**
 * /verify-email/:message/:message2: shows the notification (never the token, which is `message`); Apply KYC
 * confirms, or, when the e-mail is already confirmed, the button says Go to Log In and does that.
 */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../machines/verifyEmailMachine';
import { lazyMachine } from '../../machines/lazyMachine';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { setGuest } from '../../stores/session';
import { deviceStorage } from '../../stores/deviceStorage';
import { inspectOption } from '../../app/inspector';
import { $loginNotice, EMAIL_CONFIRMED_NOTICE } from '../../stores/loginNotice';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';

// Built when the screen first shows (machines/lazyMachine.ts).
const machine = lazyMachine(() =>
  verifyEmailMachine().provide({
    actors: {
      checkStatus: fromPromise(({ input }) => api.verifyStatus(input)),
      confirm: fromPromise(({ input }) => api.verifyEmail(input)),
    },
    actions: {
      // The server ended the session when it confirmed; forget everything this device held for it.
      clearStorage: () => {
        deviceStorage().clear();
        setGuest();
      },
      goToLogin: () => {
        $loginNotice.set(EMAIL_CONFIRMED_NOTICE);
        navigate('/login');
      },
    },
  }),
);

/** Label of the button when the e-mail is already confirmed: what it does. */
export const GO_TO_LOGIN_LABEL = t.verify.goToLogin;

/** Props: the two route params; the first is the verification token. */
export interface VerifyEmailScreenProps {
  message: string;
  message2: string;
}

/** The verification screen. */
export default function VerifyEmailScreen({ message, message2 }: VerifyEmailScreenProps) {
  // The first param is the secret token: used for the requests, never shown (screenshots, shoulder surfing).
  const [input] = useState(() => ({ token: message }));
  const [snap, send] = useMachine(machine(), { input, ...inspectOption() });
  const state = String(snap.value);
  const confirmedAlready = snap.context.alreadyConfirmed && state === 'idle';
  const label = state === 'fetching' ? t.common.fetchingData : confirmedAlready ? GO_TO_LOGIN_LABEL : t.verify.apply;

  return (
    <main className="screen centered" data-testid="screen-verify-email">
      <h1>{t.common.confirmYourEmail}</h1>
      <p className="panel" data-testid="verify-notice">
        {message2}
      </p>
      {confirmedAlready && (
        <p className="muted" data-testid="verify-already">
          {t.verify.already}
        </p>
      )}
      {(state === 'success' || state === 'left') && (
        <p className="success-line" role="status" data-testid="verify-success">
          {t.verify.confirmed}
        </p>
      )}
      <Button
        variant={state === 'error' ? 'error' : 'primary'}
        disabled={state === 'fetching' || state === 'success' || state === 'left'}
        onClick={() => send({ type: 'APPLY' })}
        data-testid="verify-submit"
        data-state={state}
      >
        {label}
      </Button>
      <ErrorLine text={state === 'error' ? snap.context.error : ''} testId="verify-error" />
    </main>
  );
}
