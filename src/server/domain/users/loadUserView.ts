/** Loads everything the user view needs for one user. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { User } from '../../../shared/api/user';
import type { BalanceReader } from './balances';
import { countReferrals } from './userRepo';
import { toUserView, type UserRow } from './userView';

/** The wire user of `row`, with its balances and referral count read now. */
export async function loadUserView(
  db: Kysely<Database>,
  balances: BalanceReader,
  publicUrl: string,
  row: UserRow,
): Promise<User> {
  const [b, refCount] = await Promise.all([balances(row.id), countReferrals(db, row.id)]);
  return toUserView(row, { publicUrl, balances: b, refCount });
}
