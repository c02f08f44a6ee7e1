/**
 * Outside entropy for the thresholds (ECONOMY.md "Threshold"): each round records the chain block whose
 * hash keys its T — `block_number` (the chain's head at the lock + 1, written at the lock) and
 * `block_hash` (read once that block is mined, before the round settles). Each fairness chain records the
 * first round keyed by a block (`block_rule_from`): rounds settled before this change keep their chain's
 * salt rule, HMAC(salt, hash), and the chains listing says which rule each round of a chain follows.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Adds the block columns and fixes, per existing chain, where the block rule starts. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  void dialect;
  await db.schema.alterTable('rounds').addColumn('block_number', int64).execute();
  await db.schema.alterTable('rounds').addColumn('block_hash', 'varchar(66)').execute();
  await db.schema.alterTable('fairness_chains').addColumn('block_rule_from', int64).execute();
  // Every round not settled yet is keyed by a block; the settled ones stay under the salt rule.
  await sql`
    update fairness_chains set block_rule_from = coalesce(
      (select max(r.id) + 1 from rounds r where r.chain_id = fairness_chains.id and r.settled_at is not null),
      fairness_chains.first_round_id)
  `.execute(db);
}
