/**
 * /sessions: where the player is logged in (device, IP, when started and last seen), "this device" marked,
 * and an End button per session. Ending this device's session logs this browser out. Below: the account's
 * passkeys and the way to the second-factor settings.
 */
import { t } from '../../i18n/t/home';
import { formatDate } from '../../i18n/format';
import { useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '../../../shared/api/sessions';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { setGuest } from '../../stores/session';
import { closeLiveSocket } from '../../app/liveSocket';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import { PasskeyDevices } from './PasskeyDevices';

type Load = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; sessions: SessionInfo[] };

/** A time of the list in the player's locale. */
function when(iso: string): string {
  return formatDate(iso);
}

/** The session list. */
export default function SessionsScreen() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState('');

  const refresh = useCallback(async () => {
    const r = await api.sessions();
    setLoad(r.ok ? { state: 'loaded', sessions: r.data } : { state: 'failed', text: r.text });
  }, []);

  useEffect(() => {
    let live = true;
    void api.sessions().then((r) => {
      if (live) setLoad(r.ok ? { state: 'loaded', sessions: r.data } : { state: 'failed', text: r.text });
    });
    return () => {
      live = false;
    };
  }, []);

  async function end(session: SessionInfo) {
    setEnding(session.id);
    setError('');
    const r = await api.endSession(session.id);
    setEnding(null);
    if (!r.ok) return setError(r.text);
    if (session.current) {
      // This browser's own session: it is a guest now, as after Logout.
      closeLiveSocket();
      setGuest();
      return navigate('/login');
    }
    await refresh();
  }

  return (
    <main className="screen" data-testid="screen-sessions">
      <h1>{t.sessions.title}</h1>
      <p className="muted">{t.sessions.intro}</p>
      {load.state === 'loading' && (
        <p className="muted" role="status" data-testid="sessions-loading">
          {t.common.loading}
        </p>
      )}
      {load.state === 'failed' && <ErrorLine text={load.text} testId="sessions-load-error" />}
      {load.state === 'loaded' && (
        <ul className="session-list" data-testid="sessions-list">
          {load.sessions.map((s) => (
            <li key={s.id} className="panel" data-testid="session-item" data-current={s.current ? 'true' : undefined}>
              <strong>
                {s.device}
                {s.current && <span data-testid="session-current"> · {t.sessions.thisDevice}</span>}
              </strong>
              <span className="muted">
                {s.ip ?? t.sessions.unknownAddress} · {t.sessions.started(when(s.created_at))} · {t.sessions.lastSeen(when(s.last_seen_at))}
              </span>
              <Button
                variant="secondary"
                small
                disabled={ending !== null}
                onClick={() => void end(s)}
                aria-label={t.sessions.endLabel(s.device, s.current)}
              >
                {ending === s.id ? t.sessions.ending : t.sessions.end}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorLine text={error} testId="sessions-error" />
      <PasskeyDevices />
      <Button variant="secondary" small onClick={() => navigate('/')}>
        {t.common.back}
      </Button>
    </main>
  );
}
