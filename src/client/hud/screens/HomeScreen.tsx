/** /: for now the wallet panel, the menu (About, Sessions, Logout) and a clear panel for what comes next. */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../stores/session';
import { navigate } from '../../stores/router';
import { api } from '../../net/api';
import { mastershipTarget } from '../../../shared/rules/wallet';
import { logout } from '../../app/logout';
import { Button } from '../components/Button';
import { WalletPanel } from '../components/WalletPanel';

/** The home screen. */
export default function HomeScreen() {
  const { user } = useStore($session);
  const [address, setAddress] = useState<string | null>(null);
  // Badge expiry is coarse (days); the time at mount is precise enough and keeps render pure.
  const [nowMs] = useState(() => Date.now());
  const active = user !== null && mastershipTarget(user) === null;

  useEffect(() => {
    if (!active) return;
    let live = true;
    void api.wallet().then((r) => {
      if (live && r.ok) setAddress(r.data.address);
    });
    return () => {
      live = false;
    };
  }, [active]);

  if (!user) return null;
  return (
    <main className="screen" data-testid="screen-home">
      <div className="master-band" aria-hidden="true" />
      <WalletPanel user={user} address={address} nowMs={nowMs} />
      <section className="panel" data-testid="home-coming">
        <h2>Crypto Aeon</h2>
        <p className="muted">Eidols, the risk angle, charts and shops open here in the next update.</p>
      </section>
      <nav className="row" aria-label="Menu">
        <Button variant="secondary" small onClick={() => navigate('/onboarding')}>
          About
        </Button>
        <Button variant="secondary" small onClick={() => navigate('/sessions')} data-testid="menu-sessions">
          Sessions
        </Button>
        <Button variant="secondary" small onClick={() => void logout()} data-testid="logout">
          Logout
        </Button>
      </nav>
    </main>
  );
}
