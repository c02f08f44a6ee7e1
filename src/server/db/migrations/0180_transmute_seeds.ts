/**
 * Transmutation mixes the player's seed (ECONOMY.md "Transmutation"): each used commitment records the
 * player seed its attempt came with, so the roll HMAC(server seed, "<player seed>:<attempt>") can be
 * recomputed from the published history. Null while the commitment is open, and on attempts made before
 * this migration (those drew from the message "<eidol id>:<attempt>", the former rule).
 */
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';

/** Adds `training_commitments.player_seed`. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('training_commitments').addColumn('player_seed', 'varchar(64)').execute();
}
