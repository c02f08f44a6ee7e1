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
import type { User } from '../../../shared/api/user';
import { $factorStep, isSecondFactorNeeded } from '../../stores/factorStep';
import { factorApi } from '../../net/factorApi';
import { assertPasskey, passkeysSupported } from '../../net/passkeyBrowser';
import { LoginFactorStep } from './LoginFactorStep';

/** Usernameless login: the browser offers this site's passkeys, the chosen one names the account. */
async function passkeyLogin(): Promise<string> {
  const options = await factorApi.passkeyLoginOptions();
  if (!options.ok) return options.text;
  const answer = await assertPasskey(options.data);
  if (answer instanceof Error) return t.login.passkeyFailed;
  const r = await factorApi.passkeyLogin(answer);
  if (!r.ok) return r.text;
  loggedIn(r.data);
  return '';
}

/** A finished login: the session's user is known, the app moves on to where the player was going. */
function loggedIn(user: User): void {
  $factorStep.set(null);
  setUser(user);
  navigate(afterLoginTarget(takeIntended(), user), true);
}

// Built when the screen first shows (machines/lazyMachine.ts).
const machine = lazyMachine(() =>
  loginButtonMachine().provide({
    actors: { login: fromPromise(({ input }) => api.login(input)) },
    actions: {
      // With a second factor the password answers a ticket: the screen asks for the code next.
      loggedIn: (_, answer) => (isSecondFactorNeeded(answer) ? $factorStep.set(answer.second_factor) : loggedIn(answer)),
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
  const factorStep = useStore($factorStep);
  // A second step left unfinished is not offered again on the next visit.
  useEffect(() => () => $factorStep.set(null), []);
  const [passkeyError, setPasskeyError] = useState('');
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
      {factorStep && <LoginFactorStep step={factorStep} onLoggedIn={loggedIn} />}
      <form
        className="panel"
        hidden={factorStep !== null}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (state === 'error') send({ type: 'CLICK' });
          else send({ type: 'SUBMIT', body: { username: email, password } });
        }}
      >
        <Field
          label={t.common.email}
          type="email"
          autoComplete="username"
          value={email}
          onValue={setEmail}
          errors={errors.username}
          errorsAt={ERROR_LINE_ID}
          data-testid="login-email"
        />
        <Field
          label={t.common.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          errors={errors.password}
          errorsAt={ERROR_LINE_ID}
          data-testid="login-password"
        />
        <Button
          type="submit"
          variant={state === 'error' ? 'error' : 'primary'}
          disabled={state === 'logging' || state === 'done'}
          data-testid="login-submit"
          data-state={state}
        >
          {label}
        </Button>
        <ErrorLine text={state === 'error' ? snap.context.error : ''} testId="login-error" id={ERROR_LINE_ID} />
      </form>
      {passkeysSupported() && !factorStep && (
        <Button variant="secondary" onClick={() => void passkeyLogin().then(setPasskeyError)} data-testid="login-passkey">
          {t.login.withPasskey}
        </Button>
      )}
      <ErrorLine text={passkeyError} testId="login-passkey-error" />
      <Button variant="secondary" onClick={() => navigate('/hello')}>
        {t.common.return}
      </Button>
      <Button variant="link" onClick={() => navigate('/reset-password')}>
        {t.login.forgot}
      </Button>
    </main>
  );
}
