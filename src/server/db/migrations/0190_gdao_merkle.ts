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
import { createHash } from 'node:crypto';

// The tree's hashes as of this migration, frozen here (live code: src/shared/rules/gdaoMerkle.ts): a migration
// must never change when live code does. Leaf: sha256(0x00 ‖ u64 account id ‖ u64 activity ‖ u256 amount);
// node: sha256(0x01 ‖ left ‖ right); an odd last node goes up as it is; no leaves: 64 zero digits.
const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** `n` as `bytes` big-endian bytes (the values are whole, non-negative and fit: they come from the ledger). */
function bigEndian(n: bigint, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** sha256 of a row's leaf bytes, lowercase hex. */
function leafHash(leaf: { user_id: number; activity: bigint; amount: bigint }): string {
  const out = new Uint8Array(49);
  out[0] = 0x00;
  out.set(bigEndian(BigInt(leaf.user_id), 8), 1);
  out.set(bigEndian(leaf.activity, 8), 9);
  out.set(bigEndian(leaf.amount, 32), 17);
  return sha256Hex(out);
}

/** The root over leaf hashes in account id order. */
function rootOfLeafHashes(hashes: readonly string[]): string {
  if (hashes.length === 0) return '0'.repeat(64);
  let level = [...hashes];
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(
        i + 1 < level.length
          ? sha256Hex(Buffer.concat([Buffer.from([0x01]), Buffer.from(level[i]!, 'hex'), Buffer.from(level[i + 1]!, 'hex')]))
          : level[i]!,
      );
    }
    level = next;
  }
  return level[0]!;
}

/** Adds the Merkle and anchoring columns and fills them for months already published. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  void dialect;
  const t = () => db.schema.alterTable('gdao_distributions');
  await t().addColumn('merkle_root', 'varchar(64)').execute();
  await t()
    .addColumn('anchor_status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .execute();
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
      await db
        .updateTable('gdao_distribution_rows')
        .set({ leaf_hash: hash })
        .where('month', '=', month)
        .where('user_id', '=', r.user_id)
        .execute();
    }
    await db
      .updateTable('gdao_distributions')
      .set({ merkle_root: rootOfLeafHashes(hashes) })
      .where('month', '=', month)
      .execute();
  }
}
