/**
 * The caption and action buttons under the chosen home slide (spec 1 §2). Grow Free Egg posts to the server,
 * shows its message when refused, and refreshes the game 750 ms after it succeeds.
 */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $homeSlide } from '../../game/home/homeStores';
import { slideButtons, slideCaption, type SlideButton } from '../../game/home/slideActions';
import { $selectedEidolId } from '../../stores/game';
import { navigate } from '../../stores/router';
import { gameApi, type GameApi } from '../../net/gameApi';
import { refreshGameSoon } from '../../net/gameSync';
import { Button } from './Button';
import { ErrorLine } from './ErrorLine';

/** Shown on Grow Free Egg while the request runs. */
export const GROWING_LABEL = t.components.growingEgg;

/** Props: the endpoints (tests pass their own) and what a success schedules. */
export interface SlideActionsProps {
  api?: Pick<GameApi, 'growFreeEgg'>;
  onSuccess?: () => void;
}

/** The caption and buttons. */
export function SlideActions({ api = gameApi, onSuccess = refreshGameSoon }: SlideActionsProps) {
  const slide = useStore($homeSlide);
  const [busy, setBusy] = useState(false);
  // The message belongs to the slide it came from: swiping away clears it.
  const [error, setError] = useState<{ key: string; text: string } | null>(null);
  if (!slide) return null;

  const run = async (button: SlideButton) => {
    setError(null);
    if (button.action === 'growFreeEgg') {
      setBusy(true);
      const result = await api.growFreeEgg();
      setBusy(false);
      if (result.ok) onSuccess();
      else setError({ key: slide.key, text: result.text });
      return;
    }
    if (button.selectEidolId !== undefined) $selectedEidolId.set(button.selectEidolId);
    if (button.to) navigate(button.to);
  };

  return (
    <section className="slide-actions" data-testid="slide-actions" aria-live="polite">
      <p className="caption" data-testid="slide-caption">
        {slideCaption(slide)}
      </p>
      <div className="row">
        {slideButtons(slide).map((b) => (
          <Button key={b.testId} data-testid={b.testId} disabled={b.disabled || busy} onClick={() => void run(b)}>
            {busy && b.action === 'growFreeEgg' ? GROWING_LABEL : b.label}
          </Button>
        ))}
      </div>
      <ErrorLine text={error?.key === slide.key ? error.text : ''} testId="slide-error" />
    </section>
  );
}
