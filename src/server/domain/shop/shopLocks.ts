/**
 * When the shops refuse to sell: while the round is mining ("Locked for Aeon Computing", every item
 * action) and while the caravan's restock is pending ("Locked for restock", the mage shop and the gDAO
 * store: the caravan restocks them; eggs and starter packs are not held back). ECONOMY.md: the store is
 * locked while goods remain, i.e. from the caravan's send, through its travel, until the last good is unpacked.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../errors';
import { ROUND_LOCKED } from '../eidols/eidolTexts';
import { currentRound, roundPhase } from '../rounds/currentRound';
import { wireTime } from '../users/userTime';
import { LOCKED_FOR_RESTOCK } from './shopTexts';

/** The caravan's state row (single row, id 1): return time (epoch ms or null) and goods still packed. */
export interface CaravanState {
  returnsAt: number | null;
  goodsRemaining: number;
}

/** Reads the caravan's state (home and empty when the row is missing). */
export async function caravanState(k: Kysely<Database>): Promise<CaravanState> {
  const row = await k.selectFrom('caravan_state').select(['returns_at', 'goods_remaining']).where('id', '=', 1).executeTakeFirst();
  return { returnsAt: row?.returns_at ?? null, goodsRemaining: row?.goods_remaining ?? 0 };
}

/** True while a restock is pending: the caravan was sent and goods remain (travelling or not yet unpacked). */
export function restockPending(c: CaravanState): boolean {
  return c.goodsRemaining > 0 && c.returnsAt !== null;
}

/**
 * Throws "Locked for restock" (errors.restock_until: the caravan's return time, UTC; past once it is
 * back and goods wait to be unpacked) while a restock is pending.
 */
export async function requireNoRestock(k: Kysely<Database>): Promise<void> {
  const c = await caravanState(k);
  if (restockPending(c)) throw new AppError(422, LOCKED_FOR_RESTOCK, { restock_until: [wireTime(c.returnsAt)!] });
}

/**
 * Throws "Locked for Aeon Computing" while the current round is past its open phase. With no round row at
 * all (a fresh server before its first round) the shops sell: nothing is being computed.
 */
export async function requireRoundOpen(k: Kysely<Database>, now: number): Promise<void> {
  const round = await currentRound(k);
  if (round && roundPhase(round, now) !== 'open') throw new AppError(422, ROUND_LOCKED);
}
