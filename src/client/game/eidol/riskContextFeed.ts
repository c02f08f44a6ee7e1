/**
 * The one writer of the risk control's context (the round, the eidol and the player it may bid for). The
 * eidol screen starts it, so the range input works even where the stage cannot draw; the eidol scene only
 * reads the control's angle. Two writers once raced: the scene pushed every frame it saw a change and the
 * HUD on every render, each from its own reading of the lock.
 */
import type { ReadableAtom } from 'nanostores';
import { $game, $selectedEidolId } from '../../stores/game';
import { $session } from '../../stores/session';
import { riskContextOf } from './eidolStatus';
import type { RiskAngleControl } from './riskAngleControl';

/**
 * Keeps `control`'s context in step with the game, the selected eidol, the player's level and `roundOpen`
 * (the app's round clock, which flips when bidding closes though no store changed); returns the stop.
 */
export function feedRiskContext(control: RiskAngleControl, clock: { now(): number }, roundOpen: ReadableAtom<boolean>): () => void {
  const push = () => control.setContext(riskContextOf($game.get(), $selectedEidolId.get(), $session.get().user?.level ?? -1, clock.now()));
  const stops = [$game.listen(push), $selectedEidolId.listen(push), $session.listen(push), roundOpen.listen(push)];
  push();
  return () => {
    for (const stop of stops) stop();
  };
}
