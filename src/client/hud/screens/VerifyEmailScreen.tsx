/** /verify-email/:message/:message2: shows the notification, Apply KYC confirms (or goes to /login if already confirmed). */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../machines/verifyEmailMachine';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { setGuest } from '../../stores/session';
import { deviceStorage } from '../../stores/deviceStorage';
import { inspectOption } from '../../app/inspector';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';

const machine = verifyEmailMachine.provide({
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
    goToLogin: () => navigate('/login'),
  },
});

/** Props: the two route params; the first is the verification token. */
export interface VerifyEmailScreenProps {
  message: string;
  message2: string;
}

/** The verification screen. */
export default function VerifyEmailScreen({ message, message2 }: VerifyEmailScreenProps) {
  const [input] = useState(() => ({ token: message }));
  const [snap, send] = useMachine(machine, { input, ...inspectOption() });
  const state = String(snap.value);
  const label = state === 'fetching' ? 'Fetching data...' : 'Apply KYC';

  return (
    <main className="screen centered" data-testid="screen-verify-email">
      <h1>Confirm your e-mail</h1>
      <p className="panel" data-testid="verify-notice">
        {message2} <small className="muted">({message})</small>
      </p>
      {snap.context.alreadyConfirmed && state === 'idle' && <p className="muted">This e-mail is already confirmed.</p>}
      {(state === 'success' || state === 'left') && (
        <p className="success-line" role="status" data-testid="verify-success">
          E-mail confirmed. Taking you to Log In...
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
