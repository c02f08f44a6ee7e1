/**
 * The block that keys a round's T (ECONOMY.md "Threshold"): at the lock the round records block_number =
 * the chain's head + 1 (published from then on; nobody knows that block's hash yet), and before settling it
 * records the block's hash once the chain has it. Each is written in a commit of its own, once (`is null`),
 * so a settlement that crashes after the read and retries keys T by the same recorded hash, whatever the
 * chain answers later. A lock missed while the server was down records the head read when it comes back:
 * still a block mined after the lock.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RoundBlocks } from '../../chain/roundBlocks';
import { blockThresholdUnits, thresholdUnits } from '../../../shared/rules/fairness';
import type { RoundRow } from './currentRound';

/** Whether `round` is keyed by a block: from its chain's `block_rule_from` on (earlier rounds: the salt rule). */
export function usesBlockRule(round: Pick<RoundRow, 'id'>, chain: { block_rule_from: number | null }): boolean {
  return chain.block_rule_from !== null && round.id >= chain.block_rule_from;
}

/** Records block_number = head + 1 for `roundId` unless already recorded; returns the recorded number. Throws ChainUnreadable. */
export async function recordBlockNumber(k: Kysely<Database>, blocks: RoundBlocks, roundId: number): Promise<number> {
  const row = await k.selectFrom('rounds').select('block_number').where('id', '=', roundId).executeTakeFirstOrThrow();
  if (row.block_number !== null) return row.block_number;
  const n = (await blocks.head()) + 1;
  await k.updateTable('rounds').set({ block_number: n }).where('id', '=', roundId).where('block_number', 'is', null).execute();
  return (await k.selectFrom('rounds').select('block_number').where('id', '=', roundId).executeTakeFirstOrThrow()).block_number!;
}

/**
 * The round's block hash: the recorded one, or read now (block_number recorded first if the lock's write was
 * missed) and recorded. Undefined while the block is not mined yet. Throws ChainUnreadable.
 */
export async function recordBlockHash(k: Kysely<Database>, blocks: RoundBlocks, roundId: number): Promise<string | undefined> {
  const row = await k.selectFrom('rounds').select(['block_number', 'block_hash']).where('id', '=', roundId).executeTakeFirstOrThrow();
  if (row.block_hash !== null) return row.block_hash;
  const n = row.block_number ?? (await recordBlockNumber(k, blocks, roundId));
  const hash = await blocks.hashOf(n);
  if (hash === undefined) return undefined;
  await k.updateTable('rounds').set({ block_hash: hash }).where('id', '=', roundId).where('block_hash', 'is', null).execute();
  return (await k.selectFrom('rounds').select('block_hash').where('id', '=', roundId).executeTakeFirstOrThrow()).block_hash ?? undefined;
}

/** T's numerator for `round` under its chain's rule; undefined when the block rule applies and no block hash is recorded yet. */
export function roundThreshold(
  round: Pick<RoundRow, 'id' | 'hash' | 'block_hash'>,
  chain: { salt: string; block_rule_from: number | null },
): bigint | undefined {
  if (!usesBlockRule(round, chain)) return thresholdUnits(round.hash, chain.salt);
  return round.block_hash === null ? undefined : blockThresholdUnits(round.hash, round.block_hash);
}
