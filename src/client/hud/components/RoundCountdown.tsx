/**
 * The round countdown (spec 1 §2): a clock and "Next Crypto Aeon Block in mm:ss", "Mining Crypto Aeon
 * Block", "Starting new Crypto Aeon" or "Fetching Aeon Data...". Home shows it; the eidol screen imports it
 * too; shop and item screens pass place="area" for their wording (spec 2 §2).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $roundClock, retainRoundClock } from '../../app/roundClock';
import { roundClockText, type CountdownPlace } from '../../machines/roundClockMachine';
import { CLOCK_FRAME } from '../../engine/frameNames';
import { AtlasIcon } from './AtlasIcon';

/** Props: where the countdown shows (default: home and the eidol screen). */
export interface RoundCountdownProps {
  place?: CountdownPlace;
}

/** The countdown; it keeps the round clock running while mounted. */
export function RoundCountdown({ place = 'main' }: RoundCountdownProps) {
  useEffect(() => retainRoundClock(), []);
  const view = useStore($roundClock);
  return (
    <p className={`countdown ${view.state}`} data-testid="round-countdown" data-state={view.state} role="timer" aria-live="off">
      <AtlasIcon frame={CLOCK_FRAME} fallback="◷" />
      <span data-testid="round-countdown-text">{roundClockText(view, place)}</span>
    </p>
  );
}
