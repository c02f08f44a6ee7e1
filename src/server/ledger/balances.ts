/** Reads for the API: what a player holds, straight from the ledger (the only source of balances). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { itemIdOf } from './assets';
import { accountsOf } from './accounts';

/** A player's spendable currency balances in ledger units (`balance_ngls`, `balance_busd`, `balance_bnb`, gDAO). */
export interface PlayerBalances {
  ngls: bigint;
  busd: bigint;
  bnb: bigint;
  gdao: bigint;
}

const WIRE: Record<string, keyof PlayerBalances> = { ANGLS: 'ngls', USDC: 'busd', BNB: 'bnb', GDAO: 'gdao' };

/**
 * A player's balances per currency: what they can spend now (posted balance minus reservations such as a
 * withdrawal in flight). Accounts not yet opened read as zero.
 */
export async function balancesOf(k: Kysely<Database>, userId: number): Promise<PlayerBalances> {
  const out: PlayerBalances = { ngls: 0n, busd: 0n, bnb: 0n, gdao: 0n };
  for (const a of await accountsOf(k, 'player', userId)) {
    const key = WIRE[a.asset];
    if (key && a.name === 'main') out[key] = a.balance - a.debitsPending;
  }
  return out;
}

/** A player's item quantities by item id (gDAO included as item 4), only items with a non-zero quantity. */
export async function itemsOf(k: Kysely<Database>, userId: number): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  for (const a of await accountsOf(k, 'player', userId)) {
    const itemId = itemIdOf(a.asset);
    const quantity = a.balance - a.debitsPending;
    if (itemId !== undefined && a.name === 'main' && quantity !== 0n) out.set(itemId, quantity);
  }
  return out;
}
