/** The dev faucet's pace: at most one gift per player per FAUCET_INTERVAL_SECONDS, claimed atomically. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../errors';
import { faucetWaitText } from './walletTexts';

/**
 * Claims `userId`'s gift at `now`, or throws 429 with the wait: one conditional upsert, so concurrent
 * calls of one player get one gift between them.
 */
export async function claimFaucetGift(db: Kysely<Database>, userId: number, now: number, intervalMs: number): Promise<void> {
  const res = await db
    .insertInto('faucet_gifts')
    .values({ user_id: userId, last_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ last_at: now })
        .where('faucet_gifts.last_at', '<=', now - intervalMs),
    )
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0n) === 1) return;
  const row = await db.selectFrom('faucet_gifts').select('last_at').where('user_id', '=', userId).executeTakeFirst();
  const waitMs = Math.max(0, (row?.last_at ?? now) + intervalMs - now);
  throw new AppError(429, faucetWaitText(Math.max(1, Math.ceil(waitMs / 60_000))), undefined, {
    'retry-after': String(Math.ceil(waitMs / 1000)),
  });
}
