/**
 * Transmutation and the gDAO economy: training commitments, referral rewards, the chest's switches and
 * burns, and the published monthly income distributions.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

/** Creates the gDAO tables. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('training_commitments')
    .addColumn('eidol_id', 'integer', (c) => c.notNull().references('eidols.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull().check(sql`attempt >= 1`))
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('used_at', int64)
    .addColumn('trained', 'integer')
    .addColumn('experience', 'integer')
    .addColumn('next_level_experience', 'integer')
    .addColumn('amount', int64)
    .addPrimaryKeyConstraint('training_commitments_pkey', ['eidol_id', 'attempt'])
    .execute();
  // At most one open commitment per eidol: two concurrent "prepare" calls publish one seed hash.
  await db.schema
    .createIndex('training_commitments_open')
    .on('training_commitments')
    .column('eidol_id')
    .unique()
    .where(sql<boolean>`used_at is null`)
    .execute();

  await db.schema
    .createTable('referral_rewards')
    .addColumn('invited_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', int64, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_rewards_referrer').on('referral_rewards').column('referrer_id').execute();

  await db.schema
    .createTable('gdao_settings')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('gdao_burns'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', int64, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('received', int64, (c) => c.notNull().check(sql`received >= 0`))
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gdao_burns_user').on('gdao_burns').column('user_id').execute();

  await db.schema
    .createTable('gdao_distributions')
    .addColumn('month', 'varchar(7)', (c) => c.primaryKey())
    .addColumn('budget', int64, (c) => c.notNull().check(sql`budget >= 0`))
    .addColumn('total_activity', 'integer', (c) => c.notNull())
    .addColumn('root_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gdao_distribution_rows')
    .addColumn('month', 'varchar(7)', (c) => c.notNull().references('gdao_distributions.month'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('own_activity', 'integer', (c) => c.notNull())
    .addColumn('patron_activity', 'integer', (c) => c.notNull())
    .addColumn('activity', 'integer', (c) => c.notNull())
    .addColumn('amount', int64, (c) => c.notNull().check(sql`amount >= 0`))
    .addPrimaryKeyConstraint('gdao_distribution_rows_pkey', ['month', 'user_id'])
    .execute();
  await db.schema.createIndex('gdao_distribution_rows_user').on('gdao_distribution_rows').columns(['user_id', 'month']).execute();
  // A month's rounds are found by their settlement time (then read from round_entries by id range).
  await db.schema.createIndex('rounds_settled_at').on('rounds').column('settled_at').execute();
}
