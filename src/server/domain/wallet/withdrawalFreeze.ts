/**
 * The account's withdrawal freeze. Every withdrawal mail carries a link that freezes withdrawals at once:
 * queued withdrawals not yet signed are stopped (their reservations voided, amount and gas back to the
 * player) and no new one is accepted. Unfreezing needs the player logged in plus a fresh second factor,
 * or, for a player without one, the link of an unfreeze mail opened while logged in (README).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { voidPending, type Ledger } from '../../ledger/index';
import { randomToken, sha256Hex } from '../auth/secrets';
import { AppError } from '../errors';
import { withdrawalLegs } from '../../chain/withdrawals';
import { SAFETY_LINK_INVALID, WITHDRAWAL_FROZEN_STOPPED, WITHDRAWALS_FROZEN } from './walletTexts';

/** How long an unfreeze mail's link works. */
export const UNFREEZE_TTL_MS = 60 * 60 * 1000;

/** True when `userId`'s withdrawals are frozen. */
export async function isFrozen(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await db.selectFrom('withdrawal_freezes').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Throws 403 with the player's text when `userId`'s withdrawals are frozen. */
export async function requireNotFrozen(db: Kysely<Database>, userId: number): Promise<void> {
  if (await isFrozen(db, userId)) throw new AppError(403, WITHDRAWALS_FROZEN);
}

/**
 * Creates the freeze link's token of withdrawal `withdrawalId`; undefined when its mail was already
 * issued (the queue announces each withdrawal once).
 */
export async function issueFreezeToken(
  db: Kysely<Database>,
  withdrawalId: string,
  userId: number,
  now: number,
): Promise<string | undefined> {
  const token = randomToken();
  const res = await db
    .insertInto('withdrawal_mail_tokens')
    .values({ withdrawal_id: withdrawalId, user_id: userId, token_hash: sha256Hex(token), created_at: now })
    .onConflict((oc) => oc.column('withdrawal_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1 ? token : undefined;
}

/** Forgets a freeze token whose mail could not be sent, so the next queue step tries again. */
export async function dropFreezeToken(db: Kysely<Database>, withdrawalId: string): Promise<void> {
  await db.deleteFrom('withdrawal_mail_tokens').where('withdrawal_id', '=', withdrawalId).execute();
}

/** What a freeze did: the player, and the withdrawals it stopped. */
export interface FreezeOutcome {
  userId: number;
  stopped: string[];
}

/**
 * Freezes the withdrawals of the player whose mail carried `token` (it stays valid: clicking twice is
 * harmless) and stops their queued withdrawals in one ledger commit. A withdrawal already signed is not
 * stopped: its bytes may be on the chain.
 */
export async function freezeByToken(ledger: Ledger, token: string): Promise<FreezeOutcome> {
  return ledger.run(async (tx) => {
    const k = tx.kysely;
    const row = await k
      .selectFrom('withdrawal_mail_tokens')
      .select('user_id')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row) throw new AppError(404, SAFETY_LINK_INVALID);
    const userId = row.user_id;
    await k
      .insertInto('withdrawal_freezes')
      .values({ user_id: userId, frozen_at: tx.now, unfreeze_hash: null, unfreeze_expires_at: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ unfreeze_hash: null, unfreeze_expires_at: null }))
      .execute();
    const queued = await k
      .selectFrom('chain_withdrawals')
      .select(['id', 'gas'])
      .where('user_id', '=', userId)
      .where('status', '=', 'queued')
      .execute();
    const stopped: string[] = [];
    for (const w of queued) {
      // The signer moves a row out of `queued` under the same condition: whoever updates it first owns it.
      const res = await k
        .updateTable('chain_withdrawals')
        .set({ status: 'failed', updated_at: tx.now })
        .where('id', '=', w.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) continue;
      const legs = withdrawalLegs(w.id);
      await voidPending(tx, { id: `${legs.amount}:void`, pendingId: legs.amount });
      if (w.gas > 0n) await voidPending(tx, { id: `${legs.gas}:void`, pendingId: legs.gas });
      await k
        .updateTable('transactions')
        .set({ status: 'fail', message: WITHDRAWAL_FROZEN_STOPPED, updated_at: tx.now })
        .where('id', '=', w.id)
        .where('status', '=', 'pending')
        .execute();
      stopped.push(w.id);
    }
    return { userId, stopped };
  });
}

/** Unfreezes `userId` now (the caller checked a fresh second factor or the unfreeze mail's link). */
export async function unfreeze(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('withdrawal_freezes').where('user_id', '=', userId).execute();
}

/** Starts the mail path of unfreezing: answers the link's token (undefined when nothing is frozen). */
export async function issueUnfreezeToken(db: Kysely<Database>, userId: number, now: number): Promise<string | undefined> {
  const token = randomToken();
  const res = await db
    .updateTable('withdrawal_freezes')
    .set({ unfreeze_hash: sha256Hex(token), unfreeze_expires_at: now + UNFREEZE_TTL_MS })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? token : undefined;
}

/** Unfreezes `userId` when `token` is their live unfreeze link; 404 otherwise. */
export async function unfreezeByToken(db: Kysely<Database>, userId: number, token: string, now: number): Promise<void> {
  const res = await db
    .deleteFrom('withdrawal_freezes')
    .where('user_id', '=', userId)
    .where('unfreeze_hash', '=', sha256Hex(token))
    .where('unfreeze_expires_at', '>', now)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw new AppError(404, SAFETY_LINK_INVALID);
}
