/**
 * / (spec 1 §2 "Home"): the swiper band over the stage's slides, the chosen slide's caption and action, the
 * round countdown, the banner while locked, the wallet panel, the menu (About, Sessions, Logout) and the
 * tutorial overlays.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../stores/session';
import { navigate } from '../../stores/router';
import { api } from '../../net/api';
import { mastershipTarget } from '../../../shared/rules/wallet';
import { logout } from '../../app/logout';
import { bindHomeSwiper } from '../../game/home/homeStores';
import { Button } from '../components/Button';
import { WalletPanel } from '../components/WalletPanel';
import { WalletDrawer } from '../components/WalletDrawer';
import { LeftMenu } from '../components/LeftMenu';
import { HomeSwiperBand } from '../components/HomeSwiperBand';
import { SlideActions } from '../components/SlideActions';
import { RoundCountdown } from '../components/RoundCountdown';
import { LockedBanner } from '../components/LockedBanner';
import { TutorialOverlay } from '../components/TutorialOverlay';

/** The home screen. */
export default function HomeScreen() {
  const { user } = useStore($session);
  const [address, setAddress] = useState<string | null>(null);
  // Badge expiry is coarse (days); the time at mount is precise enough and keeps render pure.
  const [nowMs] = useState(() => Date.now());
  const active = user !== null && mastershipTarget(user) === null;

  useEffect(() => bindHomeSwiper(), []);

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
      <WalletDrawer
        panel={
          <>
            <WalletPanel user={user} address={address} nowMs={nowMs} />
            <LeftMenu />
          </>
        }
      >
        {/* The tutorial lies over the slides it explains, never over the buttons below. */}
        <div className="home-top">
          <HomeSwiperBand />
          <TutorialOverlay />
        </div>
        <SlideActions />
        <RoundCountdown />
        <LockedBanner />
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
      </WalletDrawer>
    </main>
  );
}
