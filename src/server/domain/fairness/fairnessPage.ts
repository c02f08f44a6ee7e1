/**
 * The public fairness record (`GET /api/fairness`): the current chain's terminal hash and salt, and its
 * settled rounds newest first, a page at a time. Only settled rounds are listed: a hash is never
 * revealed before its round settles.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FairnessView } from '../../../shared/api/game';
import { thresholdDecimal } from '../../../shared/rules/fairness';
import { wireTime } from '../users/userTime';

/** Rounds per page of the fairness record. */
export const FAIRNESS_PAGE_SIZE = 50;

/** Page `page` (1-based) of the current chain's record, or undefined before any round exists. */
export async function loadFairnessPage(k: Kysely<Database>, page: number): Promise<FairnessView | undefined> {
  // The current chain is the newest round's (a fresh chain has no settled round yet: an empty page).
  const newest = await k.selectFrom('rounds').select('chain_id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!newest) return undefined;
  const chain = await k.selectFrom('fairness_chains').select(['terminal_hash', 'salt']).where('id', '=', newest.chain_id).executeTakeFirstOrThrow();
  const rows = await k
    .selectFrom('rounds')
    .select(['id', 'hash', 'threshold_units', 'ends_at'])
    .where('chain_id', '=', newest.chain_id)
    .where('settled_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(FAIRNESS_PAGE_SIZE + 1)
    .offset((page - 1) * FAIRNESS_PAGE_SIZE)
    .execute();
  return {
    terminal_hash: chain.terminal_hash,
    salt: chain.salt,
    rounds: rows.slice(0, FAIRNESS_PAGE_SIZE).map((r) => ({
      id: r.id,
      hash: r.hash,
      threshold: thresholdDecimal(BigInt(r.threshold_units ?? 0)),
      ends_at: wireTime(r.ends_at) ?? '',
    })),
    page,
    has_more: rows.length > FAIRNESS_PAGE_SIZE,
  };
}
