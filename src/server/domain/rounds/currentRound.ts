/** The one unsettled round, and its phase at a time: what joins, `GET /api/game` and the scheduler read. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { RoundsTable } from '../../db/tables/game';

/** A round row as read. */
export type RoundRow = Selectable<RoundsTable>;

/** open: joins accepted; locked: mining until ends_at; settling: past ends_at, not settled yet. */
export type RoundPhase = 'open' | 'locked' | 'settling';

/** The current (unsettled) round, or undefined before the first round was written. */
export async function currentRound(k: Kysely<Database>): Promise<RoundRow | undefined> {
  return k.selectFrom('rounds').selectAll().where('settled_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The phase of `round` at `now` (epoch ms): a join at the last millisecond before can_act_before counts. */
export function roundPhase(round: Pick<RoundRow, 'can_act_before' | 'ends_at'>, now: number): RoundPhase {
  if (now < round.can_act_before) return 'open';
  if (now < round.ends_at) return 'locked';
  return 'settling';
}
