/** The announcement of a settled round: `game_ended` to every player, `transaction_update` to each participant's owner. */
import { thresholdDecimal } from '../../shared/rules/fairness';
import type { SettledRound } from '../domain/rounds/settleDue';
import type { Realtime } from './gateway';

/** Sends the events of `settled` (after its commit: a failed send never undoes a settlement). */
export function announceRound(realtime: Realtime, settled: SettledRound): void {
  realtime.broadcast('game_ended', {
    game_id: settled.roundId,
    threshold: thresholdDecimal(settled.thresholdUnits),
    hash: settled.hash,
    next_game_id: settled.nextRoundId,
  });
  for (const owner of settled.owners)
    realtime.sendToUser(owner, 'transaction_update', { status: 'success', type: 'round', game_id: settled.roundId });
}
