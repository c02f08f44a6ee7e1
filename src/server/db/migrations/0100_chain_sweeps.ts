/** Sweeps of deposit addresses to the hot wallet: every transaction signed for them, stored before broadcast. */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `chain_sweeps`. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('chain_sweeps')
    .addColumn('tx_hash', 'varchar(66)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('signer', 'varchar(42)', (c) => c.notNull())
    .addColumn('nonce', int64, (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('chain_amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('gas_limit', 'varchar(80)', (c) => c.notNull())
    .addColumn('gas_price', 'varchar(80)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  // One transaction per nonce of a signer: a second worker can never sign other bytes for the same slot.
  await db.schema.createIndex('chain_sweeps_nonce').on('chain_sweeps').columns(['signer', 'nonce']).unique().execute();
  // At most one transaction in flight per player: two sweepers planning the same address at once store one.
  await db.schema
    .createIndex('chain_sweeps_open')
    .on('chain_sweeps')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status in ('signed', 'broadcast')`)
    .execute();
  await db.schema.createIndex('chain_sweeps_user').on('chain_sweeps').columns(['user_id', 'asset', 'status']).execute();
}
