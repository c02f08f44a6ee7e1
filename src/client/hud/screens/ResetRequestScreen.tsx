/** /reset-password: asks for the e-mail and mails a reset link; Back goes to /hello. */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { useSubmit } from '../useSubmit';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { ErrorLine } from '../components/ErrorLine';

/** Confirmation shown when the server gives no message of its own. */
export const RESET_SENT = t.resetRequest.sent;

/** The reset request screen. */
export default function ResetRequestScreen() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const submit = useSubmit(
    (body: { email: string }) => api.requestReset(body.email),
    (_data, message) => setSent(message || RESET_SENT),
    t.resetRequest.submit,
    false,
  );

  return (
    <main className="screen centered" data-testid="screen-reset-request">
      <h1>{t.resetRequest.title}</h1>
      <form
        className="panel"
        onSubmit={(e) => {
          e.preventDefault();
          submit.onSubmit({ email });
        }}
      >
        <Field
          label={t.common.email}
          type="email"
          required
          autoComplete="email"
          value={email}
          onValue={setEmail}
          errors={submit.fieldErrors.email}
          data-testid="reset-email"
        />
        <Button type="submit" disabled={submit.busy || submit.state === 'done'} data-testid="reset-submit">
          {submit.label}
        </Button>
        <ErrorLine text={submit.state === 'error' ? submit.error : ''} testId="reset-error" />
        {sent && (
          <p className="success-line" role="status" data-testid="reset-success">
            {sent}
          </p>
        )}
      </form>
      <Button variant="secondary" onClick={() => navigate('/hello')}>
        {t.common.back}
      </Button>
    </main>
  );
}
