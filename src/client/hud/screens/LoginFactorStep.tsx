/**
 * The login's second step: after a right password on an account with a second factor, the code from the
 * authenticator app (or a recovery code, or the account's passkey) finishes the login.
 */
import { t } from '../../i18n/t';
import { useState } from 'react';
import type { SecondFactorNeeded } from '../../../shared/api/factors';
import type { User } from '../../../shared/api/user';
import { factorApi } from '../../net/factorApi';
import { assertPasskey } from '../../net/passkeyBrowser';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { ErrorLine } from '../components/ErrorLine';

/** Props: the ticket and factors of the first step, and what a finished login does. */
export interface LoginFactorStepProps {
  step: SecondFactorNeeded['second_factor'];
  onLoggedIn: (user: User) => void;
}

/** The second step's form. */
export function LoginFactorStep({ step, onLoggedIn }: LoginFactorStepProps) {
  const [recovery, setRecovery] = useState(!step.totp);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function finish(proof: Parameters<typeof factorApi.loginFactor>[1]) {
    setBusy(true);
    setError('');
    const r = await factorApi.loginFactor(step.ticket, proof);
    setBusy(false);
    if (r.ok) onLoggedIn(r.data);
    else setError(r.text);
  }

  async function withPasskey() {
    if (!step.webauthn) return;
    const answer = await assertPasskey(step.webauthn);
    if (answer instanceof Error) return setError(t.login.passkeyFailed);
    await finish({ webauthn: answer as never });
  }

  return (
    <form
      className="panel"
      noValidate
      data-testid="login-factor"
      onSubmit={(e) => {
        e.preventDefault();
        void finish(recovery ? { recovery_code: code } : { otp: code });
      }}
    >
      <h2>{t.login.factorTitle}</h2>
      {step.totp && !recovery && <p className="muted">{t.login.factorIntro}</p>}
      {(step.totp || recovery) && (
        <Field
          label={recovery ? t.login.recoveryCode : t.login.code}
          value={code}
          onValue={setCode}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          data-testid="login-factor-code"
        />
      )}
      <Button type="submit" variant="primary" disabled={busy || code.trim() === ''} data-testid="login-factor-submit">
        {busy ? t.login.verifying : t.login.verify}
      </Button>
      {step.passkey && (
        <Button variant="secondary" disabled={busy} onClick={() => void withPasskey()} data-testid="login-factor-passkey">
          {t.login.usePasskey}
        </Button>
      )}
      {step.totp && (
        <Button variant="link" onClick={() => setRecovery(!recovery)}>
          {recovery ? t.login.useCode : t.login.useRecovery}
        </Button>
      )}
      <ErrorLine text={error} testId="login-factor-error" />
    </form>
  );
}
