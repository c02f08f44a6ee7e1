/**
 * The public fairness record (`GET /api/fairness`): every chain ever used (`chainList.ts`) and the settled
 * rounds of all of them, newest first, a page at a time, each with the block that keyed its T. Only
 * settled rounds are listed: a hash is never revealed before its round settles.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FairnessView } from '../../../shared/api/game';
import { thresholdDecimal } from '../../../shared/rules/fairness';
import { wireTime } from '../users/userTime';
import { loadChains } from './chainList';

/** Rounds per page of the fairness record. */
export const FAIRNESS_PAGE_SIZE = 50;

/** Page `page` (1-based) of the record, or undefined before any round exists. */
export async function loadFairnessPage(k: Kysely<Database>, page: number): Promise<FairnessView | undefined> {
  const chains = await loadChains(k);
  // The current chain is the newest (a fresh chain has no settled round yet).
  const current = chains[0];
  if (!current) return undefined;
  const rows = await k
    .selectFrom('rounds')
    .select(['id', 'chain_id', 'hash', 'threshold_units', 'ends_at', 'block_number', 'block_hash'])
    .where('settled_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(FAIRNESS_PAGE_SIZE + 1)
    .offset((page - 1) * FAIRNESS_PAGE_SIZE)
    .execute();
  return {
    terminal_hash: current.terminal_hash,
    salt: current.salt,
    chains,
    rounds: rows.slice(0, FAIRNESS_PAGE_SIZE).map((r) => ({
      id: r.id,
      chain_id: r.chain_id,
      hash: r.hash,
      threshold: thresholdDecimal(BigInt(r.threshold_units ?? 0)),
      ends_at: wireTime(r.ends_at) ?? '',
      block_number: r.block_number,
      block_hash: r.block_hash,
    })),
    page,
    has_more: rows.length > FAIRNESS_PAGE_SIZE,
  };
}
