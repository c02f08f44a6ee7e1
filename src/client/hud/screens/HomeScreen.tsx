/**
 * / (spec 1 §2 "Home"): the swiper band over the stage's slides, the chosen slide's caption and action, the
 * round countdown, the banner while locked, a reminder while the e-mail is unconfirmed, the wallet panel, the
 * menu (About, Sessions, Logout) and the tutorial overlays.
 */
import { t } from '../../i18n/t/home';
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
import { ConfirmReminder } from '../components/ConfirmReminder';

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
        <ConfirmReminder email={user.email} confirmed={user.email_confirmed} />
        <nav className="row" aria-label={t.home.menu}>
          <Button variant="secondary" small onClick={() => navigate('/onboarding')}>
            {t.common.about}
          </Button>
          <Button variant="secondary" small onClick={() => navigate('/sessions')} data-testid="menu-sessions">
            {t.sessions.title}
          </Button>
          <Button variant="secondary" small onClick={() => void logout()} data-testid="logout">
            {t.common.logout}
          </Button>
        </nav>
      </WalletDrawer>
    </main>
  );
}
