/**
 * Round entries record eggtoplasm too (settlement's type 'ectoplasm', nine letters): `eidol_type` widens
 * from varchar(8) to varchar(12), the width of `eidols.type`. PostgreSQL only: SQLite does not enforce
 * a varchar's length. Widening a varchar rewrites no rows on PostgreSQL.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';

/** Widens `round_entries.eidol_type` on PostgreSQL. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`alter table round_entries alter column eidol_type type varchar(12)`.execute(db);
}
