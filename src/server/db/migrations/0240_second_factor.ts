/**
 * The second factor: a TOTP secret (encrypted at rest) with the last time step used, single-use recovery
 * codes (hashed), passkeys (WebAuthn public keys), the WebAuthn challenges waiting for an answer, and the
 * login tickets that stand between a right password and a session while the second factor is asked for.
 */
import { int64, type MigrationDb } from '../columns';
import type { DialectName } from '../database';

/** Creates the second factor's tables. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('user_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('totp_secret', 'varchar(255)')
    .addColumn('totp_pending', 'varchar(255)')
    .addColumn('totp_last_step', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', int64)
    .addColumn('created_at', int64, (c) => c.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', int64, (c) => c.notNull())
    .addColumn('transports', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('last_used_at', int64)
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('expires_at', int64, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('login_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', int64, (c) => c.notNull())
    .execute();
}
