/**
 * Every fairness chain ever used, as committed (ECONOMY.md "What must be shown"): terminal hash, salt, how
 * its rounds key T (the salt rule), length, first and last settled round. A chain that rolled over stays
 * listed, so its rounds keep an anchor the page can check them against.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FairChain } from '../../../shared/api/game';

/** Which rule a chain's rounds follow: the salt rule before `block_rule_from`, the block rule from it on. */
export function saltRule(chain: { first_round_id: number; length: number; block_rule_from: number | null }): FairChain['salt_rule'] {
  if (chain.block_rule_from === null || chain.block_rule_from >= chain.first_round_id + chain.length) return 'salt';
  return chain.block_rule_from <= chain.first_round_id ? 'block' : 'salt_then_block';
}

/** The listing, newest chain first. */
export async function loadChains(k: Kysely<Database>): Promise<FairChain[]> {
  const chains = await k.selectFrom('fairness_chains').selectAll().orderBy('id', 'desc').execute();
  const last = await k
    .selectFrom('rounds')
    .select(['chain_id', (eb) => eb.fn.max('id').as('last')])
    .where('settled_at', 'is not', null)
    .groupBy('chain_id')
    .execute();
  const lastOf = new Map(last.map((r) => [r.chain_id, r.last === null ? null : Number(r.last)]));
  return chains.map((c) => {
    // Salt-rule chains (none newer than migration 0170) key no round by a block: null, whatever is stored past their end.
    const rule = saltRule(c);
    return {
      id: c.id,
      terminal_hash: c.terminal_hash,
      salt: c.salt,
      salt_rule: rule,
      block_rule_from: rule === 'salt' ? null : c.block_rule_from,
      length: c.length,
      first_round_id: c.first_round_id,
      last_round_id: lastOf.get(c.id) ?? null,
    };
  });
}
