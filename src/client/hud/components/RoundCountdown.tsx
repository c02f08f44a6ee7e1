/**
 * The round countdown (spec 1 §2): a clock and "Next Crypto Aeon Block in mm:ss", "Mining Crypto Aeon
 * Block", "Starting new Crypto Aeon" or "Fetching Aeon Data...". Home shows it; the eidol screen imports it
 * too; shop and item screens pass place="area" for their wording (spec 2 §2).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $roundClock, $roundClockState, retainRoundClock } from '../../app/roundClock';
import { roundClockText, type CountdownPlace } from '../../machines/roundClockMachine';
import { CLOCK_FRAME } from '../../engine/frameNames';
import { AtlasIcon } from './AtlasIcon';

/** Props: where the countdown shows (default: home and the eidol screen). */
export interface RoundCountdownProps {
  place?: CountdownPlace;
}

/**
 * The countdown; it keeps the round clock running while mounted. React renders it when the clock's state
 * changes; the seconds only change the text, written straight into its node, so a screen standing still
 * costs no render a second (issue #33: an idle screen sleeps).
 */
export function RoundCountdown({ place = 'main' }: RoundCountdownProps) {
  useEffect(() => retainRoundClock(), []);
  const state = useStore($roundClockState);
  const text = useRef<HTMLSpanElement>(null);
  // Before the first paint, so the text is never seen empty.
  useLayoutEffect(
    () =>
      $roundClock.subscribe((view) => {
        if (text.current) text.current.textContent = roundClockText(view, place);
      }),
    [place],
  );
  return (
    <p className={`countdown ${state}`} data-testid="round-countdown" data-state={state} role="timer" aria-live="off">
      <AtlasIcon frame={CLOCK_FRAME} fallback="◷" />
      <span ref={text} data-testid="round-countdown-text" />
    </p>
  );
}
