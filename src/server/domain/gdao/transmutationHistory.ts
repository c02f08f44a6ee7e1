/**
 * An eidol's past transmutation attempts (`GET /api/oogles/{id}/transmutations`, newest first), each with the
 * server seed revealed, the player seed it came with and what it decided, so anyone recomputes the roll
 * from this answer and the commitment published before (src/shared/rules/transmuteRoll.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TransmutationLine } from '../../../shared/api/gdao';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { trainingChance, trainingDraw } from '../../../shared/rules/training';
import { wireTime } from '../users/userTime';

/** Attempts per page. */
export const TRANSMUTATIONS_PER_PAGE = 25;

/** Page `page` (1-based) of eidol `eidolId`'s used commitments, newest first. */
export async function transmutationHistory(k: Kysely<Database>, eidolId: number, page: number): Promise<TransmutationLine[]> {
  const rows = await k
    .selectFrom('training_commitments')
    .selectAll()
    .where('eidol_id', '=', eidolId)
    .where('used_at', 'is not', null)
    .orderBy('attempt', 'desc')
    .limit(TRANSMUTATIONS_PER_PAGE)
    .offset((page - 1) * TRANSMUTATIONS_PER_PAGE)
    .execute();
  return rows.map((r) => {
    const xp = r.experience ?? 0;
    const nextXp = r.next_level_experience ?? 0;
    // Attempts made before player seeds (player_seed null) drew by the former message; no roll is restated.
    const roll = r.player_seed === null ? null : trainingDraw(r.seed, r.player_seed, r.attempt, xp, nextXp).roll;
    return {
      attempt: r.attempt,
      seed_hash: r.seed_hash,
      seed: r.seed,
      player_seed: r.player_seed,
      experience: xp,
      next_level_experience: nextXp,
      chance: trainingChance(xp, nextXp),
      roll,
      trained: r.trained === 1,
      fee: formatUnits(r.amount ?? 0n, CURRENCY_ASSETS.ANGLS.scale),
      created_at: wireTime(r.used_at)!,
    };
  });
}
