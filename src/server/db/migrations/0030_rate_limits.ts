/** Attempt counters of the auth limits, shared by the nodes of one database. */
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `rate_limits`. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // SHA-256 hex of action, kind and value: fixed size whatever the client sent.
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('window_start', int64, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}
