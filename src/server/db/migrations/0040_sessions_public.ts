/**
 * Sessions a player can list and end: an opaque public id (never the cookie or its hash), when and from
 * where it started, when it was last seen; guests no longer have rows. Also the server's own secrets
 * (the key that signs guest CSRF tokens), shared by every node through the database.
 */
import crypto from 'node:crypto';
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Adds the session columns and the secrets table. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  // Guest sessions are stateless from now on; their rows are dead weight.
  await db.deleteFrom('sessions').where('user_id', 'is', null).execute();
  await db.schema.alterTable('sessions').addColumn('public_id', 'varchar(32)').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', int64).execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(255)').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
  const rows = (await db.selectFrom('sessions').select(['id', 'created_at']).execute()) as { id: string; created_at: number | string }[];
  for (const r of rows) {
    await db
      .updateTable('sessions')
      .set({ public_id: crypto.randomBytes(16).toString('base64url'), last_seen_at: Number(r.created_at) })
      .where('id', '=', r.id)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
}
