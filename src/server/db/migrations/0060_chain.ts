/** The chain gateway: players' deposit addresses, the deposit watcher's cursor, and the deposits it credited. */
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `deposit_addresses`, `chain_cursors` and `chain_deposits`. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    // Unique: one address is one player, so a transfer to it credits exactly that player.
    .addColumn('address', 'varchar(42)', (c) => c.notNull().unique())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chain_cursors')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('block_number', int64, (c) => c.notNull())
    .addColumn('block_hash', 'varchar(66)', (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chain_deposits')
    .addColumn('tx_hash', 'varchar(66)', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', int64, (c) => c.notNull())
    .addColumn('chain_amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('dust', 'varchar(80)', (c) => c.notNull())
    .addColumn('block_number', int64, (c) => c.notNull())
    .addColumn('block_hash', 'varchar(66)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    // Exactly once per (tx hash, log index), whatever the watcher sees twice.
    .addPrimaryKeyConstraint('chain_deposits_pkey', ['tx_hash', 'log_index'])
    .execute();
  await db.schema.createIndex('chain_deposits_user').on('chain_deposits').columns(['user_id', 'created_at']).execute();
}
