/**
 * Referral rewards (ECONOMY.md "Referral"): when an invited player has a confirmed e-mail AND owns a first
 * egg they paid for (bought, starter pack or shop: anything but the free egg, which a mailbox alone could
 * farm), the player and the referrer each receive REFERRAL_REWARD_GDAO from `gdao_reserve`, once per
 * invited player. Whichever fact comes last triggers it: e-mail confirmation and egg creation both call
 * here, and the gDAO job catches up anything a crash between the two commits left behind. Exactly once:
 * the `referral_rewards` row (primary key = the invited player) is written with the two transfers, whose
 * ids are fixed per invited player.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { REFERRAL_REWARD_GDAO } from './gdaoConfig';
import { spendable } from './gdaoGuards';

/** Most invited players one catch-up pass rewards. */
const CATCH_UP_BATCH = 200;

/**
 * Pays the referral reward of `invitedId` inside `tx` when both facts hold and it was not paid; answers
 * true when this call paid it. Never throws a refusal: an egg purchase calling it must not fail because
 * of it (an empty reserve leaves the reward to a later catch-up).
 */
export async function rewardReferralIn(tx: LedgerTx, invitedId: number): Promise<boolean> {
  const user = await tx.kysely
    .selectFrom('users')
    .select(['id', 'referrer_id', 'email_confirmed'])
    .where('id', '=', invitedId)
    .executeTakeFirst();
  if (!user || user.referrer_id === null || user.referrer_id === invitedId || user.email_confirmed !== 1) return false;
  const egg = await tx.kysely
    .selectFrom('eidols')
    .select('id')
    .where('user_id', '=', invitedId)
    .where('source', '!=', 'free')
    .limit(1)
    .executeTakeFirst();
  if (!egg) return false;
  const paid = await tx.kysely.selectFrom('referral_rewards').select('invited_id').where('invited_id', '=', invitedId).executeTakeFirst();
  if (paid) return false;
  const reserve = await systemAccount(tx, 'gdao_reserve', 'GDAO');
  if ((await spendable(tx, reserve)) < 2n * REFERRAL_REWARD_GDAO) return false;
  const row = await tx.kysely
    .insertInto('referral_rewards')
    .values({ invited_id: invitedId, referrer_id: user.referrer_id, amount: REFERRAL_REWARD_GDAO, created_at: tx.now })
    // A concurrent trigger (PostgreSQL) waits for the other's commit here, then writes nothing.
    .onConflict((oc) => oc.doNothing())
    .returning('invited_id')
    .executeTakeFirst();
  if (!row) return false;
  await transferBatch(tx, [
    {
      id: `referral:${invitedId}:invited`,
      debit: reserve,
      credit: await playerAccount(tx, invitedId, 'GDAO'),
      amount: REFERRAL_REWARD_GDAO,
      code: 'referral',
      ref: String(invitedId),
    },
    {
      id: `referral:${invitedId}:referrer`,
      debit: reserve,
      credit: await playerAccount(tx, user.referrer_id, 'GDAO'),
      amount: REFERRAL_REWARD_GDAO,
      code: 'referral',
      ref: String(invitedId),
    },
  ]);
  return true;
}

/** Pays the referral reward of `invitedId` in its own transaction when due (after an e-mail confirmation). */
export function rewardReferral(ledger: Ledger, invitedId: number): Promise<boolean> {
  return ledger.run((tx) => rewardReferralIn(tx, invitedId));
}

/** Rewards every invited player whose two facts hold but who has no reward yet; answers how many were paid. */
export async function catchUpReferrals(ledger: Ledger): Promise<number> {
  const due = await ledger.db.kysely
    .selectFrom('users as u')
    .select('u.id')
    .where('u.referrer_id', 'is not', null)
    .where('u.email_confirmed', '=', 1)
    .where((eb) =>
      eb.exists(eb.selectFrom('eidols as e').select('e.id').whereRef('e.user_id', '=', 'u.id').where('e.source', '!=', 'free')),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('referral_rewards as r').select('r.invited_id').whereRef('r.invited_id', '=', 'u.id'))))
    .orderBy('u.id')
    .limit(CATCH_UP_BATCH)
    .execute();
  let paid = 0;
  for (const { id } of due) if (await rewardReferral(ledger, id)) paid += 1;
  return paid;
}

/** gDAO the player received from referral rewards, as referrer and as invited player (`ref_tokens`). */
export async function refTokensOf(k: Kysely<Database>, userId: number): Promise<number> {
  const sum = async (column: 'referrer_id' | 'invited_id') =>
    (
      await k
        .selectFrom('referral_rewards')
        .select((eb) => eb.fn.sum<bigint | null>('amount').as('sum_amount'))
        .where(column, '=', userId)
        .executeTakeFirst()
    )?.sum_amount ?? 0n;
  const [asReferrer, asInvited] = await Promise.all([sum('referrer_id'), sum('invited_id')]);
  return Number(BigInt(asReferrer) + BigInt(asInvited));
}
