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
import { toEidolView } from './eidolView';
import { caravanState } from '../shop/shopLocks';

/** Builds the game view of `user` in `round`; `items` are the user's items as the user view lists them. */
export async function loadGameView(k: Kysely<Database>, user: UserRow, round: RoundRow, items: Item[], now: number): Promise<GameView> {
  const rows = await openEidolsOf(k, user.id);
  const values = await eidolValues(k, rows.map((r) => r.id));
  const chest = await loadChestView(k);
  const oogles = rows.map((r) => toEidolView(r, values.get(r.id) ?? 0n));
  const caravan = await caravanState(k);
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
    // PLACEHOLDER until issue 12 (the worlds: incense and the caravan): nothing burns, the caravan is home.
    incense_1: '',
    incense_2: '',
    incense_3: '',
    gdao_chest_supply: chest.gdao_chest_supply,
    // The caravan's state row (#12 drives it): its return time while one is set, and the goods left to unpack.
    caravan: wireTime(caravan.returnsAt) ?? '',
    caravan_items: caravan.goodsRemaining,
    chest_locked: chest.chest_locked,
    gdao_burn_rate: chest.gdao_burn_rate,
    gdao_claim_fee_percent: chest.gdao_claim_fee_percent,
    oogles,
    items,
    server_time: now,
  };
}
