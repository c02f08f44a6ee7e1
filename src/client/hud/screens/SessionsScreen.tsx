/**
 * /sessions: where the player is logged in (device, IP, when started and last seen), "this device" marked,
 * and an End button per session. Ending this device's session logs this browser out.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '../../../shared/api/sessions';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { setGuest } from '../../stores/session';
import { closeLiveSocket } from '../../app/liveSocket';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';

type Load = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; sessions: SessionInfo[] };

/** A time of the list in the player's locale. */
function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
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
      <h1>Sessions</h1>
      <p className="muted">Where your account is logged in. End any session you do not recognise.</p>
      {load.state === 'loading' && (
        <p className="muted" role="status" data-testid="sessions-loading">
          Loading…
        </p>
      )}
      {load.state === 'failed' && <ErrorLine text={load.text} testId="sessions-load-error" />}
      {load.state === 'loaded' && (
        <ul className="session-list" data-testid="sessions-list">
          {load.sessions.map((s) => (
            <li key={s.id} className="panel" data-testid="session-item" data-current={s.current ? 'true' : undefined}>
              <strong>
                {s.device}
                {s.current && <span data-testid="session-current"> · this device</span>}
              </strong>
              <span className="muted">
                {s.ip ?? 'unknown address'} · started {when(s.created_at)} · last seen {when(s.last_seen_at)}
              </span>
              <Button variant="secondary" small disabled={ending !== null} onClick={() => void end(s)} aria-label={`End ${s.device}${s.current ? ' (this device)' : ''}`}>
                {ending === s.id ? 'Ending…' : 'End'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorLine text={error} testId="sessions-error" />
      <Button variant="secondary" small onClick={() => navigate('/')}>
        Back
      </Button>
    </main>
  );
}
