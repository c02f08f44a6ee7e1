/**
 * /freeze/:token, the withdrawal mail's link: says what freezing does and freezes only on the press (a POST
 * with the token), so a mail scanner opening the link changes nothing. Works logged out, on any device.
 */
import { t } from '../../../i18n/t/security';
import { useState } from 'react';
import { freezeApi } from '../../../net/freezeApi';
import { navigate } from '../../../stores/router';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';

/** Props: the link's token (never shown). */
export interface FreezeLinkScreenProps {
  token: string;
}

/** The screen. */
export default function FreezeLinkScreen({ token }: FreezeLinkScreenProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ message: string; stopped: number } | null>(null);

  async function freeze() {
    setBusy(true);
    setError('');
    const r = await freezeApi.freeze(token);
    setBusy(false);
    if (r.ok) setDone({ message: r.message, stopped: Number(r.data.stopped ?? 0) });
    else setError(r.text);
  }

  return (
    <main className="screen" data-testid="screen-freeze">
      <h1>{t.freeze.title}</h1>
      <section className="panel">
        <p>{t.freeze.what}</p>
        <p className="muted">{t.freeze.when}</p>
      </section>
      {done && (
        <p className="success-line" role="status" data-testid="freeze-done">
          {done.stopped > 0 ? `${done.message} ${t.freeze.stopped(done.stopped)}` : done.message}
        </p>
      )}
      <Button variant="error" disabled={busy || done !== null} onClick={() => void freeze()} data-testid="freeze-submit">
        {busy ? t.freeze.pressing : t.freeze.press}
      </Button>
      <ErrorLine text={error} testId="freeze-error" />
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.freeze.toGame}
      </Button>
    </main>
  );
}
