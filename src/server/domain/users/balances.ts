/** What the user view needs from the ledger: a player's balances in integer units per asset. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A player's balances: ANGLS (8 decimals), USDC (6), BNB (9), gDAO (whole tokens). */
export interface UserBalances {
  ngls: bigint;
  busd: bigint;
  bnb: bigint;
  gdao: bigint;
}

/**
 * Reads a player's balances; the ledger is the only source (`balancesOf` in src/server/ledger). Inside a
 * ledger transaction pass its handle (`tx.kysely`): the database's outer handle is refused there.
 */
export type BalanceReader = (userId: number, k?: Kysely<Database>) => Promise<UserBalances>;
