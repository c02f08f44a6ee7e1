/**
 * The proof of liabilities' per-player salts: one random 32-byte salt a player, hashed into their leaf of
 * the liability tree so the published path hashes reveal nothing about a neighbour's holdings; only the
 * player is ever shown theirs.
 */
import { int64, type MigrationDb } from '../columns';

/** Creates `liability_salts`. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('liability_salts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
}
