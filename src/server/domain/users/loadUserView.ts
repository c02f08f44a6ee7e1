/** Loads everything the user view needs for one user. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { User } from '../../../shared/api/user';
import type { BalanceReader } from './balances';
import { itemsOf } from '../../ledger/index';
import { meltAllowanceLeft } from '../exchange/meltAllowance';
import { countReferrals } from './userRepo';
import { refTokensOf } from '../gdao/referralReward';
import { toUserView, type UserRow } from './userView';

/** The wire user of `row`, with its balances, items, referral count and weekly melt allowance read at `now`. */
export async function loadUserView(
  db: Kysely<Database>,
  balances: BalanceReader,
  publicUrl: string,
  row: UserRow,
  now: number,
): Promise<User> {
  const [b, refCount, withdraws, items, refTokens] = await Promise.all([
    balances(row.id),
    countReferrals(db, row.id),
    meltAllowanceLeft(db, row.id, row.level, now),
    itemsOf(db, row.id),
    refTokensOf(db, row.id),
  ]);
  return toUserView(row, { publicUrl, balances: b, refCount, withdraws, items, refTokens });
}
