/** `GET /api/game` → data (FACTS.md "Game"): the current round and the player's part in it. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GameView } from '../../../shared/api/game';
import type { Item } from '../../../shared/api/user';
import type { RoundRow } from '../rounds/currentRound';
import type { UserRow } from '../users/userView';
import { wireTime } from '../users/userTime';
import { loadChestView } from '../gdao/chest';
import { eidolValues, openEidolsOf } from './eidolRepo';
import { angls, toEidolView } from './eidolView';
import { eidolClaimLimit } from '../../../shared/rules/round/capacity';
import { ECONOMY_CONFIG } from '../../../shared/rules/round/economyConfig';
import { caravanState } from '../shop/shopLocks';
import { caravanView } from '../world/caravan';
import { incenseView } from '../world/incense';

/** Builds the game view of `user` in `round`; `items` are the user's items as the user view lists them. */
export async function loadGameView(k: Kysely<Database>, user: UserRow, round: RoundRow, items: Item[], now: number): Promise<GameView> {
  const rows = await openEidolsOf(k, user.id);
  const values = await eidolValues(
    k,
    rows.map((r) => r.id),
  );
  const chest = await loadChestView(k);
  const oogles = rows.map((r) => toEidolView(r, values.get(r.id) ?? 0n));
  const caravan = caravanView(await caravanState(k), now);
  const incense = await incenseView(k, now);
  const held =
    rows.length === 0
      ? []
      : await k
          .selectFrom('round_reservations')
          .select(['eidol_id', 'claim'])
          .where('round_id', '=', round.id)
          .where(
            'eidol_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  // An egg earns XP every round whatever its risk, so it is always in; an eidol is in once its risk is > 0.
  const isJoined = rows.some((r) => r.type === 'egg' || r.risk !== '0');
  return {
    id: round.id,
    ends_at: wireTime(round.ends_at)!,
    can_act_before: wireTime(round.can_act_before)!,
    is_joined: isJoined,
    // The server keeps no "selected eidol": the client's swiper starts on the first one.
    my_multiplier: oogles[0]?.multiplier ?? 1,
    investor_skin_id: user.investor_skin_id,
    senator: wireTime(user.senator_until),
    patricius: wireTime(user.patricius_until),
    // Each slot's end while it burns, else '' (src/server/domain/world/incense.ts).
    ...incense,
    gdao_chest_supply: chest.gdao_chest_supply,
    // The return time while the caravan travels, else ''; the goods left to unpack once back (world/caravan.ts).
    ...caravan,
    chest_locked: chest.chest_locked,
    gdao_burn_rate: chest.gdao_burn_rate,
    gdao_claim_fee_percent: chest.gdao_claim_fee_percent,
    oogles,
    items,
    capacity: angls(round.capacity),
    capacity_left: angls(round.capacity - round.reserved),
    capacity_per_eidol: angls(eidolClaimLimit(round.capacity, ECONOMY_CONFIG)),
    reserved_claims: Object.fromEntries(held.map((h) => [String(h.eidol_id), angls(h.claim)])),
    server_time: now,
  };
}
