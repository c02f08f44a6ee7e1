/**
 * Writing rounds: the first one (with its chain) when none exists, and each next one in the commit that
 * settles its predecessor. Round ids are consecutive; a round's hash is its chain position's secret hash.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Ledger } from '../../ledger/index';
import { ECONOMY_CONFIG, type EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { generateChain, insertChain, roundHash, type GeneratedChain } from '../fairness/chainStore';
import { openRoundCapacity, type OpenPaging } from './roundCapacity';

/** How long a round stays open to joins, then locked until it settles (milliseconds). */
export interface RoundTiming {
  openMs: number;
  lockedMs: number;
}

/**
 * Inserts round `id` at `position` of chain `chainId`, opening at `now` with its capacity and carried-over
 * reservations (read in pages with `paging`: settlement's transaction).
 */
export async function insertRound(
  k: Kysely<Database>,
  id: number,
  chainId: number,
  position: number,
  now: number,
  timing: RoundTiming,
  config: EconomyConfig,
  paging?: OpenPaging,
): Promise<void> {
  const hash = await roundHash(k, chainId, position);
  const canActBefore = now + timing.openMs;
  await k
    .insertInto('rounds')
    .values({ id, chain_id: chainId, position, hash, opens_at: now, can_act_before: canActBefore, ends_at: canActBefore + timing.lockedMs })
    .execute();
  await openRoundCapacity(k, id, now, config, paging);
}

/**
 * Writes round 1 and its chain when no round exists yet; false when one already does. The chain is
 * generated before the transaction, so its hashing never holds the database's write lock.
 */
export async function ensureFirstRound(
  ledger: Ledger,
  timing: RoundTiming,
  chainLength: number,
  config: EconomyConfig = ECONOMY_CONFIG,
): Promise<boolean> {
  const any = await ledger.db.kysely.selectFrom('rounds').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const chain = await generateChain(chainLength);
  return ledger.run(async (tx) => {
    if (await tx.kysely.selectFrom('rounds').select('id').limit(1).executeTakeFirst()) return false;
    const chainId = await insertChain(tx.kysely, chain, 1, tx.now);
    await insertRound(tx.kysely, 1, chainId, 1, tx.now, timing, config);
    return true;
  });
}

/**
 * Writes round `id` after the settled round at `position` of chain `chainId` (of `chainLength` links):
 * the chain's next position, or position 1 of `freshChain` when the chain is used up.
 */
export async function insertNextRound(
  k: Kysely<Database>,
  id: number,
  chain: { id: number; length: number },
  settledPosition: number,
  freshChain: GeneratedChain | undefined,
  now: number,
  timing: RoundTiming,
  config: EconomyConfig,
  paging?: OpenPaging,
): Promise<void> {
  if (settledPosition < chain.length) return insertRound(k, id, chain.id, settledPosition + 1, now, timing, config, paging);
  if (!freshChain) throw new Error(`fairness chain ${chain.id} is used up and no new chain was prepared`);
  const chainId = await insertChain(k, freshChain, id, now);
  await insertRound(k, id, chainId, 1, now, timing, config, paging);
}
