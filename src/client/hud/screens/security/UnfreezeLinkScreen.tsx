/**
 * /unfreeze/:token, the unfreeze mail's link (players without a second factor): unfreezes only on the
 * press, logged in as the mail's owner (the route needs login; a guest comes back here after it).
 */
import { t } from '../../../i18n/t/security';
import { useState } from 'react';
import { freezeApi } from '../../../net/freezeApi';
import { navigate } from '../../../stores/router';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';

/** Props: the link's token (never shown). */
export interface UnfreezeLinkScreenProps {
  token: string;
}

/** The screen. */
export default function UnfreezeLinkScreen({ token }: UnfreezeLinkScreenProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function unfreeze() {
    setBusy(true);
    setError('');
    const r = await freezeApi.unfreeze({ token });
    setBusy(false);
    if (r.ok) setDone(r.message);
    else setError(r.text);
  }

  return (
    <main className="screen" data-testid="screen-unfreeze">
      <h1>{t.freeze.unfreezeLinkTitle}</h1>
      <p className="panel">{t.freeze.unfreezeLinkIntro}</p>
      {done && (
        <p className="success-line" role="status" data-testid="unfreeze-done">
          {done}
        </p>
      )}
      <Button disabled={busy || done !== ''} onClick={() => void unfreeze()} data-testid="unfreeze-submit">
        {t.freeze.unfreeze}
      </Button>
      <ErrorLine text={error} testId="unfreeze-error" />
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.common.return}
      </Button>
    </main>
  );
}
