/**
 * The rolling 24-hour withdrawal limit by player level (WITHDRAW_DAILY_LIMITS): what left or is leaving
 * the platform (every withdrawal not failed) in the last 24 hours, plus this one, must stay within it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dailyLimitOf, type WithdrawalSafetyConfig } from './withdrawalSafetyConfig';
import { LEDGER_CODE, type WireCurrency } from './walletInput';

const DAY_MS = 24 * 3600 * 1000;

/** Units of `currency` withdrawn by `userId` in the 24 hours before `now` (failed and stopped ones not counted). */
export async function withdrawnToday(db: Kysely<Database>, userId: number, currency: WireCurrency, now: number): Promise<bigint> {
  const row = await db
    .selectFrom('chain_withdrawals')
    .select((eb) => eb.fn.sum<bigint>('amount').as('amount'))
    .where('user_id', '=', userId)
    .where('asset', '=', LEDGER_CODE[currency])
    .where('status', '!=', 'failed')
    .where('created_at', '>', now - DAY_MS)
    .executeTakeFirst();
  return BigInt(row?.amount ?? 0n);
}

/** The limit left for `userId` at `level` in `currency` (0 when the level may not withdraw it). */
export async function dailyLimitLeft(
  db: Kysely<Database>,
  cfg: WithdrawalSafetyConfig,
  userId: number,
  level: number,
  currency: WireCurrency,
  now: number,
): Promise<{ limit: bigint; left: bigint }> {
  const limit = dailyLimitOf(cfg, level)[currency];
  const used = await withdrawnToday(db, userId, currency, now);
  return { limit, left: limit > used ? limit - used : 0n };
}
