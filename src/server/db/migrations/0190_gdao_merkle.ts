/**
 * The monthly gDAO distribution as a Merkle tree anchored on the chain (ECONOMY.md "Monthly gDAO income"):
 * each month keeps its Merkle root and the state of the transaction that writes the root on the chain
 * (pending → signed → broadcast → anchored, with the signer, nonce, stored bytes, hash, block and block
 * time); each row keeps its leaf hash. Months published before this migration get their root and leaf
 * hashes here, from their stored rows, and are anchored like new ones (their block then dates the anchoring,
 * not the publication).
 */
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';
import { leafHash, rootOfLeafHashes } from '../../../shared/rules/gdaoMerkle';

/** Adds the Merkle and anchoring columns and fills them for months already published. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  void dialect;
  const t = () => db.schema.alterTable('gdao_distributions');
  await t().addColumn('merkle_root', 'varchar(64)').execute();
  await t().addColumn('anchor_status', 'varchar(16)', (c) => c.notNull().defaultTo('pending')).execute();
  await t().addColumn('anchor_signer', 'varchar(42)').execute();
  await t().addColumn('anchor_nonce', 'integer').execute();
  await t().addColumn('anchor_raw', 'text').execute();
  await t().addColumn('anchor_tx_hash', 'varchar(66)').execute();
  await t().addColumn('anchor_block', int64).execute();
  await t().addColumn('anchor_block_time', int64).execute();
  await t().addColumn('anchor_updated_at', int64).execute();
  await db.schema.alterTable('gdao_distribution_rows').addColumn('leaf_hash', 'varchar(64)').execute();
  // The anchoring queue reads the months not yet anchored.
  await db.schema.createIndex('gdao_distributions_anchor').on('gdao_distributions').column('anchor_status').execute();

  const months = (await db.selectFrom('gdao_distributions').select('month').orderBy('month').execute()) as Array<{ month: string }>;
  for (const { month } of months) {
    const rows = (await db
      .selectFrom('gdao_distribution_rows')
      .select(['user_id', 'activity', 'amount'])
      .where('month', '=', month)
      .orderBy('user_id')
      .execute()) as Array<{ user_id: number | bigint; activity: number | bigint; amount: number | bigint | string }>;
    const hashes: string[] = [];
    for (const r of rows) {
      const hash = leafHash({ user_id: Number(r.user_id), activity: BigInt(r.activity), amount: BigInt(r.amount) });
      hashes.push(hash);
      await db.updateTable('gdao_distribution_rows').set({ leaf_hash: hash }).where('month', '=', month).where('user_id', '=', r.user_id).execute();
    }
    await db.updateTable('gdao_distributions').set({ merkle_root: rootOfLeafHashes(hashes) }).where('month', '=', month).execute();
  }
}
