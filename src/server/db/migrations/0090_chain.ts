/** The chain gateway: players' deposit addresses, the deposit watcher's cursor, the deposits it credited, withdrawals. */
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `deposit_addresses`, `chain_cursors`, `chain_deposits` and `chain_withdrawals`. */
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

  await db.schema
    .createTable('chain_withdrawals')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey().references('transactions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('amount', int64, (c) => c.notNull())
    .addColumn('gas', int64, (c) => c.notNull())
    // Set when signed (the token's decimals are read from its contract then).
    .addColumn('chain_amount', 'varchar(80)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('signer', 'varchar(42)')
    .addColumn('nonce', int64)
    .addColumn('raw', 'text')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  // One transaction per nonce of a signer: two workers can never sign different bytes for the same slot.
  await db.schema.createIndex('chain_withdrawals_nonce').on('chain_withdrawals').columns(['signer', 'nonce']).unique().execute();
  await db.schema.createIndex('chain_withdrawals_status').on('chain_withdrawals').columns(['status', 'created_at']).execute();
}
