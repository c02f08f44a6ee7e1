/** The last-10 list (FACTS.md): the eidol's history summed per game_id, newest first, each row fading 0.15 more. */
import type { EidolTransaction } from '../../../shared/api/game';
import { anglsUnits } from './numbers';

/** Rows shown. */
export const LAST_RESULTS = 10;
/** Opacity lost per row. */
export const RESULT_FADE = 0.15;

/** One round's result. */
export interface RoundResult {
  gameId: number;
  /** Signed ANGLS units won or lost in the round. */
  amount: bigint;
  /** Row opacity: 1 for the newest, 0.15 less per row (never below 0). */
  alpha: number;
}

/** Sums `txs` (newest first) per game_id and keeps the newest `limit` rounds. */
export function lastResults(txs: readonly EidolTransaction[], limit = LAST_RESULTS): RoundResult[] {
  const order: number[] = [];
  const sums = new Map<number, bigint>();
  for (const tx of txs) {
    if (!sums.has(tx.game_id)) {
      if (order.length === limit) break;
      order.push(tx.game_id);
      sums.set(tx.game_id, 0n);
    }
    sums.set(tx.game_id, sums.get(tx.game_id)! + anglsUnits(tx.amount));
  }
  return order.map((gameId, i) => ({ gameId, amount: sums.get(gameId)!, alpha: Math.max(0, 1 - RESULT_FADE * i) }));
}
