/**
 * /register and /register/ref/:code: choose one of six masters (swipe or arrows), then Nickname, E-mail,
 * Password, Repeat Password. Errors show joined in the button and in a red line, and each on its field;
 * the nickname is checked by the shared rule as soon as the player leaves the field.
 */
import { t } from '../../i18n/t';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PASSWORD_HINT, type RegisterBody } from '../../../shared/api/auth';
import { api } from '../../net/api';
import { setUser } from '../../stores/session';
import { navigate } from '../../stores/router';
import { $productName } from '../../stores/config';
import { $registerChoice } from '../../game/stageStores';
import { homeFor } from '../../app/guards';
import { useSubmit } from '../useSubmit';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { ErrorLine } from '../components/ErrorLine';
import { MasterPicker } from '../components/MasterPicker';
import { ReferralUnknown } from '../components/ReferralUnknown';
import { nicknameError } from '../../../shared/rules/nickname';

/** Props: the referral code from the route, if any. */
export interface RegisterScreenProps {
  refCode?: string;
}

/** The register screen. */
export default function RegisterScreen({ refCode }: RegisterScreenProps) {
  const product = useStore($productName);
  const choice = useStore($registerChoice);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [referrer, setReferrer] = useState<{ id: number; name: string } | null>(null);
  const [refFailure, setRefFailure] = useState<{ status: number } | null>(null);
  const [nameTouched, setNameTouched] = useState(false);

  useEffect(() => {
    if (!refCode) return;
    let live = true;
    void api.referrer(refCode).then((r) => {
      if (!live) return;
      if (r.ok) setReferrer({ id: r.data.id, name: r.data.name });
      else {
        console.warn('referrer lookup failed:', r.text);
        setRefFailure({ status: r.status });
      }
    });
    return () => {
      live = false;
    };
  }, [refCode]);

  const submit = useSubmit(
    (body: RegisterBody) => api.register(body),
    (user) => {
      setUser(user);
      navigate(homeFor(user), true);
    },
    t.common.createAccount,
  );

  const errors = submit.fieldErrors;
  const nameCheck = nameTouched && name !== '' ? nicknameError(name) : null;
  const nameErrors = errors.name ?? (nameCheck ? [nameCheck] : undefined);

  return (
    <main className="screen" data-testid="screen-register">
      <MasterPicker />
      {product && <p className="brand">{product}</p>}
      <h1>{t.common.createAccount}</h1>
      {referrer && (
        <p className="muted" data-testid="register-referrer">
          {t.register.invitedBy(referrer.name)}
        </p>
      )}
      {refCode && refFailure && (
        <ReferralUnknown code={refCode} status={refFailure.status} onRegisterWithout={() => navigate('/register')} />
      )}
      <form
        className="panel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit.onSubmit({
            name,
            email,
            password,
            password_confirmation: confirmation,
            skin_id: choice.skinId ?? 1,
            ...(refCode ? { ref_code: refCode, ref_user_id: referrer?.id ?? null } : {}),
          });
        }}
      >
        <Field
          label={t.register.nickname}
          autoComplete="nickname"
          value={name}
          onValue={setName}
          onBlur={() => setNameTouched(true)}
          errors={nameErrors}
          data-testid="register-name"
        />
        <Field
          label={t.common.email}
          type="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
          errors={errors.email}
          data-testid="register-email"
        />
        <Field
          label={t.common.password}
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          errors={errors.password}
          data-testid="register-password"
        />
        <Field
          label={t.register.repeatPassword}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onValue={setConfirmation}
          data-testid="register-password-confirmation"
        />
        <p className="muted" data-testid="register-password-hint">
          {PASSWORD_HINT}
        </p>
        <p className="warning" data-testid="register-warning">
          {t.register.warning}
        </p>
        <Button
          type="submit"
          variant={submit.state === 'error' ? 'error' : 'primary'}
          disabled={submit.busy || submit.state === 'done'}
          data-testid="register-submit"
          data-state={submit.state}
        >
          {submit.label}
        </Button>
        <ErrorLine text={submit.state === 'error' ? submit.error : ''} testId="register-error" />
      </form>
      <Button variant="secondary" onClick={() => navigate('/hello')}>
        {t.common.return}
      </Button>
    </main>
  );
}
