/**
 * Nicknames of every script: `name_key` (NFKC, lower-cased in JS) is what two names collide on. SQL lower()
 * folds only ASCII on SQLite and follows the locale on PostgreSQL, so the fold cannot be left to the engine.
 * Numbered after every migration existing databases may have run (Kysely refuses one inserted before them).
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';

/** Adds users.name_key, fills it for the existing (ASCII) names and makes it unique. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  // The index is not called users_name_key: PostgreSQL already gave that name to the name column's unique
  // constraint. Nullable: rows written before this column (and fixtures that insert users directly) have none; the
  // register path always sets it, and NULLs never collide.
  await db.schema.alterTable('users').addColumn('name_key', 'varchar(255)').execute();
  // Names so far were ASCII letters, digits, - and _, for which lower() is the same fold on both engines.
  await sql`update users set name_key = lower(name)`.execute(db);
  await db.schema.createIndex('users_name_fold').on('users').column('name_key').unique().execute();
}
