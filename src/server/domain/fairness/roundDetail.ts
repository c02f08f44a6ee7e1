/**
 * A settled round as the fairness record publishes it (`GET /api/fairness/rounds/{id}`, `npm run verify`):
 * its revealed hash, the block that keyed its T, the salt, and every entry's snapshot and booked result
 * with its value continuity (the round its eidol last played and the movements since, `eidolMovements.ts`).
 * An unsettled round has no detail: its hash is never revealed early.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FairRoundDetail } from '../../../shared/api/game';
import { thresholdDecimal } from '../../../shared/rules/fairness';
import { wireTime } from '../users/userTime';
import { loadContinuity } from './eidolMovements';

/** The published detail of settled round `roundId`, or undefined when it is not settled (or absent). */
export async function loadRoundDetail(k: Kysely<Database>, roundId: number): Promise<FairRoundDetail | undefined> {
  const round = await k.selectFrom('rounds').selectAll().where('id', '=', roundId).where('settled_at', 'is not', null).executeTakeFirst();
  if (!round || round.threshold_units === null || round.settled_at === null) return undefined;
  const chain = await k.selectFrom('fairness_chains').selectAll().where('id', '=', round.chain_id).executeTakeFirstOrThrow();
  // The first round of a chain links to its terminal hash; every later one to the round before it.
  const previous =
    round.position === 1
      ? chain.terminal_hash
      : (
          await k
            .selectFrom('rounds')
            .select('hash')
            .where('chain_id', '=', round.chain_id)
            .where('position', '=', round.position - 1)
            .executeTakeFirstOrThrow()
        ).hash;
  const entries = await k.selectFrom('round_entries').selectAll().where('round_id', '=', roundId).orderBy('eidol_id').execute();
  const continuity = await loadContinuity(k, roundId, round.settled_at, entries);
  const units = BigInt(round.threshold_units);
  return {
    id: round.id,
    chain_id: round.chain_id,
    hash: round.hash,
    threshold: thresholdDecimal(units),
    ends_at: wireTime(round.ends_at) ?? '',
    block_number: round.block_number,
    block_hash: round.block_hash,
    previous_hash: previous,
    salt: chain.salt,
    threshold_units: units.toString(),
    incense_slots: round.incense_slots,
    pool_before: round.pool_before.toString(),
    pool_after: round.pool_after.toString(),
    entries: entries.map((e) => ({
      eidol_id: e.eidol_id,
      risk: e.risk,
      yieldy: e.yieldy,
      type: e.eidol_type === 'egg' || e.eidol_type === 'ectoplasm' ? e.eidol_type : 'eidol',
      xp: e.xp_before,
      level: e.level_before,
      value_before: e.value_before.toString(),
      top_value_before: e.top_value_before.toString(),
      no_loss_value: e.no_loss_value.toString(),
      zone: e.zone,
      stake: e.stake.toString(),
      payout: e.payout.toString(),
      mined: e.mined.toString(),
      value_after: e.value_after.toString(),
      reserved_stake: e.reserved_stake === null ? null : e.reserved_stake.toString(),
      sat_out: Boolean(Number(e.sat_out)),
      previous_round_id: continuity.get(e.eidol_id)?.previousRoundId ?? null,
      movements: continuity.get(e.eidol_id)?.movements ?? [],
    })),
  };
}
