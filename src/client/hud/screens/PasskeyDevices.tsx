/** The passkey devices under /sessions: which authenticators can log this account in, and the way to /security. */
import { t } from '../../i18n/t/home';
import { formatDate } from '../../i18n/format';
import { useEffect, useState } from 'react';
import type { FactorStatus } from '../../../shared/api/factors';
import { factorApi } from '../../net/factorApi';
import { navigate } from '../../stores/router';
import { Button } from '../components/Button';

/** The list (nothing until the factors are read). */
export function PasskeyDevices() {
  const [passkeys, setPasskeys] = useState<FactorStatus['passkeys'] | null>(null);
  useEffect(() => {
    let live = true;
    void factorApi.status().then((r) => live && r.ok && setPasskeys(r.data.passkeys));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="panel" data-testid="passkey-devices" aria-label={t.sessions.passkeysTitle}>
      <h2>{t.sessions.passkeysTitle}</h2>
      {passkeys?.length === 0 && <p className="muted">{t.sessions.noPasskeys}</p>}
      <ul className="session-list">
        {passkeys?.map((p) => (
          <li key={p.id} data-testid="passkey-device">
            <strong>{p.name}</strong>
            <span className="muted">
              {t.sessions.passkeyAdded(formatDate(p.created_at))}
              {p.last_used_at && ` · ${t.sessions.passkeyUsed(formatDate(p.last_used_at))}`}
            </span>
          </li>
        ))}
      </ul>
      <Button variant="secondary" small onClick={() => navigate('/security')} data-testid="sessions-security">
        {t.sessions.security}
      </Button>
    </section>
  );
}
