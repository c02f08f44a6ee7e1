/**
 * /login: e-mail and password (marked when refused), the three-state Log In button, a red error line, Return;
 * a notice after confirming the e-mail. A refusal's text shows in one place, the red line: the refused fields
 * are marked and described by it, and the button offers "Try again" (the wrong-password text once printed
 * under the field, in the button and in the line).
 */
import { t } from '../../i18n/t';
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useStore } from '@nanostores/react';
import { loginButtonLabel, loginButtonMachine } from '../../machines/loginButtonMachine';
import { lazyMachine } from '../../machines/lazyMachine';
import { api } from '../../net/api';
import { setUser } from '../../stores/session';
import { navigate } from '../../stores/router';
import { takeIntended } from '../../stores/intended';
import { $productName } from '../../stores/config';
import { afterLoginTarget } from '../../app/guards';
import { $loginNotice } from '../../stores/loginNotice';
import { inspectOption } from '../../app/inspector';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { ErrorLine } from '../components/ErrorLine';

// Built when the screen first shows (machines/lazyMachine.ts).
const machine = lazyMachine(() =>
  loginButtonMachine().provide({
    actors: { login: fromPromise(({ input }) => api.login(input)) },
    actions: {
      loggedIn: (_, user) => {
        setUser(user);
        navigate(afterLoginTarget(takeIntended(), user), true);
      },
    },
  }),
);

/** The red line's id: the fields it speaks for name it as their description. */
const ERROR_LINE_ID = 'login-error-line';

/** The login screen. */
export default function LoginScreen() {
  const product = useStore($productName);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Read at mount and forgotten after, so a later visit to /login starts plain (a pure read: StrictMode-safe).
  const [notice] = useState(() => $loginNotice.get());
  useEffect(() => $loginNotice.set(null), []);
  const [snap, send] = useMachine(machine(), inspectOption());
  const state = snap.value as 'idle' | 'logging' | 'error' | 'done';
  const label = loginButtonLabel(state, snap.context.error);
  const errors = state === 'error' ? snap.context.fieldErrors : {};

  return (
    <main className="screen centered" data-testid="screen-login">
      {product && <p className="brand">{product}</p>}
      <h1>{t.common.tagline}</h1>
      {notice && (
        <p className="success-line" role="status" data-testid="login-confirmed">
          {notice}
        </p>
      )}
      <form
        className="panel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (state === 'error') send({ type: 'CLICK' });
          else send({ type: 'SUBMIT', body: { username: email, password } });
        }}
      >
        <Field label={t.common.email} type="email" autoComplete="username" value={email} onValue={setEmail} errors={errors.username} errorsAt={ERROR_LINE_ID} data-testid="login-email" />
        <Field label={t.common.password} type="password" autoComplete="current-password" value={password} onValue={setPassword} errors={errors.password} errorsAt={ERROR_LINE_ID} data-testid="login-password" />
        <Button type="submit" variant={state === 'error' ? 'error' : 'primary'} disabled={state === 'logging' || state === 'done'} data-testid="login-submit" data-state={state}>
          {label}
        </Button>
        <ErrorLine text={state === 'error' ? snap.context.error : ''} testId="login-error" id={ERROR_LINE_ID} />
      </form>
      <Button variant="secondary" onClick={() => navigate('/hello')}>
        {t.common.return}
      </Button>
      <Button variant="link" onClick={() => navigate('/reset-password')}>
        {t.login.forgot}
      </Button>
    </main>
  );
}
