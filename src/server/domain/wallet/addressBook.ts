/**
 * The address book of withdrawals: the first withdrawal to an outside address records it, and it can
 * be used only after a cooling-off period (WITHDRAW_COOLING_OFF_SECONDS) unless the player has just given
 * the second factor. A thief with the password alone therefore cannot empty the account at once, and the
 * withdrawal mail's freeze link has time to work.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether a withdrawal may go to an address now, and if not, from when. */
export type AddressVerdict = { ok: true } | { ok: false; usableAt: number };

/** What the check needs beyond the address. */
export interface AddressBookOptions {
  /** True when the player gave the second factor for this request: the cooling-off is waived. */
  factorVerified: boolean;
  coolingOffMs: number;
}

/**
 * Records `address` for `userId` on its first use and answers whether it is usable at `now`. A verified
 * factor makes a new or cooling entry usable from now on.
 */
export async function canUseAddress(
  db: Kysely<Database>,
  userId: number,
  address: string,
  now: number,
  opts: AddressBookOptions,
): Promise<AddressVerdict> {
  const key = address.toLowerCase();
  const usableAt = opts.factorVerified ? now : now + opts.coolingOffMs;
  await db
    .insertInto('withdrawal_addresses')
    .values({ user_id: userId, address: key, usable_at: usableAt, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doNothing())
    .execute();
  const row = await db
    .selectFrom('withdrawal_addresses')
    .select('usable_at')
    .where('user_id', '=', userId)
    .where('address', '=', key)
    .executeTakeFirstOrThrow();
  if (row.usable_at <= now) return { ok: true };
  if (opts.factorVerified) {
    await db.updateTable('withdrawal_addresses').set({ usable_at: now }).where('user_id', '=', userId).where('address', '=', key).execute();
    return { ok: true };
  }
  return { ok: false, usableAt: row.usable_at };
}
