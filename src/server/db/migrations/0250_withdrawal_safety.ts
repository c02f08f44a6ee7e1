/**
 * Withdrawal safety (src/server/domain/wallet/README.md): the address book with its cooling-off, the
 * account's withdrawal freeze, the tokens of the withdrawal mails' freeze links, and the dev faucet's
 * last gift per player.
 */
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `withdrawal_addresses`, `withdrawal_freezes`, `withdrawal_mail_tokens` and `faucet_gifts`. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('withdrawal_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('address', 'varchar(42)', (c) => c.notNull())
    .addColumn('usable_at', int64, (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_addresses_pk', ['user_id', 'address'])
    .execute();
  await db.schema
    .createTable('withdrawal_freezes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('frozen_at', int64, (c) => c.notNull())
    // sha256 of the unfreeze mail's token (players without a second factor), and when it stops working.
    .addColumn('unfreeze_hash', 'varchar(64)')
    .addColumn('unfreeze_expires_at', int64)
    .execute();
  await db.schema
    .createTable('withdrawal_mail_tokens')
    .addColumn('withdrawal_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('faucet_gifts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('last_at', int64, (c) => c.notNull())
    .execute();
}
