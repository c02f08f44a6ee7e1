/**
 * The last-10 list (FACTS.md): the eidol's history summed per game_id, newest first, each row fading 0.15
 * more; each row also keeps its `mined` lines' sum, the emission shown apart from the round's result.
 */
import type { EidolTransaction } from '../../../shared/api/game';
import { anglsUnits } from './numbers';

/** Rows shown. */
export const LAST_RESULTS = 10;
/** Opacity lost per row. */
export const RESULT_FADE = 0.15;

/** One round's result. */
export interface RoundResult {
  gameId: number;
  /** Signed ANGLS units the round changed the value by (bet, win and mined lines). */
  amount: bigint;
  /** ANGLS units of the round's emission share (its `mined` lines; 0 when none). */
  mined: bigint;
  /** Row opacity: 1 for the newest, 0.15 less per row (never below 0). */
  alpha: number;
}

/** Sums `txs` (newest first) per game_id and keeps the newest `limit` rounds. */
export function lastResults(txs: readonly EidolTransaction[], limit = LAST_RESULTS): RoundResult[] {
  const order: number[] = [];
  const sums = new Map<number, { amount: bigint; mined: bigint }>();
  for (const tx of txs) {
    let sum = sums.get(tx.game_id);
    if (!sum) {
      if (order.length === limit) break;
      order.push(tx.game_id);
      sum = { amount: 0n, mined: 0n };
      sums.set(tx.game_id, sum);
    }
    const units = anglsUnits(tx.amount);
    sum.amount += units;
    if (tx.type === 'mined') sum.mined += units;
  }
  return order.map((gameId, i) => ({ gameId, ...sums.get(gameId)!, alpha: Math.max(0, 1 - RESULT_FADE * i) }));
}
