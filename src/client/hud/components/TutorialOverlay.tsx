/**
 * The home tutorial (spec 1 §2): overlays 1–3 in turn, once per device. 1 and 2 wait for "Got it"; 3 is
 * remembered as soon as it shows and hides by itself after 5 s.
 */
import { t } from '../../i18n/t/home';
import { useEffect, useState } from 'react';
import { markTutorialDone, nextTutorial, TUTORIAL3_MS, type TutorialStep } from '../../stores/tutorial';
import { Button } from './Button';

/** What each overlay says. */
export const TUTORIAL_TEXTS: Readonly<Record<TutorialStep, string>> = t.tutorial.steps;

/** The overlay, or nothing once every step was seen. */
export function TutorialOverlay() {
  const [step, setStep] = useState<TutorialStep | null>(() => nextTutorial());

  useEffect(() => {
    if (step !== 3) return;
    markTutorialDone(3);
    const timer = setTimeout(() => setStep(null), TUTORIAL3_MS);
    return () => clearTimeout(timer);
  }, [step]);

  if (step === null) return null;
  const done = () => {
    markTutorialDone(step);
    setStep(nextTutorial());
  };
  return (
    <aside className={`tutorial tutorial-${step}`} data-testid={`tutorial-${step}`} role="note">
      <p>{TUTORIAL_TEXTS[step]}</p>
      {step !== 3 && (
        <Button small onClick={done} data-testid="tutorial-next">
          {t.tutorial.gotIt}
        </Button>
      )}
    </aside>
  );
}
