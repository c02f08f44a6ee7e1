/** A quiet line on home while the player's e-mail is not confirmed, with a resend button (GET /api/auth/resend-email). */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { api } from '../../net/api';
import { Button } from './Button';

/** Shown on the button while the resend request runs. */
export const RESENDING_LABEL = t.common.sending;

/** Props: the player's e-mail and whether it is confirmed; `resend` defaults to the API call (tests pass their own). */
export interface ConfirmReminderProps {
  email: string;
  confirmed: boolean;
  resend?: typeof api.resendEmail;
}

/** The reminder; nothing once the e-mail is confirmed. */
export function ConfirmReminder({ email, confirmed, resend = api.resendEmail }: ConfirmReminderProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (confirmed) return null;

  const send = async () => {
    setBusy(true);
    setOutcome(null);
    const r = await resend();
    setBusy(false);
    setOutcome(r.ok ? { ok: true, text: r.message || t.common.verificationSent } : { ok: false, text: r.text });
  };

  return (
    <aside className="reminder" aria-label={t.components.reminder.label} data-testid="confirm-reminder">
      <p>
        {t.common.confirmYourEmail} <span className="reminder-email">{email}</span> {t.components.reminder.after}
      </p>
      <Button variant="secondary" small disabled={busy} onClick={() => void send()} data-testid="confirm-resend">
        {busy ? RESENDING_LABEL : t.components.reminder.resend}
      </Button>
      <p className={outcome?.ok === false ? 'error-line' : 'muted'} role="status" data-testid="confirm-resend-result">
        {outcome?.text ?? ''}
      </p>
    </aside>
  );
}
