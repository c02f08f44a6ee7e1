/** What the user view needs from the ledger: a player's balances in integer units per asset. */

/** A player's balances: ANGLS (8 decimals), USDC (6), BNB (9), gDAO (whole tokens). */
export interface UserBalances {
  ngls: bigint;
  busd: bigint;
  bnb: bigint;
  gdao: bigint;
}

/** Reads a player's balances; the ledger supplies the real one. */
export type BalanceReader = (userId: number) => Promise<UserBalances>;

/** All-zero balances. */
export const ZERO_BALANCES: Readonly<UserBalances> = Object.freeze({ ngls: 0n, busd: 0n, bnb: 0n, gdao: 0n });

/** A reader that reports zero for everyone (tests, and the time before the ledger exists). */
export const zeroBalances: BalanceReader = async () => ({ ...ZERO_BALANCES });
