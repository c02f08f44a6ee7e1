/**
 * /onboarding and /onboardingecto: lore slides with Continue, then Enter Cryptonomics; music loops at 0.5
 * and stops on leaving. The last slide of the main carousel marks onboarding completed and goes to /; left
 * midway, the main carousel resumes at the slide the player was on. (It is due once, after the e-mail is
 * confirmed: app/guards.ts.)
 * The Eggtoplasm carousel carries its questline (claim a jar, enchant it) under the slides.
 */
import { t } from '../../i18n/t/onboarding';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { patchUser } from '../../stores/session';
import { deviceStorage } from '../../stores/deviceStorage';
import { playSound } from '../../engine/audio';
import { useSubmit } from '../useSubmit';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import { ONBOARDING_ECTO_SLIDES, ONBOARDING_SLIDES } from './onboardingSlides';
import { ONBOARDING_ART, ONBOARDING_ECTO_ART } from '../../game/onboardingArt';
import { $onboardingArt } from '../../game/stageStores';

// The questline (and its machine) loads only with the Eggtoplasm carousel: the new player's onboarding stays light.
const EctoQuestline = lazy(() => import('./items/EctoQuestline').then((m) => ({ default: m.EctoQuestline })));

/** Volume of the onboarding music (spec 1 §9). */
export const ONBOARDING_VOLUME = 0.5;

/** Where the device keeps the main carousel's slide, so leaving midway resumes there. */
const SLIDE_KEY = 'aeon.onboardingSlide';

/** The slide to resume the main carousel at (0 when none was kept, or a kept one is out of range). */
export function resumeSlide(count: number): number {
  const kept = Number(deviceStorage().getItem(SLIDE_KEY));
  return Number.isInteger(kept) && kept > 0 && kept < count ? kept : 0;
}

/** Props: which carousel. */
export interface OnboardingScreenProps {
  variant?: 'main' | 'ecto';
}

/** The onboarding carousel. */
export default function OnboardingScreen({ variant = 'main' }: OnboardingScreenProps) {
  const slides = variant === 'ecto' ? ONBOARDING_ECTO_SLIDES : ONBOARDING_SLIDES;
  const art = variant === 'ecto' ? ONBOARDING_ECTO_ART : ONBOARDING_ART;
  // The main carousel resumes where the player left it (a reload, a tab closed midway), not at slide 1.
  const [index, setIndexState] = useState(() => (variant === 'main' ? resumeSlide(slides.length) : 0));
  const setIndex = (i: number) => {
    if (variant === 'main') deviceStorage().setItem(SLIDE_KEY, String(i));
    setIndexState(i);
  };
  const last = index === slides.length - 1;
  const slide = slides[index]!;

  useEffect(() => playSound('onboarding', ONBOARDING_VOLUME), []);
  // The stage draws the slide's art in the band above the card; a later slide slides in from the right.
  useEffect(() => $onboardingArt.set({ frames: art[index] ?? [], from: index === 0 ? 0 : 1 }), [art, index]);

  const complete = useSubmit(
    () => api.onboardingCompleted(),
    () => {
      deviceStorage().removeItem(SLIDE_KEY);
      patchUser({ completed_onboarding: true });
      navigate('/');
    },
    t.common.enterCryptonomics,
    false,
  );

  const next = () => {
    if (!last) return setIndex(index + 1);
    if (variant === 'ecto') return navigate('/');
    complete.onSubmit(undefined);
  };

  return (
    <main className="screen" data-testid={`screen-onboarding${variant === 'ecto' ? '-ecto' : ''}`}>
      <div
        className="master-band onboarding-band"
        aria-hidden="true"
        data-testid="onboarding-art"
        data-frames={(art[index] ?? []).join(' ')}
      />
      <section className="slides panel" data-testid="onboarding-slide" data-slide={index + 1} aria-live="polite">
        <h2>{slide.title}</h2>
        <p>{slide.text}</p>
      </section>
      <div className="slide-dots" aria-label={t.onboarding.slideOf(index + 1, slides.length)}>
        {slides.map((s, i) => (
          <i key={s.title} className={i === index ? 'on' : ''} />
        ))}
      </div>
      <Button onClick={next} disabled={complete.busy || complete.state === 'done'} data-testid="onboarding-next">
        {last ? complete.label : t.common.continue}
      </Button>
      <ErrorLine text={complete.state === 'error' ? complete.error : ''} testId="onboarding-error" />
      {/* The Eggtoplasm lore leads into its questline (spec 2 §4): the steps live under the slides. */}
      {variant === 'ecto' ? (
        <Suspense fallback={<p className="muted">{t.onboarding.loadingQuestline}</p>}>
          <EctoQuestline />
        </Suspense>
      ) : null}
      <Button variant="secondary" onClick={() => navigate('/login')}>
        {t.common.logIn}
      </Button>
    </main>
  );
}
