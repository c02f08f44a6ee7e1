/** /reset-password/:token?email=: choose a new password; success goes to /login. */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { PASSWORD_HINT } from '../../../shared/api/auth';
import { api, type NewPasswordBody } from '../../net/api';
import { navigate } from '../../stores/router';
import { showToast } from '../../stores/toasts';
import { useSubmit } from '../useSubmit';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { ErrorLine } from '../components/ErrorLine';

/** Props: the token from the route and the e-mail from the query string. */
export interface NewPasswordScreenProps {
  token: string;
  email: string;
}

/** The new password screen. */
export default function NewPasswordScreen({ token, email: initialEmail }: NewPasswordScreenProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const submit = useSubmit(
    (body: NewPasswordBody) => api.resetPassword(body),
    () => {
      showToast(t.newPassword.changed, { type: 'password-reset', tone: 'success' });
      navigate('/login');
    },
    t.newPassword.submit,
    false,
  );

  return (
    <main className="screen centered" data-testid="screen-new-password">
      <h1>{t.newPassword.title}</h1>
      <form
        className="panel"
        onSubmit={(e) => {
          e.preventDefault();
          submit.onSubmit({ token, email, password, password_confirmation: confirmation });
        }}
      >
        <Field
          label={t.common.email}
          type="email"
          required
          autoComplete="username"
          value={email}
          onValue={setEmail}
          errors={submit.fieldErrors.email}
          data-testid="newpw-email"
        />
        <Field
          label={t.common.password}
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          errors={submit.fieldErrors.password}
          data-testid="newpw-password"
        />
        <Field
          label={t.newPassword.confirmation}
          type="password"
          required
          autoComplete="new-password"
          value={confirmation}
          onValue={setConfirmation}
          data-testid="newpw-password-confirmation"
        />
        <p data-testid="newpw-password-hint">{PASSWORD_HINT}</p>
        <Button type="submit" disabled={submit.busy || submit.state === 'done'} data-testid="newpw-submit">
          {submit.label}
        </Button>
        <ErrorLine text={submit.state === 'error' ? submit.error : ''} testId="newpw-error" />
      </form>
      <Button variant="secondary" onClick={() => navigate('/hello')}>
        {t.common.back}
      </Button>
    </main>
  );
}
