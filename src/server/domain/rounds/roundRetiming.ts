/**
 * A restart with other round timings applies them to the round already running: its boundaries are
 * measured again from its opening with the new open and locked durations (ROUND_OPEN_SECONDS was only read
 * for the next round, so a restart with 15 s rounds waited out the old round's 10 minutes first). A boundary
 * never moves into the past: an open round that has been open longer than the new duration locks now. A
 * round past its end (settling) is left to the scheduler.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { currentRound, roundPhase, type RoundRow } from './currentRound';
import type { RoundTiming } from './openRound';

/** The running round's boundaries under `timing` at `now`: unchanged when it already follows them. */
export function retimedBoundaries(
  round: Pick<RoundRow, 'opens_at' | 'can_act_before' | 'ends_at'>,
  timing: RoundTiming,
  now: number,
): { can_act_before: number; ends_at: number } {
  const phase = roundPhase(round, now);
  if (phase === 'open') {
    const canActBefore = Math.max(now, round.opens_at + timing.openMs);
    return { can_act_before: canActBefore, ends_at: canActBefore + timing.lockedMs };
  }
  if (phase === 'locked') return { can_act_before: round.can_act_before, ends_at: Math.max(now, round.can_act_before + timing.lockedMs) };
  return { can_act_before: round.can_act_before, ends_at: round.ends_at };
}

/** What a retiming changed: the round and its boundaries before and after. */
export interface Retimed {
  roundId: number;
  before: { can_act_before: number; ends_at: number };
  after: { can_act_before: number; ends_at: number };
}

/**
 * Fits the current round to `timing` at `now`; the change, or null when the round already follows it (or
 * there is none). The update names the boundaries it read, so a settlement in between wins.
 */
export async function fitRoundToTiming(k: Kysely<Database>, timing: RoundTiming, now: number): Promise<Retimed | null> {
  const round = await currentRound(k);
  if (!round) return null;
  const after = retimedBoundaries(round, timing, now);
  if (after.can_act_before === round.can_act_before && after.ends_at === round.ends_at) return null;
  const r = await k
    .updateTable('rounds')
    .set(after)
    .where('id', '=', round.id)
    .where('settled_at', 'is', null)
    .where('can_act_before', '=', round.can_act_before)
    .where('ends_at', '=', round.ends_at)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  return { roundId: round.id, before: { can_act_before: round.can_act_before, ends_at: round.ends_at }, after };
}
