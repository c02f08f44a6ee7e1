/**
 * The weekly melt allowance (spec 2 §5 "Weekly limit exceeded", §6 "level sets the weekly melting limit"):
 * ANGLS a player may melt per week (Monday 00:00 UTC) by level, less what they melted this week. The
 * user view's `withdraws` is the remaining allowance.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LedgerTx } from '../../ledger/index';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { WEEK_MS, WEEKLY_MELT_LIMIT_ANGLS } from './exchangeConfig';

/** Start of the allowance week holding `now` (Monday 00:00 UTC), epoch ms. */
export function weekStartOf(now: number): number {
  // 1970-01-01 was a Thursday: the first Monday is 4 days later, so weeks are counted from there.
  const MONDAY_OFFSET = 4 * 24 * 60 * 60 * 1000;
  return Math.floor((now - MONDAY_OFFSET) / WEEK_MS) * WEEK_MS + MONDAY_OFFSET;
}

/** The weekly allowance of a player at `level`, in ANGLS units. */
export function weeklyMeltLimit(level: number): bigint {
  const whole = WEEKLY_MELT_LIMIT_ANGLS[Math.max(-1, Math.min(4, level))] ?? 0n;
  return whole * 10n ** BigInt(CURRENCY_ASSETS.ANGLS.scale);
}

/** ANGLS units the player melted in the week holding `now`. */
export async function meltedThisWeek(k: Kysely<Database>, userId: number, now: number): Promise<bigint> {
  const row = await k
    .selectFrom('weekly_melts')
    .select('melted')
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStartOf(now))
    .executeTakeFirst();
  return row?.melted ?? 0n;
}

/** What the player may still melt this week (never below 0, e.g. after a level fell). */
export async function meltAllowanceLeft(k: Kysely<Database>, userId: number, level: number, now: number): Promise<bigint> {
  const left = weeklyMeltLimit(level) - (await meltedThisWeek(k, userId, now));
  return left > 0n ? left : 0n;
}

/** Adds `amount` to this week's melted total, in the melt's own commit (the user row is locked by then). */
export async function recordMelt(tx: LedgerTx, userId: number, amount: bigint): Promise<void> {
  const week = weekStartOf(tx.now);
  await tx.kysely
    .insertInto('weekly_melts')
    .values({ user_id: userId, week_start: week, melted: amount })
    .onConflict((oc) => oc.columns(['user_id', 'week_start']).doUpdateSet((eb) => ({ melted: eb('weekly_melts.melted', '+', amount) })))
    .execute();
}
