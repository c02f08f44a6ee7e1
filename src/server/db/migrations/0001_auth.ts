/** Users, sessions and one-time tokens. */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

/** Creates the foundation's tables. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email_normalized', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('investor_skin_id', 'integer', (c) => c.notNull())
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_onboarding', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ref_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('referrer_id', 'integer', (c) => c.references('users.id'))
    .addColumn('xp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('start_pack', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_gas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('senator_until', int64)
    .addColumn('patricius_until', int64)
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ws_auth_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_referrer_id').on('users').column('referrer_id').execute();
  // Names are ASCII letters/digits/_/- (validation), so lower() folds case the same way on both engines.
  await db.schema
    .createIndex('users_name_lower')
    .on('users')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie's value: a leaked table does not hand out live sessions.
    .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', int64, (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await withId(db.schema.createTable('tokens'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', int64, (c) => c.notNull())
    .addColumn('used_at', int64)
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tokens_user_purpose').on('tokens').columns(['user_id', 'purpose']).execute();
}
